// Decides: XC-01, XC-06
/// The sans-IO half of the engine (XC-01, XC-06): requests out to the host,
/// answers and timeouts back in, routed to the module that asked.
extension EngineCore {
    /// The next request for the host to perform, or nil when none is waiting.
    /// The request is in flight from now until it is completed, failed or
    /// times out at its deadline.
    public func pollRequest() throws(FramesError) -> OutgoingRequest? {
        try mutate { () throws(FramesError) -> OutgoingRequest? in requests.poll() }
    }

    /// The host's answer to request `id`: an HTTP status (100...999), its
    /// headers and body. 2xx are successes; other statuses are failures the
    /// module may retry (XC-06).
    public func completeRequest(_ id: UInt64, status: Int, headers: [HTTPHeader] = [], body: [UInt8] = [],
                                now: Milliseconds) throws(FramesError) {
        guard (100...999).contains(status) else {
            throw .invalidArgument("http_status is \(status); it must be an HTTP status code (100...999)")
        }
        try completeRequest(id, response: HTTPResponse(status: status, headers: headers, body: body), now: now)
    }

    public func completeRequest(_ id: UInt64, response: HTTPResponse, now: Milliseconds) throws(FramesError) {
        try mutate(now: now) { (now) throws(FramesError) in
            let request = try takeInFlight(id)
            let result: Result<[UInt8], RequestFailure>
            trace(.debug, "request \(id): HTTP \(response.status), \(response.body.count) bytes")
            if (200...299).contains(response.status) {
                result = .success(response.body)
            } else {
                result = .failure(.http(status: response.status, retryAfter: response.retryAfter))
            }
            module(request.owner)?.requestFinished(RequestID(value: id), result, now: now)
        }
    }

    /// The host could not perform request `id` (DNS, connection, TLS...).
    /// A nil message stands for "the host could not perform the request".
    public func failRequest(_ id: UInt64, message: String?, now: Milliseconds) throws(FramesError) {
        try mutate(now: now) { (now) throws(FramesError) in
            let request = try takeInFlight(id)
            let reason = message ?? "the host could not perform the request"
            trace(.info, "request \(id): transport error: \(reason)")
            module(request.owner)?.requestFinished(RequestID(value: id), .failure(.transport(reason)), now: now)
        }
    }

    /// When the host must call `onTimeout` next, or nil when nothing is
    /// timed: the earliest timer, request deadline, or module deadline (input
    /// waiting from other threads, IM-01).
    public var nextDeadline: Milliseconds? {
        var earliest = Self.earlier(timers.nextDeadline(), requests.nextDeadline())
        eachModule { earliest = Self.earlier(earliest, $0.nextDeadline) }
        return earliest
    }

    private static func earlier(_ a: Milliseconds?, _ b: Milliseconds?) -> Milliseconds? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// Fires every request timeout and timer due at `now`.
    public func onTimeout(now: Milliseconds) throws(FramesError) {
        try mutate(now: now) { (now) throws(FramesError) in
            for (id, request) in requests.takeExpired(at: now) {
                trace(.info, "request \(id): timed out")
                module(request.owner)?.requestFinished(RequestID(value: id), .failure(.timeout), now: now)
            }
            for (timer, owner) in timers.takeDue(at: now) {
                module(owner)?.timerFired(timer, now: now)
            }
        }
    }

    private func takeInFlight(_ id: UInt64) throws(FramesError) -> RequestQueue.InFlight {
        guard let request = requests.take(id) else {
            throw FramesError(.notFound, "request \(id) is not in flight (never issued, already answered, "
                + "timed out or cancelled); its answer is ignored")
        }
        return request
    }
}
