import Testing
@testable import FramesCore

/// The recording's lines (XC-12) and how a replay reads and compares them
/// (XC-13), without an engine: the C layer feeds the same recorder.
@Suite("Recording lines, reader and replay comparison (XC-12, XC-13)")
struct RecordingTests {
    /// A recorder writing into an array of lines.
    private final class Sink {
        var lines: [String] = []
        lazy var recorder = FramesCore.Recorder(redact: [], write: { [unowned self] (bytes: UnsafeBufferPointer<UInt8>) in
            self.lines.append(String(decoding: bytes, as: UTF8.self))
        })
    }

    @Test("XC-12 a line keeps its members in order, escapes text and writes numbers exactly")
    func lineShape() {
        var line = RecordingLine("call", "frames_frame_attach", depth: 2, redaction: nil)
        line.field("obj", "frame-1")
        line.field("text", "a \"quote\"\n\u{01}é")
        line.field("height", 120.5)
        line.field("huge", Double.infinity)
        line.field("now_ms", Int64(-5))
        line.field("none", nil as String?)
        line.body("bytes", [0xff, 0x00])
        line.body("utf8", Array("{}".utf8))
        let text = String(decoding: line.finished(), as: UTF8.self)
        #expect(text == #"{"call":"frames_frame_attach","d":2,"obj":"frame-1","text":"a \"quote\"\n\u0001é","height":120.5,"huge":"inf","now_ms":-5,"none":null,"bytes":{"hex":"ff00"},"utf8":"{}"}"# + "\n")
    }

    @Test("XC-12 a callback's calls are one level deeper; its answer follows them")
    func depthAndAnswers() {
        let sink = Sink()
        sink.recorder.header(library: "9.9.9")
        sink.recorder.call("frames_frame_attach", "frame-1") { $0.field("now_ms", Int64(1)) }
        let answer = sink.recorder.callback("open_url", nil as String?, { $0.field("url", "https://a.test") },
                                              answer: RecordedAnswer<Bool>.bool) { () -> Bool in
            sink.recorder.call("frames_frame_detach", "frame-1") { _ in }
            return true
        }
        #expect(answer)
        #expect(sink.lines == [
            #"{"frames_recording":1,"library":"9.9.9","redacted":[]}"# + "\n",
            #"{"call":"frames_frame_attach","obj":"frame-1","now_ms":1}"# + "\n",
            #"{"cb":"open_url","url":"https://a.test"}"# + "\n",
            #"{"call":"frames_frame_detach","d":1,"obj":"frame-1"}"# + "\n",
            #"{"answer":"open_url","value":true}"# + "\n",
        ])
    }

    @Test("XC-12 redaction: user ids become pseudonyms everywhere, bodies their length")
    func redaction() {
        let redaction = RecordingRedaction.make([.userIds, .bodies])
        var line = RecordingLine("call", "frames_engine_set_user", depth: 0, redaction: redaction)
        line.userId("user_id", "alice@example.com")
        line.userId("again", "alice@example.com")
        line.userId("other", "bob")
        line.field("url", "https://x.test/?u=alice@example.com&b=bob")
        line.body("body", Array("secret".utf8))
        let text = String(decoding: line.finished(), as: UTF8.self)
        #expect(text == #"{"call":"frames_engine_set_user","user_id":"user-1","again":"user-1","other":"user-2","url":"https://x.test/?u=user-1&b=user-2","body":{"redacted":6}}"# + "\n")
        #expect(RecordingRedaction.make([]) == nil)
    }

    @Test("XC-13 the reader refuses what is not a whole recording, naming the line")
    func readerErrors() {
        let header = #"{"frames_recording":1,"library":"1.1.0","redacted":[]}"# + "\n"
        let cases: [(String, String)] = [
            ("", "empty"),
            (header + #"{"call":"frames_frame_attach""#, "line 2 is cut short"),
            (header + "[1]\n", "line 2 is an array"),
            (header + "{\"call\":\n", "line 2 is not a JSON object"),
            (header + #"{"bogus":"x"}"# + "\n", "line 2 starts with \"bogus\""),
            (#"{"something":1}"# + "\n", "line 1 is not a recording header"),
            (header + #"{"call":"x","d":0}"# + "\n", "\"d\""),
        ]
        for (text, expected) in cases {
            do {
                _ = try RecordingReader.read(Array(text.utf8))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.code == .invalidArgument)
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
        do {
            _ = try RecordingReader.read(Array(#"{"frames_recording":2}"#.utf8 + [10]))
            Issue.record("accepted format 2")
        } catch {
            #expect(error.code == .version)
        }
    }

    @Test("XC-13 identical lines match; the first different one is the divergence, with both texts")
    func comparison() throws {
        let header = #"{"frames_recording":1,"library":"1.1.0","redacted":[]}"#
        let recorded = [#"{"call":"frames_engine_on_timeout","now_ms":1}"#, #"{"cb":"state_changed"}"#,
                        #"{"call":"frames_engine_on_timeout","now_ms":2}"#]
        func run(_ produce: @escaping (FramesCore.Recorder, RecordedLine) -> Void) throws -> ReplayScript {
            let script = try ReplayScript(Array(([header] + recorded).map { $0 + "\n" }.joined().utf8))
            let recorder = FramesCore.Recorder(replaying: script)
            script.dispatch = { line in produce(recorder, line) }
            script.run()
            return script
        }
        let faithful = try run { recorder, line in
            recorder.call(line.name, nil) { $0.field("now_ms", (try? line.int("now_ms")) ?? 0) }
            if line.number == 2 { recorder.callback("state_changed", nil as String?, { _ in }, host: {}) }
        }
        #expect(faithful.divergence == nil)
        #expect(faithful.report(explanation: nil).contains(#""result":"identical""#))

        let silent = try run { recorder, line in
            recorder.call(line.name, nil) { $0.field("now_ms", (try? line.int("now_ms")) ?? 0) }
        }
        // The callback the recording holds after line 2 never came: the call
        // ended, and the replay stops there — it wrote less.
        #expect(silent.divergence == ReplayDivergence(line: 3, expected: recorded[1], got: nil))

        let chatty = try run { recorder, line in
            recorder.call(line.name, nil) { $0.field("now_ms", (try? line.int("now_ms")) ?? 0) }
            recorder.callback("state_changed", nil as String?, { _ in }, host: {})
        }
        #expect(chatty.divergence == ReplayDivergence(line: 5, expected: nil, got: #"{"cb":"state_changed"}"#))
        #expect(chatty.report(explanation: nil).contains(#""divergence":{"line":5,"expected":null"#))
    }
}
