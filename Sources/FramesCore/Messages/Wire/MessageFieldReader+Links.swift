/// Links and fetched URLs of a message (IM-06, AF-14): checked on their
/// bytes; the origin rule for content the engine or host fetches.
extension MessageFieldReader {
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
        var originPassed = false
        let link = try reader.string(parsedBy: { bytes -> Result<String, LinkProblem> in
            guard !bytes.isEmpty, bytes.count <= MessageLimits.urlBytes else { return .failure(.length) }
            if !origin {
                guard Self.hasScheme(bytes) else { return .failure(.scheme) }
                for byte in bytes where byte <= 0x20 || byte == 0x7F { return .failure(.whitespace) }
            }
            if origin, !make, Self.passesOrigin(bytes, allowInsecureHTTP: allowInsecureHTTP) {
                originPassed = true
                return .success("")
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
        if origin, !originPassed, let failure = ContentCheck.origin(of: url, allowInsecureHTTP: allowInsecureHTTP) {
            note(.invalidArgument("\(path()): \"\(key)\": \(failure)"))
            return nil
        }
        return url
    }

    enum LinkProblem: Error {
        case length, scheme, whitespace
    }

    /// Whether `ContentCheck.origin` (AF-14) passes the URL with these
    /// bytes, decided on the bytes: what a check that keeps nothing needs
    /// (IM-01), without making a String or lowercasing the scheme. Only
    /// says yes when the full check would; anything else — a failure, or an
    /// unusual spelling — goes to `ContentCheck.origin`, whose words the
    /// refusal then carries.
    static func passesOrigin(_ bytes: ArraySlice<UInt8>, allowInsecureHTTP: Bool) -> Bool {
        let start = bytes.startIndex
        func isLetter(_ offset: Int, _ lower: UInt8) -> Bool {
            start + offset < bytes.endIndex && bytes[start + offset] | 0x20 == lower
        }
        guard isLetter(0, UInt8(ascii: "h")), isLetter(1, UInt8(ascii: "t")), isLetter(2, UInt8(ascii: "t")),
              isLetter(3, UInt8(ascii: "p")) else { return false }
        var colon = start + 4
        if isLetter(4, UInt8(ascii: "s")) {
            colon += 1
        } else if !allowInsecureHTTP {
            return false
        }
        guard colon + 2 < bytes.endIndex, bytes[colon] == UInt8(ascii: ":"), bytes[colon + 1] == UInt8(ascii: "/"),
              bytes[colon + 2] == UInt8(ascii: "/") else { return false }
        for byte in bytes where byte <= 0x20 || byte == 0x7F { return false }
        var i = colon + 3
        guard i < bytes.endIndex, bytes[i] != UInt8(ascii: ":") else { return false }
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") { return false }
            i += 1
        }
        return i > colon + 3
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
