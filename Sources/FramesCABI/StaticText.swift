import CFramesLibc
import FramesCore

/// C strings that live as long as the library: the texts of result codes and
/// the version. Made once, on first use, and never freed; valgrind reports
/// them as still reachable, never as lost.
enum StaticText {
    static func make(_ text: String) -> UnsafePointer<CChar> {
        // strdup only fails when out of memory at first use; the literal
        // fallback below is itself a static C string.
        guard let copy = strdup(text) else { return fallback }
        return UnsafePointer(copy)
    }

    // Immutable after first use, so sharing between threads is safe.
    nonisolated(unsafe) private static let fallback: UnsafePointer<CChar> = {
        let literal: StaticString = ""
        return UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
    }()

    nonisolated(unsafe) static let empty: UnsafePointer<CChar> = make("")
    nonisolated(unsafe) static let version: UnsafePointer<CChar> = make(FramesVersion.string)
    nonisolated(unsafe) static let unknownCode: UnsafePointer<CChar> = make("unknown result code")
    nonisolated(unsafe) static let ok: UnsafePointer<CChar> = make("ok")
    nonisolated(unsafe) static let unknownStatus: UnsafePointer<CChar> = make("unknown")
    /// Indexed by raw value, which runs 0..<11 without gaps.
    nonisolated(unsafe) static let statuses: [UnsafePointer<CChar>] = FrameStatus.allCases.map { make($0.stringValue) }
    nonisolated(unsafe) static let errorCodes: [ContentError.Code: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: ContentError.Code.allCases.map { ($0, make($0.name)) })
    nonisolated(unsafe) static let codes: [Int32: UnsafePointer<CChar>] = Dictionary(
        uniqueKeysWithValues: FramesError.Code.allCases.map { ($0.rawValue, make($0.summary)) })
}
