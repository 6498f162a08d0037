/// Reads the values of a message's fields: syntax errors throw (the whole
/// document is malformed), a value of the wrong kind or out of its limits
/// is noted as the first problem and the reader moves past it, so the rest
/// is still read (a newer engine version found later takes precedence).
struct MessageFieldReader {
    private(set) var problem: FramesError?
    /// False: check every value, keep none (texts come back empty) —
    /// `ModalMessage.check`. What the words of a refusal may name is kept
    /// either way: the message's id, its engine version, and a URL that
    /// fails the origin check.
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
    /// Without `build` only an id the refusal may name (`keep`) is made
    /// into a String; the others come back empty.
    mutating func id(_ reader: inout JSONStreamReader, _ key: String, keep: Bool = false,
                     path: () -> String) throws(FramesError) -> String? {
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
        let make = build || keep
        let id = try reader.string(parsedBy: { bytes -> Result<String, IdProblem> in
            guard !bytes.isEmpty, bytes.count <= limit else { return .failure(.length) }
            guard !bytes.contains(0) else { return .failure(.nul) }
            return .success(make ? String(decoding: bytes, as: UTF8.self) : "")
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
}
