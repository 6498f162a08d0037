/// Reading a notification (IM-01): a pure function of the bytes, safe on
/// any thread — it touches no engine state. The push's data is a JSON
/// object; an in-app message is the member "frames_message", either an
/// object or a string holding one (FCM data values are strings). Every other
/// member (aps, gcm.*, the app's own) is ignored, and a push without
/// "frames_message" is not an in-app message — not an error.
extension ModalMessage {
    public static let payloadKey = "frames_message"

    /// The message in `payload`, or why there is none. `allowInsecureHTTP`
    /// lets plain http:// content and image URLs through (loopback tests,
    /// AF-14).
    public static func read(_ payload: [UInt8], allowInsecureHTTP: Bool = false) -> Result<ModalMessage, NotificationRefusal> {
        if let tooLarge = sizeRefusal(payload.count) { return .failure(tooLarge) }
        let json: JSONValue
        do {
            json = try JSONParser(limits: .notification).parse(payload)
        } catch {
            return .failure(NotificationRefusal(.malformed, "notification: \(error.message)"))
        }
        guard let top = json.objectValue else {
            return .failure(NotificationRefusal(.notAMessage, "the notification is \(json.kindName), not a JSON object"))
        }
        guard let value = top[payloadKey] else {
            return .failure(NotificationRefusal(.notAMessage, "the notification has no \"\(payloadKey)\" member: "
                + "not an in-app message"))
        }
        do throws(FramesError) {
            let object = try messageObject(value)
            let message = try decode(object, allowInsecureHTTP: allowInsecureHTTP)
            return .success(message)
        } catch {
            let result: NotificationResult = error.code == .version ? .needsNewerEngine : .malformed
            return .failure(NotificationRefusal(result, error.message))
        }
    }

    /// The refusal of a notification of `size` bytes, if it is too large
    /// to be read at all: a caller can ask before copying the bytes.
    public static func sizeRefusal(_ size: Int) -> NotificationRefusal? {
        guard size > MessageLimits.notificationBytes else { return nil }
        return NotificationRefusal(.tooLarge, "the notification is \(size) bytes; the limit is \(MessageLimits.notificationBytes) bytes")
    }

    private static func messageObject(_ value: JSONValue) throws(FramesError) -> JSONObject {
        switch value {
        case .object(let object):
            return object
        case .string(let text):
            let inner: JSONValue
            do {
                inner = try JSONParser(limits: .notification).parse(text)
            } catch {
                throw .invalidArgument("\(payloadKey) (a string): \(error.message)")
            }
            guard let object = inner.objectValue else {
                throw .invalidArgument("\(payloadKey) is a string holding \(inner.kindName); it must hold a JSON object")
            }
            return object
        default:
            throw .invalidArgument("\(payloadKey) is \(value.kindName); it must be an object or a string holding one")
        }
    }

    static func decode(_ object: JSONObject, allowInsecureHTTP: Bool) throws(FramesError) -> ModalMessage {
        let fields = MessageFields(object, path: payloadKey)
        let id = try fields.requiredId("id")
        guard let sentValue = object["sent_at"] else { throw fields.bad("\"sent_at\" is missing") }
        guard case .integer(let sentAt) = sentValue, sentAt >= 0 else {
            throw fields.bad("\"sent_at\" must be an integer >= 0 (ms since the Unix epoch)")
        }
        if let versionValue = object["min_engine_version"], versionValue != .null {
            guard let text = versionValue.stringValue, let version = SemanticVersion(text) else {
                throw fields.bad("\"min_engine_version\" must be \"MAJOR.MINOR.PATCH\"")
            }
            if version > SemanticVersion.engine {
                throw FramesError(.version, "message \"\(id)\" needs engine \(version); this is \(SemanticVersion.engine) (XC-09)")
            }
        }
        let campaignId = try fields.optionalId("campaign_id")
        let variantId = try fields.optionalId("variant_id")
        let userId = try fields.optionalId("user_id")

        let inline = object["content"].flatMap { $0 == .null ? nil : $0 }
        let reference = object["content_ref"].flatMap { $0 == .null ? nil : $0 }
        let source: MessageSource
        switch (inline, reference) {
        case (let content?, nil):
            guard let contentObject = content.objectValue else { throw fields.bad("\"content\" must be an object") }
            source = .inline(try MessageContent.decode(contentObject, path: "\(payloadKey).content",
                                                       allowInsecureHTTP: allowInsecureHTTP))
        case (nil, let ref?):
            guard let refObject = ref.objectValue else { throw fields.bad("\"content_ref\" must be an object") }
            source = .reference(try contentReference(refObject, allowInsecureHTTP: allowInsecureHTTP))
        case (nil, nil):
            throw fields.bad("it has neither \"content\" nor \"content_ref\"")
        case (_?, _?):
            throw fields.bad("it has both \"content\" and \"content_ref\"; give one")
        }
        return ModalMessage(id: id, sentAt: sentAt, campaignId: campaignId, variantId: variantId, userId: userId,
                            source: source)
    }

    /// AF-14's rules for content the engine fetches: an https origin (http
    /// only when allowed), and the SHA-256 the bytes must have.
    private static func contentReference(_ object: JSONObject, allowInsecureHTTP: Bool) throws(FramesError) -> ContentReference {
        let fields = MessageFields(object, path: "\(payloadKey).content_ref")
        let url = try fields.url("url", origin: true, allowInsecureHTTP: allowInsecureHTTP)
        guard let shaText = object["sha256"]?.stringValue, let sha = normalizedSHA256Hex(shaText) else {
            throw fields.bad("\"sha256\" must be 64 hexadecimal digits")
        }
        return ContentReference(url: url, sha256: sha)
    }
}

/// Reads the fields of one object of a message, with errors that name the
/// field's path.
struct MessageFields {
    let object: JSONObject
    let path: String

    init(_ object: JSONObject, path: String) {
        self.object = object
        self.path = path
    }

    func bad(_ what: String) -> FramesError {
        .invalidArgument("\(path): \(what)")
    }

    /// A present, non-null member.
    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    func requiredId(_ key: String) throws(FramesError) -> String {
        guard let id = try optionalId(key) else { throw bad("\"\(key)\" is missing") }
        return id
    }

    func optionalId(_ key: String) throws(FramesError) -> String? {
        guard let value = value(key) else { return nil }
        guard let id = value.stringValue, !id.isEmpty, id.utf8.count <= MessageLimits.idBytes else {
            throw bad("\"\(key)\" must be a string of 1...\(MessageLimits.idBytes) bytes")
        }
        return id
    }

    func text(_ key: String, limit: Int) throws(FramesError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.stringValue, !text.isEmpty, text.utf8.count <= limit else {
            throw bad("\"\(key)\" must be a string of 1...\(limit) bytes")
        }
        return text
    }

    /// A link (any scheme, custom ones included: the click chain decides
    /// what opens it) or, with `origin`, a URL the engine or host fetches,
    /// which must pass AF-14's origin rule.
    func url(_ key: String, origin: Bool, allowInsecureHTTP: Bool) throws(FramesError) -> String {
        guard let url = try optionalURL(key, origin: origin, allowInsecureHTTP: allowInsecureHTTP) else {
            throw bad("\"\(key)\" is missing")
        }
        return url
    }

    func optionalURL(_ key: String, origin: Bool, allowInsecureHTTP: Bool) throws(FramesError) -> String? {
        guard let value = value(key) else { return nil }
        guard let url = value.stringValue, !url.isEmpty, url.utf8.count <= MessageLimits.urlBytes else {
            throw bad("\"\(key)\" must be a URL string of 1...\(MessageLimits.urlBytes) bytes")
        }
        if origin {
            if let failure = ContentCheck.origin(of: url, allowInsecureHTTP: allowInsecureHTTP) {
                throw bad("\"\(key)\": \(failure)")
            }
        } else {
            guard ContentCheck.hasURIScheme(url) else { throw bad("\"\(key)\" must be a URI with a scheme (https://..., myapp://...)") }
            for byte in url.utf8 where byte <= 0x20 || byte == 0x7F {
                throw bad("\"\(key)\" contains whitespace or a control character")
            }
        }
        return url
    }

    /// "#RRGGBB" (opaque) or "#RRGGBBAA", hex digits of any case.
    func color(_ key: String, default fallback: MessageColor) throws(FramesError) -> MessageColor {
        guard let value = value(key) else { return fallback }
        guard let text = value.stringValue, let color = Self.parseColor(text) else {
            throw bad("\"\(key)\" must be a colour \"#RRGGBB\" or \"#RRGGBBAA\"")
        }
        return color
    }

    static func parseColor(_ text: String) -> MessageColor? {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var value: UInt32 = 0
        for byte in bytes.dropFirst() {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return MessageColor(rgba: bytes.count == 7 ? value << 8 | 0xFF : value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
