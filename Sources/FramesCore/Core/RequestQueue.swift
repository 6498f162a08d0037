/// Identifies a request a module enqueued; the module keeps what it is for.
public struct RequestID: Hashable, Sendable, Comparable {
    public let value: UInt64

    public static func < (a: RequestID, b: RequestID) -> Bool { a.value < b.value }
}

/// Requests waiting for the host and in flight (XC-01): who asked, and
/// until when the answer counts.
struct RequestQueue {
    struct InFlight {
        let owner: ObjectIdentifier
        /// Cancelled when the identity or consent changes (XC-04).
        let boundToIdentity: Bool
    }

    /// Optional, so that a polled request is moved out, not copied.
    private var queued: [OutgoingRequest?] = []
    private var head = 0
    private var inFlight = Deadlines<InFlight>()
    private var nextId: UInt64 = 1

    mutating func enqueue(method: String, url: String, headers: [HTTPHeader], body: [UInt8],
                          deadline: Milliseconds, owner: ObjectIdentifier, boundToIdentity: Bool) -> RequestID {
        let id = nextId
        nextId &+= 1
        queued.append(OutgoingRequest(id: id, method: method, url: url, headers: headers, body: body, deadline: deadline))
        inFlight.insert(id, at: deadline, InFlight(owner: owner, boundToIdentity: boundToIdentity))
        return RequestID(value: id)
    }

    /// Room for `count` more requests queued and in flight: a module about
    /// to send many saves the growth of each table one by one — every
    /// growth moves what it holds, more of it the longer the list.
    mutating func reserveCapacity(more count: Int) {
        queued.reserveCapacity(queued.count + count)
        inFlight.reserveCapacity(more: count)
    }

    /// The next request still wanted, skipping those cancelled while queued.
    mutating func poll() -> OutgoingRequest? {
        while head < queued.count {
            let request = queued[head].take()
            head += 1
            if head == queued.count {
                queued.removeAll(keepingCapacity: true)
                head = 0
            }
            if let request, inFlight.live[request.id] != nil { return request }
        }
        return nil
    }

    mutating func take(_ id: UInt64) -> InFlight? {
        inFlight.remove(id)
    }

    mutating func cancel(_ id: RequestID) {
        inFlight.remove(id.value)
    }

    /// Forgets every request bound to the identity: their late answers are
    /// then "not in flight" (XC-04).
    mutating func cancelIdentityBound() {
        inFlight.removeAll { $0.boundToIdentity }
    }

    mutating func removeAll() {
        queued.removeAll()
        head = 0
        inFlight.removeAll()
    }

    mutating func nextDeadline() -> Milliseconds? { inFlight.next() }

    /// Removes and returns the requests whose deadline passed, in id order.
    mutating func takeExpired(at now: Milliseconds) -> [(UInt64, InFlight)] {
        inFlight.takeDue(at: now).map { ($0.id, $0.value) }.sorted { $0.0 < $1.0 }
    }
}
