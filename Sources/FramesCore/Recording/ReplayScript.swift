// Decides: XC-13
/// A recording being replayed (XC-13): the lines still expected, and the
/// first place where what the replay writes differs from them.
///
/// The replay's engine records into this script instead of a host's writer,
/// so every line it would write — the calls as it is given them, what they
/// hand back, the callbacks it makes, the answers, the pushes it takes in —
/// is compared byte for byte with the recording, in order. The host layer
/// (`dispatch`) re-issues each recorded call; a callback issues the calls
/// recorded inside it (`Recorder.callback`) and answers from the recording.
public final class ReplayScript {
    public let header: RecordingReader.Header
    public let lines: [RecordedLine]
    /// The index of the next expected line.
    public private(set) var position = 0
    public private(set) var divergence: ReplayDivergence?
    /// The recording could not be replayed (a call it names is unknown, an
    /// argument is missing): not a divergence of the library's behaviour.
    public private(set) var failure: FramesError?
    /// Re-issues one recorded call on the replay's engine.
    public var dispatch: ((RecordedLine) throws(FramesError) -> Void)?
    /// Hands a recorded push to the replay's engine, as the notifying thread did.
    public var deliverPush: ((RecordedLine) throws(FramesError) -> Void)?
    /// Runs before each call the host made outside any callback.
    public var beforeCall: ((RecordedLine) -> Void)?
    /// Every line the replay writes, as it writes it.
    public var transcript: ((UnsafeBufferPointer<UInt8>) -> Void)?
    /// The recorded engine-creation line is not compared: the replay runs
    /// with options of its own, or the recording hid the configuration.
    public var skipsCreationLine = false
    /// While set, what the engine writes is neither compared nor transcribed.
    private var isPaused = false

    public convenience init(_ bytes: [UInt8]) throws(FramesError) {
    // Checked before the object exists, then a non-throwing initializer:
    // Embedded Swift 6.3.1 leaks an instance whose initializer throws
    // (docs/decisions.md, "Embedded Swift").
        let (header, lines) = try RecordingReader.read(bytes)
        self.init(header: header, lines: lines)
    }

    private init(header: RecordingReader.Header, lines: [RecordedLine]) {
        self.header = header
        self.lines = lines
    }

    public var isStopped: Bool { divergence != nil || failure != nil }

    /// Every call of the recording, then a check that nothing is left over.
    public func run() {
        runCalls(depth: 0)
        guard !isStopped, position < lines.count else { return }
        diverge(at: lines[position], got: nil)
    }

    /// A line the replay's engine writes.
    func compare(_ produced: UnsafeBufferPointer<UInt8>) {
        guard !isPaused else { return }
        transcript?(produced)
        guard !isStopped else { return }
        let got = produced.last == UInt8(ascii: "\n") ? produced.dropLast() : produced[...]
        guard position < lines.count else {
            divergence = ReplayDivergence(line: (lines.last?.number ?? 1) + 1, expected: nil,
                                          got: String(decoding: got, as: UTF8.self))
            return
        }
        let expected = lines[position]
        if expected.bytes.elementsEqual(got) || (skipsCreationLine && expected.kind == .call
            && expected.name == "frames_engine_new" && got.starts(with: Self.engineNewPrefix)) {
            position += 1
            return
        }
        divergence = ReplayDivergence(line: expected.number, expected: expected.text, got: String(decoding: got, as: UTF8.self))
    }

    private static let engineNewPrefix = Array("{\"call\":\"frames_engine_new\"".utf8)

    /// Issues the calls recorded next at `depth`: at 0 the host's own calls,
    /// deeper the calls it made from inside a callback.
    public func runCalls(depth: Int) {
        while !isStopped, position < lines.count {
            let line = lines[position]
            guard line.kind == .call, line.depth == depth else { return }
            issue(line, at: position)
        }
    }

    private func issue(_ line: RecordedLine, at index: Int) {
        if line.depth == 0 { beforeCall?(line) }
        do throws(FramesError) {
            // IM-01: the pushes a call took in are recorded right after it;
            // they must wait in the inbox before it runs.
            var next = index + 1
            while next < lines.count, lines[next].kind == .push, lines[next].depth == line.depth {
                try deliverPush?(lines[next])
                next += 1
            }
            guard let dispatch else { throw FramesError(.invalidState, "the replay has no host to issue calls") }
            try dispatch(line)
        } catch {
            failure = error
            return
        }
        // A call the library refused before recording it (a handle it no
        // longer knows, say) leaves its line unconsumed.
        if !isStopped, position == index { diverge(at: line, got: nil) }
    }

    /// Runs `body` — something the recording does not hold, such as an
    /// explain asked for during the replay — without comparing its lines.
    public func paused<R>(_ body: () -> R) -> R {
        isPaused = true
        defer { isPaused = false }
        return body()
    }

    /// The answer recorded for the callback `name` under way, if the
    /// recording has it next.
    public func answer(_ name: String) -> RecordedLine? {
        guard !isStopped, position < lines.count else { return nil }
        let line = lines[position]
        return line.kind == .answer && line.name == name ? line : nil
    }

    private func diverge(at line: RecordedLine, got: String?) {
        divergence = ReplayDivergence(line: line.number, expected: line.text, got: got)
    }

    /// The outcome as JSON (docs/wire-format.md, "Replay report").
    public func report(explanation: String?) -> String {
        var out = "{\"replay\":1,\"result\":" + JSONText.quoted(divergence != nil ? "diverged" : "identical")
        out += ",\"library\":" + JSONText.quoted(FramesVersion.string)
        out += ",\"recorded_by\":" + JSONText.quoted(header.library)
        out += ",\"redacted\":[" + header.redacted.map(JSONText.quoted).joined(separator: ",") + "]"
        out += ",\"lines\":\(lines.count + 1),\"matched\":\(position + 1)"
        if let divergence {
            out += ",\"divergence\":{\"line\":\(divergence.line),\"expected\":"
                + (divergence.expected.map(JSONText.quoted) ?? "null") + ",\"got\":"
                + (divergence.got.map(JSONText.quoted) ?? "null") + "}"
        } else {
            out += ",\"divergence\":null"
        }
        out += ",\"explain\":" + (explanation ?? "null") + "}"
        return out
    }
}

/// Where a replay first differed from its recording.
public struct ReplayDivergence: Sendable, Equatable {
    /// The recording's line number (1-based, the header is line 1).
    public let line: Int
    /// The recorded line; nil when the replay wrote more than was recorded.
    public let expected: String?
    /// What the replay wrote there; nil when it wrote nothing more.
    public let got: String?
}
