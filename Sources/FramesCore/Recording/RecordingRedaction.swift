// Decides: XC-12
/// What a recording hides (XC-12): user ids become stable pseudonyms
/// (`user-1`, `user-2` …, the same id always the same pseudonym, so a replay
/// still sees one user log out and another log in), and content bodies —
/// backend answers, request bodies, pushes, content handed to the host — are
/// replaced by their length. A recording that hides bodies can be read and
/// explained, but a replay reports a divergence where the missing bodies
/// matter.
public final class RecordingRedaction {
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let userIds = Options(rawValue: 1)
        public static let bodies = Options(rawValue: 2)
        public static let known: Options = [.userIds, .bodies]

        /// The options a recording's header names (`names`).
        public init(names: [String]) {
            self = []
            if names.contains("user_ids") { insert(.userIds) }
            if names.contains("bodies") { insert(.bodies) }
        }
    }

    public let options: Options
    /// Real id → pseudonym, in order of first sight.
    private var pseudonyms: [(id: String, pseudonym: String)] = []

    /// Nil when nothing is hidden: lines then skip every redaction check.
    public static func make(_ options: Options) -> RecordingRedaction? {
        options.isEmpty ? nil : RecordingRedaction(options)
    }

    private init(_ options: Options) { self.options = options }

    public var hidesBodies: Bool { options.contains(.bodies) }

    /// The names the recording's header lists.
    public var names: [String] {
        (options.contains(.userIds) ? ["user_ids"] : []) + (options.contains(.bodies) ? ["bodies"] : [])
    }

    public func pseudonym(for id: String) -> String {
        guard options.contains(.userIds) else { return id }
        if let known = pseudonyms.first(where: { $0.id.isExactly(id) }) { return known.pseudonym }
        let made = "user-\(pseudonyms.count + 1)"
        pseudonyms.append((id, made))
        return made
    }

    /// `text` with every user id seen so far replaced by its pseudonym: ids
    /// also travel inside request bodies and URLs. Ids shorter than three
    /// bytes are left alone there — replacing "7" in every number would
    /// garble the line, and such an id identifies nobody.
    public func hidingUserIds(in text: String) -> String {
        guard options.contains(.userIds), !pseudonyms.isEmpty else { return text }
        var out = Array(text.utf8)
        var changed = false
        for (id, pseudonym) in pseudonyms where id.utf8.count >= 3 {
            changed = Self.replace(Array(id.utf8), with: Array(pseudonym.utf8), in: &out) || changed
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    /// Replaces every occurrence of `needle` in `bytes`; whole UTF-8
    /// sequences, so the result is valid UTF-8 again.
    private static func replace(_ needle: [UInt8], with replacement: [UInt8], in bytes: inout [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var out: [UInt8] = []
        var i = 0
        var found = false
        while i < bytes.count {
            if bytes[i] == needle[0], i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: replacement)
                i += needle.count
                found = true
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        if found { bytes = out }
        return found
    }
}
