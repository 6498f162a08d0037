import Testing
@testable import FramesCore

/// A module written only against `ModuleServices`: it fetches a counter
/// from its endpoint, retries once a timer fires, and keeps the last value
/// as durable state. It proves that a module is a folder plus its
/// registration — nothing in Core names it.
private final class CounterModule: StatefulModule {
    enum RequestPurpose {
        case fetch(attempt: Int)
    }

    enum TimerPurpose {
        case retry(attempt: Int)
    }

    let services: ModuleServices<CounterModule>
    var value: Int64?
    var log: [String] = []

    init(services: ModuleServices<CounterModule>) {
        self.services = services
        services.bind(self)
    }

    func refresh(now: Milliseconds) throws {
        try services.mutate(now: now) { (now) throws(FramesError) in
            services.enqueue(.fetch(attempt: 1), method: "GET", url: "https://counter.test/value",
                             boundToIdentity: true, now: now)
        }
    }

    func requestFinished(_ id: RequestID, for purpose: RequestPurpose, _ result: Result<[UInt8], RequestFailure>,
                         now: Milliseconds) {
        guard case .fetch(let attempt) = purpose else { return }
        switch result {
        case .success(let body):
            value = Int64(String(decoding: body, as: UTF8.self))
            log.append("value \(value.map(String.init) ?? "?") at \(now)")
            services.stateChanged()
        case .failure(let failure):
            log.append("attempt \(attempt) failed: \(failure.message)")
            if let delay = services.retryDelay(after: attempt, failure) {
                _ = services.schedule(.retry(attempt: attempt + 1), at: now.addingClamped(delay))
            }
        }
    }

    func timerFired(_ id: TimerID, for purpose: TimerPurpose, now: Milliseconds) {
        guard case .retry(let attempt) = purpose else { return }
        log.append("retry \(attempt) at \(now)")
        services.enqueue(.fetch(attempt: attempt), method: "GET", url: "https://counter.test/value",
                         boundToIdentity: true, now: now)
    }

    func identityChanged(now: Milliseconds) {
        log.append("identity \(services.session.userId ?? "none")")
    }

    var stateSectionNames: [String] { ["counter.value"] }

    func exportState(_ clock: StateClock) -> [StateSection] {
        guard let value else { return [] }
        return [StateSection(name: "counter.value", userId: nil, entries: [StateEntry(key: "value", values: [value])])]
    }

    func stageImport(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) -> StagedState {
        guard let entry = sections.first?.entries.first, let number = entry.values.first else {
            return StagedState { self.value = nil }
        }
        return StagedState { self.value = number }
    }
}

private final class CountingHost: EngineHost {
    var stateChanges = 0
    func record(_ record: AnalyticsRecord) {}
    func stateChanged() { stateChanges += 1 }
}

@Suite("A fifth module plugs into the core through ModuleServices alone (XC-01, XC-06, XC-10)")
struct FifthModuleTests {
    private func makeCore() throws -> (EngineCore, CounterModule, CountingHost) {
        var options = CoreOptions()
        options.retry.baseDelay = 100
        options.retry.jitter = 0
        let core = try EngineCore(options: options)
        let host = CountingHost()
        core.host = host
        return (core, CounterModule(services: core.services()), host)
    }

    @Test("XC-01 XC-06 its request goes to the host, a failure is retried on its own timer, the answer comes back typed")
    func requestsAndTimers() throws {
        let (core, module, host) = try makeCore()
        try module.refresh(now: 1_000)
        let first = try #require(try core.pollRequest())
        #expect(first.url == "https://counter.test/value" && first.method == "GET")
        try core.completeRequest(first.id, status: 503, now: 1_010)
        #expect(module.log == ["attempt 1 failed: HTTP status 503"])
        #expect(core.nextDeadline == 1_110)  // the retry timer, 100 ms after the failure
        try core.onTimeout(now: 1_110)
        let second = try #require(try core.pollRequest())
        try core.completeRequest(second.id, status: 200, body: Array("42".utf8), now: 1_120)
        #expect(module.log.suffix(2) == ["retry 2 at 1110", "value 42 at 1120"])
        #expect(module.value == 42 && host.stateChanges == 1)
    }

    @Test("XC-04 XC-10 it hears the core's hooks and its state joins the engine's export and import")
    func hooksAndDurableState() throws {
        let (core, module, _) = try makeCore()
        try core.setUser("ada", now: 5)
        #expect(module.log == ["identity ada"])
        try module.refresh(now: 10)
        let request = try #require(try core.pollRequest())
        try core.completeRequest(request.id, status: 200, body: Array("7".utf8), now: 20)
        let blob = try core.exportState(now: 30, wallClock: 1_700_000_000_000)

        let (restarted, fresh, _) = try makeCore()
        #expect(fresh.value == nil)
        try restarted.importState(blob, now: 0, wallClock: 1_700_000_100_000)
        #expect(fresh.value == 7)
    }

    @Test("XC-04 a request bound to the identity is cancelled by a login: its late answer is not in flight")
    func identityBoundRequestIsCancelled() throws {
        let (core, module, _) = try makeCore()
        try module.refresh(now: 10)
        let request = try #require(try core.pollRequest())
        try core.setUser("grace", now: 20)
        #expect(throws: FramesError.self) { try core.completeRequest(request.id, status: 200, body: [0x31], now: 30) }
        #expect(module.value == nil)
    }
}
