// Decides: XC-11
/// XC-11: the one answer every object of the modules gives to "what are you
/// showing and why; if nothing, why not" — and the engine's snapshot of
/// them all. One shape for every kind, so a host, a test or a replay reads
/// them with one reader: docs/wire-format.md §9 has it member by member,
/// and docs/spec.md (XC-11) every reason code of every kind. The core names
/// no module: each module names its own kind and objects.
///
/// The shape never varies by kind: eleven members, always present, in this
/// order (the engine's snapshot adds `objects`). What is particular to a
/// kind lives only inside `facts` (the object's and each candidate's) and in
/// the reason's party members, whose names are fixed across kinds
/// (`ExplainReason`).
public struct Explanation: Sendable, Equatable {
    /// Bumped only by a change a reader of the previous shape would misread.
    public static let shapeVersion: Int64 = 1
    /// The kind of the engine's snapshot, the one that lists `objects`.
    public static let engineKind = "engine"

    /// What the object is, in the module's word (docs/spec.md, XC-11).
    public let kind: String
    /// The object's name, as the module gives it (`engine` for the
    /// snapshot): the names recordings use for the same objects.
    public let object: String
    public let placementId: String?
    /// The time the answer describes: the engine's latest time if the
    /// caller's is earlier (XC-01: time never runs backwards).
    public let now: Milliseconds
    /// Who is logged in; nil: nobody.
    public let userId: String?
    /// The object's own state word (its status, its load state…).
    public let state: String
    /// What else the kind knows of the object, in a fixed order per kind.
    public let facts: JSONObject
    public let showing: [Showing]
    /// The headline: why it shows what it shows, or why nothing.
    public let reason: ExplainReason
    /// What could have shown instead (campaigns and the like), each with
    /// its own reason; empty for a kind that has none.
    public let candidates: [Candidate]
    /// The engine's snapshot only: every object's explanation.
    public let objects: [Explanation]

    init(kind: String, object: String, placementId: String?, now: Milliseconds, userId: String?, state: String,
         facts: JSONObject, showing: [Showing], reason: ExplainReason, candidates: [Candidate],
         objects: [Explanation] = []) {
        self.kind = kind
        self.object = object
        self.placementId = placementId
        self.now = now
        self.userId = userId
        self.state = state
        self.facts = facts
        self.showing = showing
        self.reason = reason
        self.candidates = candidates
        self.objects = objects
    }

    /// The answer as JSON text (docs/wire-format.md §9): what the C API lends
    /// and the Python package reads.
    public var json: String { JSONText.text(value) }

    var value: JSONValue {
        var members: [JSONMember] = [
            JSONMember(key: "explain", value: .integer(Self.shapeVersion)),
            JSONMember(key: "kind", value: .string(kind)),
            JSONMember(key: "object", value: .string(object)),
            JSONMember(key: "placement_id", value: .optional(placementId)),
            JSONMember(key: "now_ms", value: .integer(now)),
            JSONMember(key: "user_id", value: .optional(userId)),
            JSONMember(key: "state", value: .string(state)),
            JSONMember(key: "facts", value: .object(facts)),
            JSONMember(key: "showing", value: .array(showing.map { $0.value })),
            JSONMember(key: "reason", value: reason.value),
            JSONMember(key: "candidates", value: .array(candidates.map { $0.value })),
        ]
        if kind == Self.engineKind { members.append(JSONMember(key: "objects", value: .array(objects.map { $0.value }))) }
        return .object(JSONObject(unique: members))
    }
}

/// One thing an object shows: a campaign, a message on screen, and the
/// like.
public struct Showing: Sendable, Equatable {
    /// The id of what is shown (a campaign's, a message's…).
    public let id: String
    public let variantId: String?
    /// Where, inside the object (a view's id, `row:0`, …); nil where the
    /// object itself is where.
    public let location: String?
    /// Its state there.
    public let status: String

    var value: JSONValue {
        .object(JSONObject(unique: [
            JSONMember(key: "id", value: .string(id)),
            JSONMember(key: "variant_id", value: .optional(variantId)),
            JSONMember(key: "where", value: .optional(location)),
            JSONMember(key: "status", value: .string(status)),
        ]))
    }
}

/// Something that could have shown, and why it does or does not.
public struct Candidate: Sendable, Equatable {
    public let id: String
    public let facts: JSONObject
    public let reason: ExplainReason

    var value: JSONValue {
        .object(JSONObject(unique: [
            JSONMember(key: "id", value: .string(id)),
            JSONMember(key: "facts", value: .object(facts)),
            JSONMember(key: "reason", value: reason.value),
        ]))
    }
}

/// A reason: a stable code, one English sentence, and the other party in
/// members whose names are the same for every kind — so a reader finds
/// "who won" in `than` whatever kind of object lost.
public struct ExplainReason: Sendable, Equatable {
    public let code: String
    public let detail: String
    /// The party members, in the order they were named.
    public private(set) var parties = JSONObject()

    init<Code: RawRepresentable>(_ code: Code, _ detail: String) where Code.RawValue == String {
        self.code = code.rawValue
        self.detail = detail
    }

    /// What won instead.
    func than(_ id: String) -> Self { adding("than", .string(id)) }
    /// When the reason stops holding (a cap lifts, a window opens, a
    /// message expires); nil: never.
    func until(_ ms: Milliseconds?) -> Self { adding("until_ms", ms.map(JSONValue.integer) ?? .null) }
    /// When what the reason tells happened.
    func at(_ ms: Milliseconds) -> Self { adding("at_ms", .integer(ms)) }
    /// The user it belonged to; nil: nobody logged in.
    func user(_ id: String?) -> Self { adding("user_id", .optional(id)) }
    /// The message that superseded it.
    func supersededBy(_ id: String) -> Self { adding("superseded_by", .string(id)) }
    /// The failure behind it: its AF-10 code, message and HTTP status.
    func error(_ error: ContentError) -> Self {
        adding("error", .object(JSONObject(unique: [
            JSONMember(key: "code", value: .string(error.code.name)),
            JSONMember(key: "message", value: .string(error.message)),
            JSONMember(key: "http_status", value: error.httpStatus.map { .integer(Int64($0)) } ?? .null),
        ])))
    }
    /// XC-09: the engine version it needs.
    func needs(_ version: SemanticVersion) -> Self { adding("min_engine_version", .string(version.description)) }

    private func adding(_ key: String, _ value: JSONValue) -> Self {
        var copy = self
        copy.parties.insert(JSONMember(key: key, value: value))
        return copy
    }

    var value: JSONValue {
        .object(JSONObject(unique: [JSONMember(key: "code", value: .string(code)),
                                    JSONMember(key: "detail", value: .string(detail))] + parties.members))
    }
}

extension JSONValue {
    /// A string, or null.
    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
}

extension JSONObject {
    /// An object from members whose keys the code writing them keeps unique;
    /// a repeat would be dropped, never trap (XC-07).
    init(unique members: [JSONMember]) {
        self.init()
        for member in members { insert(member) }
    }

    /// The facts of an explanation, in the order given.
    static func facts(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONObject {
        JSONObject(unique: pairs.map { JSONMember(key: $0.key, value: $0.value) })
    }
}
