import Testing
@testable import FramesCore

/// Notes every `callStarting` it receives into a shared log.
private final class StartingModule: EngineModule {
    let name: String
    let wants: Bool
    let log: CallLog
    let services: ModuleServices<StartingModule>

    init(_ name: String, wants: Bool, core: EngineCore, log: CallLog) {
        self.name = name
        self.wants = wants
        self.log = log
        services = core.services()
        services.bind(self)
    }

    var wantsCallStarting: Bool { wants }

    func callStarting(now: Milliseconds) { log.entries.append("\(name)@\(now)") }
}

private final class CallLog {
    var entries: [String] = []
}

/// IM-01 needs input handed in on other threads picked up at the start of
/// every call, before the call changes anything; XC-01: at the engine's
/// time, which never runs backwards. Only modules that ask for the hook
/// pay for it.
@Suite("The call-starting hook: only modules that ask, in order, before the call (IM-01, XC-01)")
struct CallStartingTests {
    @Test func runsForEveryCallInRegistrationOrderBeforeTheBody() throws {
        let core = try EngineCore(options: CoreOptions())
        let log = CallLog()
        let first = StartingModule("first", wants: true, core: core, log: log)
        let quiet = StartingModule("quiet", wants: false, core: core, log: log)
        let second = StartingModule("second", wants: true, core: core, log: log)
        try core.mutate(now: 100) { (_) throws(FramesError) in log.entries.append("body") }
        // XC-01: an earlier time is taken as the latest one seen.
        try core.mutate(now: 50) { (_) throws(FramesError) in log.entries.append("body") }
        try core.mutate { () throws(FramesError) in log.entries.append("body") }
        #expect(log.entries == ["first@100", "second@100", "body",
                                "first@100", "second@100", "body",
                                "first@100", "second@100", "body"])
        _ = (first, quiet, second)
    }

    @Test func runsAlsoWhenTheBodyThrows() throws {
        let core = try EngineCore(options: CoreOptions())
        let log = CallLog()
        let module = StartingModule("m", wants: true, core: core, log: log)
        #expect(throws: FramesError.self) {
            try core.mutate(now: 7) { (_) throws(FramesError) in throw FramesError(.invalidArgument, "no") }
        }
        #expect(log.entries == ["m@7"])
        _ = module
    }

    @Test func registeringTwiceRunsItOnce() throws {
        let core = try EngineCore(options: CoreOptions())
        let log = CallLog()
        let module = StartingModule("m", wants: true, core: core, log: log)
        module.services.bind(module)
        try core.mutate(now: 1) { (_) throws(FramesError) in }
        #expect(log.entries == ["m@1"])
    }

    @Test func aFreedModuleIsSkippedAndAClosedEngineRunsNothing() throws {
        let core = try EngineCore(options: CoreOptions())
        let log = CallLog()
        var gone: StartingModule? = StartingModule("gone", wants: true, core: core, log: log)
        let kept = StartingModule("kept", wants: true, core: core, log: log)
        gone = nil
        try core.mutate(now: 3) { (_) throws(FramesError) in }
        #expect(log.entries == ["kept@3"])
        core.close()
        #expect(throws: FramesError.self) { try core.mutate(now: 4) { (_) throws(FramesError) in } }
        #expect(log.entries == ["kept@3"])
        _ = (gone, kept)
    }
}
