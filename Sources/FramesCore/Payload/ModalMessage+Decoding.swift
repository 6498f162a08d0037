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
        if let tooLarge = sizeRefusal(payload.count) { return .failure(tooLarge) }
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
            return .failure(NotificationRefusal(.malformed, "notification: \(error.message)"))
        }
        guard let message else {
            return .failure(NotificationRefusal(.notAMessage, "the notification has no \"\(payloadKey)\" member: "
                + "not an in-app message"))
        }
        do throws(FramesError) {
            return .success(try message.finish())
        } catch {
            return .failure(NotificationRefusal(error.code == .version ? .needsNewerEngine : .malformed, error.message))
        }
    }

    /// The refusal of a notification of `size` bytes, if it is too large
    /// to be read at all: a caller can ask before copying the bytes.
    public static func sizeRefusal(_ size: Int) -> NotificationRefusal? {
        guard size > MessageLimits.notificationBytes else { return nil }
        return NotificationRefusal(.tooLarge, "the notification is \(size) bytes; the limit is \(MessageLimits.notificationBytes) bytes")
    }

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

/// The members of a message object as read, before the checks that need
/// them all (required fields, the engine version, the content).
private struct MessageObject {
    var problem: FramesError?
    var id: String?
    var sentAt: Int64?
    var sentAtBad = false
    var version: SemanticVersion?
    var campaignId: String?
    var variantId: String?
    var userId: String?
    var hasContent = false
    var content: MessageContent?
    var contentProblem: FramesError?
    var reference: ContentReference?
    var referenceProblem: FramesError?
    var hasReference = false

    init(problem: FramesError? = nil) {
        self.problem = problem
    }

    static let path = ModalMessage.payloadKey

    static func read(_ reader: inout JSONStreamReader, allowInsecureHTTP: Bool,
                     build: Bool) throws(FramesError) -> MessageObject {
        var m = MessageObject()
        var fields = MessageFieldReader(build: build)
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "id") {
                m.id = try fields.id(&reader, "id") { path }
            } else if reader.is(key, "sent_at") {
                let kind = try reader.peekKind()
                if kind == .number, case .integer(let value) = try reader.number(), value >= 0 {
                    m.sentAt = value
                } else {
                    if kind != .number { try reader.skipValue() }
                    m.sentAtBad = true
                }
            } else if reader.is(key, "min_engine_version") {
                if try reader.peekKind() == .null {
                    try reader.null()
                } else if let text = try fields.text(&reader, "min_engine_version", limit: 64, keep: true, path: { path }),
                          let version = SemanticVersion(text) {
                    m.version = version
                } else {
                    fields.note(.invalidArgument("\(path): \"min_engine_version\" must be \"MAJOR.MINOR.PATCH\""))
                }
            } else if reader.is(key, "campaign_id") {
                m.campaignId = try fields.id(&reader, "campaign_id") { path }
            } else if reader.is(key, "variant_id") {
                m.variantId = try fields.id(&reader, "variant_id") { path }
            } else if reader.is(key, "user_id") {
                m.userId = try fields.id(&reader, "user_id") { path }
            } else if reader.is(key, "content") {
                let kind = try reader.peekKind()
                if kind == .null {
                    try reader.null()
                } else if kind == .object {
                    // Read in place; its problems wait until the engine
                    // version is known (XC-09).
                    m.hasContent = true
                    let read = try MessageContent.read(&reader, base: "\(path).content", allowInsecureHTTP: allowInsecureHTTP,
                                                       build: build)
                    m.content = read.content
                    m.contentProblem = read.problem
                } else {
                    m.hasContent = true
                    try reader.skipValue()
                    m.contentProblem = .invalidArgument("\(path): \"content\" must be an object")
                }
            } else if reader.is(key, "content_ref") {
                if try reader.peekKind() == .null {
                    try reader.null()
                } else {
                    m.hasReference = true
                    var referenceFields = MessageFieldReader(build: build)
                    m.reference = try referenceFields.contentReference(&reader, allowInsecureHTTP: allowInsecureHTTP)
                    m.referenceProblem = referenceFields.takeProblem()
                }
            } else {
                try reader.skipValue()
            }
        }
        if m.problem == nil { m.problem = fields.takeProblem() }
        return m
    }

    /// The checks in the order a reader of the message expects them.
    func finish() throws(FramesError) -> ModalMessage {
        let path = Self.path
        if let version, version > SemanticVersion.engine {
            let name = id.map { "message \"\($0)\"" } ?? "the message"
            throw FramesError(.version, "\(name) needs engine \(version); this is \(SemanticVersion.engine) (XC-09)")
        }
        if let problem { throw problem }
        guard let id else { throw .invalidArgument("\(path): \"id\" is missing") }
        guard !sentAtBad else { throw .invalidArgument("\(path): \"sent_at\" must be an integer >= 0 (ms since the Unix epoch)") }
        guard let sentAt else { throw .invalidArgument("\(path): \"sent_at\" is missing") }
        let source: MessageSource
        switch (hasContent, hasReference) {
        case (true, false):
            if let contentProblem { throw contentProblem }
            guard let content else { throw .invalidArgument("\(path): \"content\" must be an object") }
            source = .inline(content)
        case (false, true):
            if let referenceProblem { throw referenceProblem }
            guard let reference else { throw .invalidArgument("\(path): \"content_ref\" must be an object") }
            source = .reference(reference)
        case (false, false):
            throw .invalidArgument("\(path): it has neither \"content\" nor \"content_ref\"")
        case (true, true):
            throw .invalidArgument("\(path): it has both \"content\" and \"content_ref\"; give one")
        }
        return ModalMessage(id: id, sentAt: sentAt, campaignId: campaignId, variantId: variantId, userId: userId,
                            source: source)
    }
}

/// Reads the values of a message's fields: syntax errors throw (the whole
/// document is malformed), a value of the wrong kind or out of its limits
/// is noted as the first problem and the reader moves past it, so the rest
/// is still read (a newer engine version found later takes precedence).
struct MessageFieldReader {
    private(set) var problem: FramesError?
    /// False: check every value, keep none (texts come back empty) —
    /// `ModalMessage.check`. Ids, versions and URLs whose origin is checked
    /// are kept either way: the words of a refusal may name them.
    let build: Bool

    init(build: Bool = true) {
        self.build = build
    }

    mutating func note(_ error: FramesError) {
        if problem == nil { problem = error }
    }

    mutating func takeProblem() -> FramesError? {
        defer { problem = nil }
        return problem
    }

    /// A string of 1...`limit` bytes, or nil (null, or a noted problem).
    /// Without `build` (and `keep`) a valid one comes back empty.
    mutating func text(_ reader: inout JSONStreamReader, _ key: String, limit: Int, keep: Bool = false,
                       path: () -> String) throws(FramesError) -> String? {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return nil
        }
        guard kind == .string else {
            try reader.skipValue()
            note(.invalidArgument("\(path()): \"\(key)\" must be a string of 1...\(limit) bytes"))
            return nil
        }
        let make = build || keep
        let text = try reader.string(parsedBy: { bytes -> String? in
            guard !bytes.isEmpty, bytes.count <= limit else { return nil }
            return make ? String(decoding: bytes, as: UTF8.self) : ""
        })
        guard let text else {
            note(.invalidArgument("\(path()): \"\(key)\" must be a string of 1...\(limit) bytes"))
            return nil
        }
        return text
    }

    /// An id: the host names the message by it in every report, through C
    /// strings, so it may not hold a NUL (`\u0000`) that would cut it short.
    mutating func id(_ reader: inout JSONStreamReader, _ key: String, path: () -> String) throws(FramesError) -> String? {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return nil
        }
        let limit = MessageLimits.idBytes
        guard kind == .string else {
            try reader.skipValue()
            note(.invalidArgument("\(path()): \"\(key)\" must be a string of 1...\(limit) bytes"))
            return nil
        }
        let id = try reader.string(parsedBy: { bytes -> Result<String, IdProblem> in
            guard !bytes.isEmpty, bytes.count <= limit else { return .failure(.length) }
            guard !bytes.contains(0) else { return .failure(.nul) }
            return .success(String(decoding: bytes, as: UTF8.self))
        })
        switch id {
        case .success(let text)?:
            return text
        case .failure(.nul)?:
            note(.invalidArgument("\(path()): \"\(key)\" contains a NUL character; ids travel as C strings"))
        case .failure(.length)?, nil:
            note(.invalidArgument("\(path()): \"\(key)\" must be a string of 1...\(limit) bytes"))
        }
        return nil
    }

    enum IdProblem: Error {
        case length, nul
    }

    /// A link (any scheme, custom ones included: the click chain decides
    /// what opens it) or, with `origin`, a URL the engine or host fetches,
    /// which must pass AF-14's origin rule.
    mutating func url(_ reader: inout JSONStreamReader, _ key: String, origin: Bool, allowInsecureHTTP: Bool,
                      path: () -> String) throws(FramesError) -> String? {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return nil
        }
        guard kind == .string else {
            try reader.skipValue()
            note(.invalidArgument("\(path()): \"\(key)\" must be a URL string of 1...\(MessageLimits.urlBytes) bytes"))
            return nil
        }
        // A link is checked on its bytes, before any String is made of it.
        let make = build
        let link = try reader.string(parsedBy: { bytes -> Result<String, LinkProblem> in
            guard !bytes.isEmpty, bytes.count <= MessageLimits.urlBytes else { return .failure(.length) }
            if !origin {
                guard Self.hasScheme(bytes) else { return .failure(.scheme) }
                for byte in bytes where byte <= 0x20 || byte == 0x7F { return .failure(.whitespace) }
            }
            return .success(origin || make ? String(decoding: bytes, as: UTF8.self) : "")
        })
        let url: String
        switch link {
        case .success(let text)?:
            url = text
        case .failure(.length)?, nil:
            note(.invalidArgument("\(path()): \"\(key)\" must be a URL string of 1...\(MessageLimits.urlBytes) bytes"))
            return nil
        case .failure(.scheme)?:
            note(.invalidArgument("\(path()): \"\(key)\" must be a URI with a scheme (https://..., myapp://...)"))
            return nil
        case .failure(.whitespace)?:
            note(.invalidArgument("\(path()): \"\(key)\" contains whitespace or a control character"))
            return nil
        }
        if origin, let failure = ContentCheck.origin(of: url, allowInsecureHTTP: allowInsecureHTTP) {
            note(.invalidArgument("\(path()): \"\(key)\": \(failure)"))
            return nil
        }
        return url
    }

    enum LinkProblem: Error {
        case length, scheme, whitespace
    }

    /// `ALPHA *(ALPHA / DIGIT / + / - / .) ":"` followed by something
    /// (ContentCheck.hasURIScheme, on bytes).
    static func hasScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z"),
              let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 1 < bytes.endIndex else { return false }
        for b in bytes[bytes.startIndex..<colon] {
            let lower = b | 0x20
            let ok = (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            if !ok { return false }
        }
        return true
    }

    /// "#RRGGBB" (opaque) or "#RRGGBBAA", hex digits of any case.
    mutating func color(_ reader: inout JSONStreamReader, _ key: String, default fallback: MessageColor,
                        path: () -> String) throws(FramesError) -> MessageColor {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return fallback
        }
        if kind == .string, let color = try reader.string(parsedBy: MessageColorText.parse) { return color }
        if kind != .string { try reader.skipValue() }
        note(.invalidArgument("\(path()): \"\(key)\" must be a colour \"#RRGGBB\" or \"#RRGGBBAA\""))
        return fallback
    }

    /// A number of points for a font.
    mutating func fontSize(_ reader: inout JSONStreamReader, default fallback: Double,
                           path: () -> String) throws(FramesError) -> Double {
        let kind = try reader.peekKind()
        if kind == .null {
            try reader.null()
            return fallback
        }
        if kind == .number {
            let number = try reader.number().double
            if number.isFinite, number >= MessageLimits.minFontSize, number <= MessageLimits.maxFontSize { return number }
        } else {
            try reader.skipValue()
        }
        note(.invalidArgument("\(path()): \"size\" must be a number of points in "
            + "\(MessageLimits.minFontSize)...\(MessageLimits.maxFontSize)"))
        return fallback
    }

    /// {"url", "sha256"}: AF-14's rules for content the engine fetches: an
    /// https origin (http only when allowed), and the SHA-256 the bytes must
    /// have. Nil with a noted problem.
    mutating func contentReference(_ reader: inout JSONStreamReader,
                                   allowInsecureHTTP: Bool) throws(FramesError) -> ContentReference? {
        let path = "\(ModalMessage.payloadKey).content_ref"
        guard try reader.peekKind() == .object else {
            try reader.skipValue()
            note(.invalidArgument("\(ModalMessage.payloadKey): \"content_ref\" must be an object"))
            return nil
        }
        var url: String?
        var sha: String?
        var shaSeen = false
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "url") {
                url = try self.url(&reader, "url", origin: true, allowInsecureHTTP: allowInsecureHTTP) { path }
            } else if reader.is(key, "sha256") {
                shaSeen = true
                if try reader.peekKind() == .string { sha = normalizedSHA256Hex(try reader.string()) } else { try reader.skipValue() }
            } else {
                try reader.skipValue()
            }
        }
        guard problem == nil else { return nil }
        guard let url else {
            note(.invalidArgument("\(path): \"url\" is missing"))
            return nil
        }
        guard shaSeen, let sha else {
            note(.invalidArgument("\(path): \"sha256\" must be 64 hexadecimal digits"))
            return nil
        }
        return ContentReference(url: url, sha256: sha)
    }
}

/// The colour notation of messages.
enum MessageColorText {
    static func parse(_ bytes: ArraySlice<UInt8>) -> MessageColor? {
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var value: UInt32 = 0
        for byte in bytes.dropFirst() {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return MessageColor(rgba: bytes.count == 7 ? value << 8 | 0xFF : value)
    }

    static func parse(_ text: String) -> MessageColor? {
        parse(Array(text.utf8)[...])
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
