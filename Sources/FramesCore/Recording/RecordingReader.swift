// Decides: XC-13
/// Reads a recording back (docs/wire-format.md, "Recording"): a header line,
/// then one JSON object per line. Whatever the bytes — cut at any point,
/// edited, not a recording at all — the answer is the lines or an error
/// that names the line and what is wrong with it, never a trap (XC-07; the
/// fuzz target `fuzz_recording` holds it to that).
public enum RecordingReader {
    /// The format this library writes and reads.
    public static let format: Int64 = 1

    /// Lines may carry a banner list or a content document whole.
    static let lineLimits = PayloadLimits(maxBytes: 16_777_216, maxDepth: 64, maxStringBytes: 8_388_608,
                                          maxElements: 200_000)

    public struct Header: Sendable {
        public let format: Int64
        /// The version of the library that wrote it.
        public let library: String
        /// What it hides: "user_ids", "bodies".
        public let redacted: [String]
    }

    public static func read(_ bytes: [UInt8]) throws(FramesError) -> (Header, [RecordedLine]) {
        var lines: [RecordedLine] = []
        var header: Header?
        var start = 0
        var number = 0
        let parser = JSONParser(limits: lineLimits)
        while start < bytes.count {
            number += 1
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw .invalidArgument("recording line \(number) is cut short: its \(bytes.count - start) bytes end "
                    + "without a newline (a recording ends with one; was the file truncated?)")
            }
            let line = Array(copying: bytes[start..<end])
            start = end + 1
            let value: JSONValue
            do {
                value = try parser.parse(line)
            } catch {
                throw .invalidArgument("recording line \(number) is not a JSON object: \(error.message)")
            }
            guard let members = value.objectValue, let first = members.members.first else {
                throw .invalidArgument("recording line \(number) is \(value.kindName), not a JSON object with members")
            }
            if header == nil {
                header = try readHeader(members, number: number)
                continue
            }
            guard let kind = RecordedLine.Kind(rawValue: first.key), let name = first.value.stringValue else {
                throw .invalidArgument("recording line \(number) starts with \"\(first.key)\"; a line starts with "
                    + "\"call\", \"ret\", \"cb\", \"answer\" or \"push\" and a name")
            }
            var depth = 0
            if let d = members["d"] {
                guard let value = d.int64Value, value > 0, value < 1_000 else {
                    throw .invalidArgument("recording line \(number): \"d\" (the callback depth) must be an integer 1...999")
                }
                depth = Int(value)
            }
            lines.append(RecordedLine(number: number, bytes: line, kind: kind, name: name, depth: depth, members: members))
        }
        guard let header else {
            throw .invalidArgument("recording line 1 is missing: the recording is empty (it starts with a header line)")
        }
        return (header, lines)
    }

    private static func readHeader(_ members: JSONObject, number: Int) throws(FramesError) -> Header {
        guard let format = members["frames_recording"]?.int64Value else {
            throw .invalidArgument("recording line \(number) is not a recording header: it lacks \"frames_recording\" "
                + "(the format number); is this a libframes recording?")
        }
        guard format == Self.format else {
            throw FramesError(.version, "recording line \(number): the recording has format \(format); this library "
                + "reads format \(Self.format)")
        }
        let library = members["library"]?.stringValue ?? "unknown"
        let redacted = members["redacted"]?.arrayValue?.compactMap({ $0.stringValue }) ?? []
        return Header(format: format, library: library, redacted: redacted)
    }
}
