/// Ids the host passes in (placements, places, users, sessions, keys):
/// short, non-empty text, so analytics records and requests stay bounded
/// (XC-07).
public enum Identifier {
    public static let maxBytes = 256

    public static func check(_ value: String, _ what: String) throws(FramesError) {
        let length = value.utf8.count
        guard length > 0, length <= maxBytes else {
            throw .invalidArgument("\(what) is \(length) bytes long; it must be 1...\(maxBytes) bytes")
        }
    }
}
