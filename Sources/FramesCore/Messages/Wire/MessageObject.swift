/// The members of a message object as read, before the checks that need
/// them all (required fields, the engine version, the content).
struct MessageObject {
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
    /// Built once: every notification's content is read under this name.
    static let contentPath = "\(path).content"

    static func read(_ reader: inout JSONStreamReader, allowInsecureHTTP: Bool,
                     build: Bool) throws(FramesError) -> MessageObject {
        var m = MessageObject()
        var fields = MessageFieldReader(build: build)
        var object = try reader.beginObject()
        while let key = try reader.nextKey(&object) {
            if reader.is(key, "id") {
                m.id = try fields.id(&reader, "id", keep: true) { path }
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
                    let read = try MessageContent.read(&reader, base: contentPath, allowInsecureHTTP: allowInsecureHTTP,
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
