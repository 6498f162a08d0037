import CFrames
import FramesCore

// Section "Modal messages" of frames.h (IM-01..IM-07).

@_cdecl("frames_notification_result_str")
public func frames_notification_result_str(_ result: frames_notification_result) -> UnsafePointer<CChar> {
    guard let value = NotificationResult(rawValue: result) else { return MessageTexts.unknownResult }
    return MessageTexts.results[value] ?? MessageTexts.unknownResult
}

/// Thread-safe (IM-01): checks the payload and queues it in the engine's
/// inbox; touches nothing else of the engine.
@_cdecl("frames_messages_handle_notification")
public func frames_messages_handle_notification(
    _ handle: OpaquePointer?, _ payload: UnsafePointer<UInt8>?, _ payloadLength: UInt, _ now: Int64,
    _ outResult: UnsafeMutablePointer<frames_notification_result>?
) -> frames_result {
    withResult { () throws(FramesError) in
        let out = try required(outResult, "out_result")
        let inbox = try Handles.inbox(handle)
        let length = try elementCount(payloadLength, "payload_len", elementSize: 1)
        if length > 0 { _ = try required(payload, "payload") }
        let outcome = inbox.hand(UnsafeBufferPointer(start: payload, count: length), arrivedAt: now,
                                 thread: ObjectIdentifier(ThreadToken.current))
        if let result = outcome.result { out.pointee = result.rawValue }
        if let error = outcome.error { throw error }
    }
}

@_cdecl("frames_messages_delegate_init")
public func frames_messages_delegate_init(_ delegate: UnsafeMutablePointer<frames_messages_delegate>?,
                                          _ version: UInt32) -> frames_result {
    withResult { () throws(FramesError) in
        try initialize(delegate, "delegate", version: version, is: FRAMES_MESSAGES_DELEGATE_VERSION,
                       "frames_messages_delegate")
    }
}

@_cdecl("frames_messages_set_delegate")
public func frames_messages_set_delegate(_ handle: OpaquePointer?,
                                         _ delegate: UnsafePointer<frames_messages_delegate>?) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        try entry.recorded("frames_messages_set_delegate", nil, { $0.field("set", delegate != nil) }) { () throws(FramesError) in
            try replaceDelegate(delegate, version: FRAMES_MESSAGES_DELEGATE_VERSION, "frames_messages_delegate",
                                release: { entry.messagesDelegate.release() },
                                install: { entry.messagesDelegate = MessagesDelegateBridge($0) })
        }
    }
}

@_cdecl("frames_message_report_displayed")
public func frames_message_report_displayed(
    _ handle: OpaquePointer?, _ messageId: UnsafePointer<CChar>?, _ now: Int64
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let id = try requiredText(messageId, "message_id")
        try entry.recorded("frames_message_report_displayed", nil, { $0.field("message_id", id); $0.field("now_ms", now) }) {
            () throws(FramesError) in try entry.engine.messages.confirmDisplayed(id, now: now)
        }
    }
}

@_cdecl("frames_message_report_button_tapped")
public func frames_message_report_button_tapped(
    _ handle: OpaquePointer?, _ messageId: UnsafePointer<CChar>?, _ buttonIndex: UInt, _ now: Int64
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let id = try requiredText(messageId, "message_id")
        try entry.recorded("frames_message_report_button_tapped", nil, { line in
            line.field("message_id", id); line.field("button_index", UInt64(buttonIndex)); line.field("now_ms", now)
        }) { () throws(FramesError) in
            guard let index = Int(exactly: buttonIndex) else {
                throw FramesError(.outOfRange, "button_index \(buttonIndex) is past every button")
            }
            try entry.engine.messages.tapButton(id, index: index, now: now)
        }
    }
}

@_cdecl("frames_message_report_dismissed")
public func frames_message_report_dismissed(
    _ handle: OpaquePointer?, _ messageId: UnsafePointer<CChar>?, _ now: Int64
) -> frames_result {
    withResult { () throws(FramesError) in
        let entry = try Handles.engine(handle)
        let id = try requiredText(messageId, "message_id")
        try entry.recorded("frames_message_report_dismissed", nil, { $0.field("message_id", id); $0.field("now_ms", now) }) {
            () throws(FramesError) in try entry.engine.messages.dismiss(id, now: now)
        }
    }
}

/// The static texts of this section.
enum MessageTexts {
    nonisolated(unsafe) static let results: [NotificationResult: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: NotificationResult.allCases.map { ($0, StaticText.make($0.name)) })
    nonisolated(unsafe) static let unknownResult: UnsafePointer<CChar> = StaticText.make("unknown notification result")
}
