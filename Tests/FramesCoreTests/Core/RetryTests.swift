import Testing
@testable import FramesCore

@Suite("Retry with backoff (XC-06)")
struct RetryTests {
    @Test("XC-06 SplitMix64 is the published generator (first outputs for seed 0)")
    func generator() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test("XC-06 without jitter the delays double up to the cap")
    func exponential() {
        var policy = RetryPolicy()
        policy.maxAttempts = 8
        policy.jitter = 0
        policy.baseDelay = 1_000
        policy.maxDelay = 10_000
        var random = SplitMix64(seed: 1)
        let delays = (1...8).map { policy.delay(afterAttempt: $0, retryAfter: nil, random: &random) }
        #expect(delays == [1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000, nil])
    }

    @Test("XC-06 a virtual clock observes the exact schedule for a seeded jitter")
    func seededSchedule() throws {
        let r = Recorder()
        let engine = try makeEngine(r) { $0.randomSeed = 42 }
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        // The expected times, from the same formula: base 1000, factor 2, jitter 0.2.
        var random = SplitMix64(seed: 42)
        var expected: [Milliseconds] = [0]
        var now: Milliseconds = 0
        for attempt in 1...3 {
            let scale = 0.8 + 0.4 * random.nextUnit()
            now += Milliseconds((Double(1_000 << (attempt - 1)) * scale).rounded())
            expected.append(now)
        }
        var sent: [Milliseconds] = []
        var clock: Milliseconds = 0
        while sent.count < 5 {
            if let request = try engine.pollRequest() {
                sent.append(clock)
                try engine.completeRequest(request.id, response: HTTPResponse(status: 500), now: clock)
            } else if let deadline = engine.nextDeadline {
                clock = deadline
                try engine.onTimeout(now: clock)
            } else {
                break
            }
        }
        #expect(sent == expected)  // 4 attempts, then final
        #expect(frame.status == .errorResolving)
        #expect(frame.error?.message.contains("4 attempts") == true)
        // Bounds of the default jitter: within ±20% of 1, 2, 4 seconds.
        #expect((800...1_200).contains(expected[1]))
    }

    @Test("XC-06 Retry-After is honoured; 4xx and malformed payloads are not retried")
    func retryAfterAndPermanent() throws {
        let r = Recorder()
        let engine = try makeEngine(r)
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        var request = try #require(try engine.pollRequest())
        try engine.completeRequest(request.id, response: HTTPResponse(status: 429, headers: [HTTPHeader("Retry-After", " 7 ")]), now: 100)
        #expect(engine.nextDeadline == 7_100)
        try engine.onTimeout(now: 7_100)
        request = try #require(try engine.pollRequest())
        try engine.completeRequest(request.id, response: HTTPResponse(status: 404), now: 7_200)
        #expect(frame.status == .errorResolving && engine.nextDeadline == nil)
        #expect(frame.error?.message.contains("1 attempt") == false && frame.error?.httpStatus == 404)

        let r2 = Recorder()
        let engine2 = try makeEngine(r2)
        let frame2 = try makeFrame(engine2, r2, placement: "home")
        try engine2.appFrames.attach(frame2, now: 0)
        request = try #require(try engine2.pollRequest())
        try engine2.completeRequest(request.id, response: HTTPResponse(status: 200, body: Array("{\"placements\":".utf8)), now: 1)
        #expect(frame2.status == .errorResolving && engine2.nextDeadline == nil)
    }

    @Test("XC-06 a request without an answer times out at its deadline and is retried; its late answer is refused")
    func requestTimeout() throws {
        let r = Recorder()
        let engine = try makeEngine(r) { $0.requestTimeout = 3_000; $0.retry.jitter = 0 }
        let frame = try makeFrame(engine, r, placement: "home")
        try engine.appFrames.attach(frame, now: 0)
        let stalled = try #require(try engine.pollRequest())
        #expect(stalled.deadline == 3_000 && engine.nextDeadline == 3_000)
        try engine.onTimeout(now: 3_000)
        #expect(engine.nextDeadline == 4_000)
        do {
            try engine.completeRequest(stalled.id, response: HTTPResponse(status: 200), now: 3_500)
            Issue.record("a timed-out request was accepted")
        } catch {
            #expect(error.code == .notFound)
        }
        #expect(frame.status == .resolving)
    }
}
