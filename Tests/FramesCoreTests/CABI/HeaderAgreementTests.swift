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
