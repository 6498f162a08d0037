/// Where messages handed in on other threads wait for the owner thread
// Decides: IM-01
/// (IM-01). handle_notification may run on any thread at any time, so it
/// never touches the engine: it checks the payload (a pure function) and
/// drops the message here; the owner thread takes everything at the start
/// of its next call into the engine (`EngineModule.callStarting`). The
/// implementation that is safe across threads lives with the C layer,
/// which owns the locks; this protocol is all the module sees of it.
public protocol MessageInbox: AnyObject {
    /// Everything that arrived since the last call, in arrival order; the
    /// inbox is empty afterwards.
    func takeArrivals() -> [ArrivedMessage]
    /// The earliest arrival time among the messages waiting; nil when none
    /// waits. The engine's next deadline is due while one waits.
    var earliestArrival: Milliseconds? { get }
}

/// A message as it arrived: when (the host's monotonic `now_ms`, read on
/// the notifying thread) and in which order.
public struct ArrivedMessage: Sendable, Equatable {
    public let message: ModalMessage
    /// IM-03's 6-hour rule counts from here. Taken when the push arrived,
    /// not when the owner thread picked it up: a host whose owner thread
    /// sleeps while the app is in the background would otherwise make an
    /// old message look new.
    public let arrivedAt: Milliseconds
    /// Arrival order across all notifying threads: breaks ties between
    /// messages sent at the same time (newest wins, IM-03).
    public let sequence: UInt64

    public init(message: ModalMessage, arrivedAt: Milliseconds, sequence: UInt64) {
        self.message = message
        self.arrivedAt = arrivedAt
        self.sequence = sequence
    }

    /// IM-03, IM-04: later sent wins; for the same sent time, later arrived.
    func isNewer(than other: ArrivedMessage) -> Bool {
        (message.sentAt, sequence) > (other.message.sentAt, other.sequence)
    }

    /// How long ago it arrived at `now`; never negative, never overflowing
    /// whatever times the host passed (XC-07).
    func age(at now: Milliseconds) -> Milliseconds {
        let (difference, overflow) = now.subtractingReportingOverflow(arrivedAt)
        if overflow { return now > arrivedAt ? .max : 0 }
        return max(0, difference)
    }
}
