/// What handle_notification made of a payload (IM-01). Raw values are the
/// header's FRAMES_NOTIFICATION_RESULT_* constants.
public enum NotificationResult: Int32, Sendable, CaseIterable {
    /// An in-app message: it was queued for the owner thread.
    case handled = 0
    /// Some other push (no "frames_message" key, or not a JSON object):
    /// ignored, as the host may forward every push it receives.
    case notAMessage = 1
    /// It carries "frames_message", but that is unusable.
    case malformed = 2
    /// Over MessageLimits.notificationBytes: not read at all.
    case tooLarge = 3
    /// XC-09: its min_engine_version is newer than this engine.
    case needsNewerEngine = 4
    /// MessageLimits.inboxCapacity messages still wait for the owner thread.
    case inboxFull = 5

    /// The static text frames_notification_result_str returns.
    public var name: String {
        switch self {
        case .handled: return "handled"
        case .notAMessage: return "not an in-app message"
        case .malformed: return "malformed in-app message"
        case .tooLarge: return "notification too large"
        case .needsNewerEngine: return "needs a newer engine"
        case .inboxFull: return "inbox full"
        }
    }
}

/// Why a payload was not handled, and what exactly was wrong.
public struct NotificationRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let result: NotificationResult
    public let message: String
    /// The message's id, when it could be read: what `explain` files the
    /// refusal under (XC-11).
    public let messageId: String?

    public init(_ result: NotificationResult, _ message: String, messageId: String? = nil) {
        self.result = result
        self.message = message
        self.messageId = messageId
    }

    public var description: String { message }

    /// The error a C caller gets for it: a push that is simply not ours is
    /// no error at all, so only the other refusals map to a code.
    public var error: FramesError {
        switch result {
        case .needsNewerEngine: return FramesError(.version, message)
        case .inboxFull: return FramesError(.invalidState, message)
        case .handled, .notAMessage, .malformed, .tooLarge: return FramesError(.invalidArgument, message)
        }
    }
}
