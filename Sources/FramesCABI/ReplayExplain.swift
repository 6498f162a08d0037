// Decides: XC-13
import CFrames
import FramesCore

/// Explain during a replay (XC-11, XC-13): an object named as the recording
/// and explain name it, answered at a time of the recording.
enum ReplayExplain {
    static func explain(_ object: String, entry: EngineEntry, now: Int64) -> String {
        do throws(FramesError) {
            return try entry.engine.explain(object: object, now: now).json
        } catch {
            return "{\"error\":" + quoted(error.message) + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var line = RecordingLine(redaction: nil)
        line.field("m", text)
        let bytes = line.finished()
        // {"m":"…"}\n → "…"
        return String(decoding: bytes[5..<(bytes.count - 2)], as: UTF8.self)
    }
}
