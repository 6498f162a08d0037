@testable import FramesCore

/// Reading explanations in tests (XC-11): a candidate by id, the reason
/// codes by candidate, and the party members of a reason.
extension Explanation {
    func candidate(_ id: String) -> Candidate? {
        candidates.first { $0.id.isExactly(id) }
    }

    /// Candidate id → reason code.
    var reasonCodes: [String: String] {
        Dictionary(candidates.map { ($0.id, $0.reason.code) }, uniquingKeysWith: { first, _ in first })
    }

    /// The JSON text parsed back: what the C API and Python read.
    func parsed() throws -> JSONObject? {
        try JSONParser(limits: .explainTests).parse(json).objectValue
    }

    func object(_ name: String) -> Explanation? {
        objects.first { $0.object.isExactly(name) }
    }
}

extension ExplainReason {
    subscript(_ party: String) -> JSONValue? { parties[party] }
}

extension PayloadLimits {
    /// Room for an engine snapshot.
    static let explainTests = PayloadLimits(maxBytes: 1 << 24, maxDepth: 64, maxStringBytes: 1 << 20,
                                            maxElements: 1 << 20)
}
