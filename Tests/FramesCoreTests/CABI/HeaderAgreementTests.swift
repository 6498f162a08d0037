import CFrames
import Testing
@testable import FramesCore

/// The Swift core and include/frames.h state the same numbers twice; these
/// tests are what keeps them equal.
@Suite("Core and header agree (XC-08, XC-09)")
struct HeaderAgreementTests {
    @Test("XC-08 every FramesError code is the header's FRAMES_ERR_* number")
    func resultCodes() {
        let header: [FramesError.Code: Int32] = [
            .invalidArgument: FRAMES_ERR_INVALID_ARGUMENT,
            .nullPointer: FRAMES_ERR_NULL_POINTER,
            .bufferTooSmall: FRAMES_ERR_BUFFER_TOO_SMALL,
            .version: FRAMES_ERR_VERSION,
            .outOfRange: FRAMES_ERR_OUT_OF_RANGE,
            .unsupported: FRAMES_ERR_UNSUPPORTED,
            .outOfMemory: FRAMES_ERR_OUT_OF_MEMORY,
            .overflow: FRAMES_ERR_OVERFLOW,
            .invalidHandle: FRAMES_ERR_INVALID_HANDLE,
            .wrongThread: FRAMES_ERR_WRONG_THREAD,
            .invalidState: FRAMES_ERR_INVALID_STATE,
            .notFound: FRAMES_ERR_NOT_FOUND,
            .alreadyResolved: FRAMES_ERR_ALREADY_RESOLVED,
            .internal: FRAMES_ERR_INTERNAL,
        ]
        #expect(header.count == FramesError.Code.allCases.count)
        for code in FramesError.Code.allCases {
            #expect(code.rawValue == header[code], "\(code)")
        }
    }

    @Test("XC-09 the core's version is the header's")
    func version() {
        #expect(FramesVersion.major == UInt32(FRAMES_VERSION_MAJOR))
        #expect(FramesVersion.minor == UInt32(FRAMES_VERSION_MINOR))
        #expect(FramesVersion.patch == UInt32(FRAMES_VERSION_PATCH))
        #expect(FramesVersion.string == FRAMES_VERSION_STRING)
    }

    @Test("BN-01 layout type values are the header's")
    func layoutTypes() {
        #expect(LayoutType.carousel.rawValue == FRAMES_LAYOUT_TYPE_CAROUSEL)
        #expect(LayoutType.verticalList.rawValue == FRAMES_LAYOUT_TYPE_VERTICAL_LIST)
        #expect(LayoutType.tiles.rawValue == FRAMES_LAYOUT_TYPE_TILES)
    }

    /// The member order of every callback struct is ABI: a host compiled
    /// against one order calls the wrong function through another. The
    /// orders are spelled out here so a reordering of the header fails.
    @Test("every callback struct has its members in the order of its version 1")
    func callbackMemberOrder() {
        func expectOrder<T>(_ type: T.Type, _ members: [(String, PartialKeyPath<T>)],
                            sourceLocation: SourceLocation = #_sourceLocation) {
            let offsets = members.map { MemoryLayout<T>.offset(of: $0.1) ?? -1 }
            #expect(offsets.first == 0, "\(T.self) starts with its version", sourceLocation: sourceLocation)
            for i in 1..<offsets.count {
                #expect(offsets[i - 1] < offsets[i], "\(T.self): \(members[i - 1].0) comes before \(members[i].0)",
                        sourceLocation: sourceLocation)
            }
            // No member beyond the last one named: free_user_data ends the struct.
            #expect(offsets.last.map { $0 + MemoryLayout<UnsafeRawPointer>.size } == MemoryLayout<T>.size,
                    "\(T.self) ends with \(members.last!.0)", sourceLocation: sourceLocation)
        }
        expectOrder(frames_host_callbacks.self, [
            ("version", \.version), ("analytics", \.analytics), ("open_url", \.open_url),
            ("can_open_url", \.can_open_url), ("resolve_font", \.resolve_font), ("state_changed", \.state_changed),
            ("trace", \.trace), ("message_wakeup", \.message_wakeup), ("user_data", \.user_data),
            ("free_user_data", \.free_user_data),
        ])
        expectOrder(frames_frame_delegate.self, [
            ("version", \.version), ("render", \.render), ("status_changed", \.status_changed), ("failed", \.failed),
            ("height_requested", \.height_requested), ("dismiss_requested", \.dismiss_requested),
            ("action_triggered", \.action_triggered), ("user_data", \.user_data), ("free_user_data", \.free_user_data),
        ])
        expectOrder(frames_banner_place_delegate.self, [
            ("version", \.version), ("updated", \.updated), ("loaded", \.loaded), ("render", \.render),
            ("row_failed", \.row_failed), ("shown", \.shown), ("playback_changed", \.playback_changed),
            ("scrolled", \.scrolled), ("action_triggered", \.action_triggered), ("widget_reported", \.widget_reported),
            ("input_requested", \.input_requested), ("user_data", \.user_data), ("free_user_data", \.free_user_data),
        ])
        expectOrder(frames_banners_delegate.self, [
            ("version", \.version), ("preloaded", \.preloaded), ("user_data", \.user_data),
            ("free_user_data", \.free_user_data),
        ])
        expectOrder(frames_inline_view_delegate.self, [
            ("version", \.version), ("processing_started", \.processing_started), ("loaded", \.loaded),
            ("updated", \.updated), ("failed", \.failed), ("size_requested", \.size_requested), ("remove", \.remove),
            ("render", \.render), ("reply", \.reply), ("user_data", \.user_data), ("free_user_data", \.free_user_data),
        ])
        expectOrder(frames_inline_delegate.self, [
            ("version", \.version), ("available", \.available), ("context_required", \.context_required),
            ("open_url", \.open_url), ("open_deep_link", \.open_deep_link), ("custom_action", \.custom_action),
            ("custom_method", \.custom_method), ("url_refused", \.url_refused), ("user_data", \.user_data),
            ("free_user_data", \.free_user_data),
        ])
        expectOrder(frames_messages_delegate.self, [
            ("version", \.version), ("present", \.present), ("close", \.close), ("link_tapped", \.link_tapped),
            ("user_data", \.user_data), ("free_user_data", \.free_user_data),
        ])
    }

    @Test("the core's Rect has the memory layout of frames_rect")
    func rectLayout() {
        #expect(MemoryLayout<Rect>.size == MemoryLayout<frames_rect>.size)
        #expect(MemoryLayout<Rect>.stride == MemoryLayout<frames_rect>.stride)
        #expect(MemoryLayout<Rect>.offset(of: \Rect.x) == 0)
        #expect(MemoryLayout<Rect>.offset(of: \Rect.y) == 8)
        #expect(MemoryLayout<Rect>.offset(of: \Rect.width) == 16)
        #expect(MemoryLayout<Rect>.offset(of: \Rect.height) == 24)
    }
}
