// Decides: IM-01
/// Reading a notification (IM-01): a pure function of the bytes, safe on
/// any thread — it touches no engine state. The push's data is a JSON
/// object; an in-app message is the member "frames_message", either an
/// object or a string holding one (FCM data values are strings). Every other
/// member (aps, gcm.*, the app's own) is read, checked and ignored, and a
/// push without "frames_message" is not an in-app message — not an error.
///
/// The reader checks or decodes while it reads (`JSONStreamReader`): the
/// check runs on the notifying thread for every push, the build on the
/// owner thread. A message whose min_engine_version is newer than this
/// engine needs a newer engine whatever else it holds (XC-09): the problems
/// of its content count only once that is known.
extension ModalMessage {
    public static let payloadKey = "frames_message"

    /// The message in `payload`, or why there is none. `allowInsecureHTTP`
    /// lets plain http:// content and image URLs through (loopback tests,
    /// AF-14).
    public static func read(_ payload: [UInt8], allowInsecureHTTP: Bool = false) -> Result<ModalMessage, NotificationRefusal> {
        decode(payload, allowInsecureHTTP: allowInsecureHTTP, build: true)
    }

    /// Why `payload` is not a message `read` would return, or nil when it
    /// is one: every check of `read`, with the same verdict and the same
    /// words, but no message built — what the notifying thread does (IM-01);
    /// the owner thread builds it at pick-up.
    public static func check(_ payload: [UInt8], allowInsecureHTTP: Bool = false) -> NotificationRefusal? {
        if case .failure(let refusal) = decode(payload, allowInsecureHTTP: allowInsecureHTTP, build: false) { return refusal }
        return nil
    }

    private static func decode(_ payload: [UInt8], allowInsecureHTTP: Bool,
                               build: Bool) -> Result<ModalMessage, NotificationRefusal> {
        if let tooLarge = payload.withUnsafeBufferPointer(sizeRefusal) { return .failure(tooLarge) }
        var reader = JSONStreamReader(payload, limits: .notification)
        var message: MessageObject?
        do throws(FramesError) {
            try reader.beginDocument()
            let kind = try reader.peekKind()
            guard kind == .object else {
                try reader.skipValue()
                try reader.endDocument()
                return .failure(NotificationRefusal(.notAMessage, "the notification is \(kind.name), not a JSON object"))
            }
            var top = try reader.beginObject()
            while let key = try reader.nextKey(&top) {
                if reader.is(key, "frames_message") {
                    message = try messageValue(&reader, allowInsecureHTTP: allowInsecureHTTP, build: build)
                } else {
                    try reader.skipValue()
                }
            }
            try reader.endDocument()
        } catch {
            // A host forwards every push: only one that claims to be ours is
            // ours to call broken (IM-01).
            guard message != nil || payload.withUnsafeBufferPointer(claimsToBeMessage) else {
                return .failure(NotificationRefusal(.notAMessage, "the notification is not JSON (\(error.message)) "
                    + "and does not mention \"\(payloadKey)\": not an in-app message"))
            }
            return .failure(NotificationRefusal(.malformed, "notification: \(error.message)"))
        }
        guard let message else {
            return .failure(NotificationRefusal(.notAMessage, "the notification has no \"\(payloadKey)\" member: "
                + "not an in-app message"))
        }
        do throws(FramesError) {
            return .success(try message.finish())
        } catch {
            return .failure(NotificationRefusal(error.code == .version ? .needsNewerEngine : .malformed, error.message,
                                                messageId: message.id))
        }
    }

    /// The refusal of a notification too large to be read at all, if
    /// `bytes` is one: a caller can ask before copying them. Too large is an
    /// error only for a push that claims to be a message; any other is
    /// simply not one (IM-01).
    public static func sizeRefusal(_ bytes: UnsafeBufferPointer<UInt8>) -> NotificationRefusal? {
        let size = bytes.count
        guard size > MessageLimits.notificationBytes else { return nil }
        guard claimsToBeMessage(bytes) else {
            return NotificationRefusal(.notAMessage, "the notification is \(size) bytes and does not mention "
                + "\"\(payloadKey)\": not an in-app message")
        }
        return NotificationRefusal(.tooLarge, "the notification is \(size) bytes; the limit is \(MessageLimits.notificationBytes) bytes")
    }

    /// Whether the bytes name "frames_message" as a JSON string anywhere:
    /// what decides, for a push that cannot be read as a JSON object, if it
    /// is a broken message (malformed) or someone else's push (not a
    /// message, IM-01). A scan of the bytes in place, for any length.
    private static func claimsToBeMessage(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = quotedKey
        guard bytes.count >= key.count else { return false }
        var i = 0
        let last = bytes.count - key.count
        while i <= last {
            if bytes[i] == key[0] {
                var j = 1
                while j < key.count && bytes[i + j] == key[j] { j += 1 }
                if j == key.count { return true }
            }
            i += 1
        }
        return false
    }

    private static let quotedKey: [UInt8] = Array("\"\(payloadKey)\"".utf8)

    /// The "frames_message" value: an object, or a string holding one.
    /// Syntax errors throw; problems with the message's fields are kept in
    /// the result.
    private static func messageValue(_ reader: inout JSONStreamReader, allowInsecureHTTP: Bool,
                                     build: Bool) throws(FramesError) -> MessageObject {
        switch try reader.peekKind() {
        case .object:
            return try MessageObject.read(&reader, allowInsecureHTTP: allowInsecureHTTP, build: build)
        case .string:
            let text = try reader.stringBytes()
            var inner = JSONStreamReader(text, limits: .notification)
            do throws(FramesError) {
                try inner.beginDocument()
                let kind = try inner.peekKind()
                guard kind == .object else {
                    try inner.skipValue()
                    try inner.endDocument()
                    return MessageObject(problem: .invalidArgument("\(payloadKey) is a string holding \(kind.name); it must hold a JSON object"))
                }
                let message = try MessageObject.read(&inner, allowInsecureHTTP: allowInsecureHTTP, build: build)
                try inner.endDocument()
                return message
            } catch {
                return MessageObject(problem: FramesError(error.code, "\(payloadKey) (a string): \(error.message)"))
            }
        case let kind:
            try reader.skipValue()
            return MessageObject(problem: .invalidArgument("\(payloadKey) is \(kind.name); it must be an object or a string holding one"))
        }
    }
}
