// Decides: IM-01
import Synchronization

/// Where pushes handed in on any thread wait for the owner thread (IM-01).
/// handle_notification may run on any thread at any time, so it never
/// touches the engine: it classifies the payload (pure functions of the
/// bytes) and queues what is a message here; the owner thread takes
/// everything at the start of its next call into the engine
/// (`EngineModule.callStarting`) and builds the messages then — the
/// notifying thread does the least it can.
///
/// The inbox, not the engine, is what a notifying thread holds: an engine
/// freed meanwhile closes it, and a late hand-in finds it closed. `close`
/// also waits until no thread is inside the host's wake-up callback, so the
/// host may free what that callback uses once the engine is freed.
public final class MessageInbox: @unchecked Sendable {
    // @unchecked: every var is touched only with `lock` held; the lets are
    // set once at creation.
    private let lock: InboxLock
    /// 1 while something waits (a payload or a refusal), written with `lock`
    /// held: the owner's every call reads it without the lock, so an empty
    /// inbox costs one load instead of a lock round trip. A hand-in that
    /// races the read is taken at the next call, which its wake-up asks for.
    private let pending = Atomic<Int>(0)
    /// Checked payloads, with when and in which order they arrived.
    private var waiting: [(payload: [UInt8], arrivedAt: Milliseconds, sequence: UInt64)] = []
    private var earliest: Milliseconds?
    /// Messages refused at hand-in whose id could be read, for `explain`
    /// (XC-11); the owner takes them with the arrivals. Bounded like the
    /// queue: a flood of refusals never grows it.
    private var refused: [InboxRefusal] = []
    private var sequence: UInt64 = 0
    private var closed = false
    /// The threads inside the wake-up callback now (one entry per call).
    private var waking: [ObjectIdentifier] = []
    /// Called, with no lock held, when a message lands in an empty inbox.
    private let wakeup: (@Sendable () -> Void)?
    /// AF-14's origin rule for the message's content and image URLs.
    public let allowInsecureHTTP: Bool
    /// Sees each payload as the owner thread takes it in, before it is
    /// built (XC-12: the recording holds pushes in the order the owner saw
    /// them). Set and called on the owner thread only.
    public var tookIn: (([UInt8], Milliseconds) -> Void)?

    public init(lock: InboxLock, allowInsecureHTTP: Bool, wakeup: (@Sendable () -> Void)? = nil) {
        self.lock = lock
        self.allowInsecureHTTP = allowInsecureHTTP
        self.wakeup = wakeup
    }

    /// `body` with the lock held. A method of the inbox rather than of the
    /// lock protocol: a generic call through an `InboxLock` existential
    /// cannot be specialized in Embedded Swift.
    @inline(__always)
    private func locked<R>(_ body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// From any thread: classifies `payload`, which arrived at `arrivedAt`
    /// (the host's monotonic time on the notifying thread), and queues it if
    /// it is a message. `thread` identifies the calling thread, for `close`
    /// and `isWaking`. The first message of an empty inbox calls the host's
    /// wake-up on this thread.
    public func hand(_ payload: UnsafeBufferPointer<UInt8>, arrivedAt: Milliseconds,
                     thread: ObjectIdentifier) -> NotificationOutcome {
        // Too large is known before a byte is copied (read in place).
        if let refusal = ModalMessage.sizeRefusal(payload) { return NotificationOutcome(refusal) }
        let bytes = Array(copyingBytes: payload.baseAddress, count: payload.count)
        if let refusal = ModalMessage.check(bytes, allowInsecureHTTP: allowInsecureHTTP) {
            if let id = refusal.messageId, refusal.result == .needsNewerEngine || refusal.result == .malformed {
                locked {
                    guard !closed else { return }
                    if refused.count >= MessageLimits.inboxCapacity { refused.removeFirst() }
                    refused.append(InboxRefusal(id: id, refusal: refusal, arrivedAt: arrivedAt))
                    pending.store(1, ordering: .releasing)
                }
            }
            return NotificationOutcome(refusal)
        }
        let queued: Result<Bool, FramesError> = locked { () -> Result<Bool, FramesError> in
            guard !closed else {
                return .failure(FramesError(.invalidHandle, "the engine was freed; the notification is dropped"))
            }
            guard waiting.count < MessageLimits.inboxCapacity else {
                return .failure(NotificationRefusal(.inboxFull, "\(waiting.count) messages wait for the owner thread "
                    + "to call in (the limit is \(MessageLimits.inboxCapacity)); is it calling "
                    + "frames_engine_on_timeout when message_wakeup or the next deadline says so?").error)
            }
            sequence &+= 1
            let wake = waiting.isEmpty && wakeup != nil
            waiting.append((bytes, arrivedAt, sequence))
            pending.store(1, ordering: .releasing)
            earliest = min(earliest ?? arrivedAt, arrivedAt)
            if wake { waking.append(thread) }
            return .success(wake)
        }
        switch queued {
        case .failure(let error):
            return NotificationOutcome(result: error.code == .invalidState ? .inboxFull : nil, error: error)
        case .success(let wake):
            if wake, let wakeup {
                wakeup()
                locked {
                    if let index = waking.firstIndex(of: thread) { waking.remove(at: index) }
                    if waking.isEmpty { lock.signalAll() }
                }
            }
            return NotificationOutcome(result: .handled, error: nil)
        }
    }

    /// On the owner thread: everything waiting, built into messages outside
    /// the lock, in arrival order. A payload that passed the check always
    /// builds; one that would not is dropped rather than trusted.
    public func takeArrivals() -> [ArrivedMessage] {
        takeAll().arrivals
    }

    /// The arrivals and the refusals noted since the last call, under one
    /// lock: what the owner's every call takes (`callStarting`).
    public func takeAll() -> (arrivals: [ArrivedMessage], refusals: [InboxRefusal]) {
        guard pending.load(ordering: .acquiring) != 0 else { return ([], []) }
        let (taken, refusals) = locked { () -> ([(payload: [UInt8], arrivedAt: Milliseconds, sequence: UInt64)], [InboxRefusal]) in
            let taken = waiting
            // Room for as many as last time, allocated here on the owner
            // thread: the notifying threads' appends then never grow the
            // array.
            waiting = []
            waiting.reserveCapacity(taken.count)
            earliest = nil
            let refusals = refused
            if !refused.isEmpty { refused = [] }
            pending.store(0, ordering: .relaxed)
            return (taken, refusals)
        }
        // Only what the owner takes in is seen by `tookIn` (XC-12): a peek
        // for `explain` takes nothing (XC-11).
        for item in taken { tookIn?(item.payload, item.arrivedAt) }
        return (build(taken), refusals)
    }

    private func build(_ taken: [(payload: [UInt8], arrivedAt: Milliseconds, sequence: UInt64)]) -> [ArrivedMessage] {
        taken.compactMap { item in
            guard case .success(let message) = ModalMessage.read(item.payload, allowInsecureHTTP: allowInsecureHTTP) else {
                return nil
            }
            return ArrivedMessage(message: message, arrivedAt: item.arrivedAt, sequence: item.sequence)
        }
    }

    /// What waits, read without taking it (XC-11: an explanation picks
    /// nothing up): the messages in arrival order and the refusals.
    public func peek() -> (arrivals: [ArrivedMessage], refusals: [InboxRefusal]) {
        let copied = locked { () -> ([(payload: [UInt8], arrivedAt: Milliseconds, sequence: UInt64)], [InboxRefusal]) in
            (waiting, refused)
        }
        return (build(copied.0), copied.1)
    }

    /// The earliest arrival among the messages waiting; nil when none waits.
    public var earliestArrival: Milliseconds? { locked { earliest } }

    /// Whether `thread` is inside this inbox's wake-up callback: freeing the
    /// engine from there would wait for itself.
    public func isWaking(_ thread: ObjectIdentifier) -> Bool {
        locked { waking.contains(thread) }
    }

    /// Refuses every later hand-in, drops what waits, and returns once no
    /// wake-up callback is running on any thread.
    public func close() {
        lock.lock()
        closed = true
        waiting = []
        refused = []
        earliest = nil
        while !waking.isEmpty { lock.wait() }
        lock.unlock()
    }
}

/// What a hand-in made of a payload: the result the host reads (nil when
/// there is none to report: the engine was freed) and the error that
/// explains a refusal. A push that is simply not ours is no error (IM-01).
public struct NotificationOutcome: Sendable {
    public let result: NotificationResult?
    public let error: FramesError?

    init(result: NotificationResult?, error: FramesError?) {
        self.result = result
        self.error = error
    }

    init(_ refusal: NotificationRefusal) {
        result = refusal.result
        error = refusal.result == .notAMessage ? nil : refusal.error
    }
}

/// A message refused at hand-in (IM-01, XC-09) whose id could be read.
public struct InboxRefusal: Sendable {
    public let id: String
    public let refusal: NotificationRefusal
    public let arrivedAt: Milliseconds
}
