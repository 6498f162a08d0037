/// How much the engine tells the host about what it decides (a trace line
/// per request sent and answered, retry scheduled, campaign chosen or
/// skipped, status change). Off by default; a line below the level is never
/// even formatted.
public enum TraceLevel: Int32, Sendable, CaseIterable, Comparable {
    case off = 0
    case error = 1
    case warning = 2
    case info = 3
    case debug = 4

    public static func < (a: TraceLevel, b: TraceLevel) -> Bool { a.rawValue < b.rawValue }
}

extension EngineCore {
    /// Sends one line to the host's trace hook when `level` is enabled. The
    /// line is delivered like every callback, after the state change
    /// (XC-03), so a host may call into the engine from it.
    @inline(__always)
    public func trace(_ level: TraceLevel, _ line: @autoclosure () -> String) {
        guard level != .off, level <= traceLevel else { return }
        let text = line()
        // Unretained: the closure waits in this core's own outbox, which
        // only this core runs, so the core is there whenever it runs.
        post { [unowned(unsafe) self] in self.host?.trace(level, text) }
    }
}
