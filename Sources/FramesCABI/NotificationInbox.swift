#if canImport(Glibc)
// Decides: IM-01
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CFrames
import FramesCore

/// An engine's inbox of modal messages (IM-01): the only engine state that
/// frames_engine_handle_notification touches, from any thread. A pthread
/// mutex guards it (one ThreadSanitizer sees, like the handle registry's),
/// and a condition variable lets frames_engine_free wait until no thread is
/// inside the host's wake-up callback: after free returns, the host may
/// free what user_data points to, so no wake-up may still be running or
/// start later.
///
/// The notifying thread holds this object, never the engine: an engine
/// freed meanwhile is torn down on its own thread, and a late hand-in finds
/// the inbox closed. It queues the payload's bytes, which it has only
/// checked (`ModalMessage.check`); the message is built on the owner thread
/// when it takes them — the notifying thread does the least it can.
final class NotificationInbox: MessageInbox, @unchecked Sendable {
    // @unchecked: every var is touched only with `mutex` held; the lets
    // are set once at creation.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let idle: UnsafeMutablePointer<pthread_cond_t>
    /// Checked payloads, with when and in which order they arrived.
    private var waiting: [(payload: [UInt8], arrivedAt: Milliseconds, sequence: UInt64)] = []
    private var earliest: Milliseconds?
    private var sequence: UInt64 = 0
    private var closed = false
    /// The threads inside the wake-up callback now (one entry per call).
    private var waking: [ObjectIdentifier] = []

    private let wakeup: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    private let userData: UnsafeMutableRawPointer?
    /// AF-14's origin rule for the engine's content and image URLs.
    let allowInsecureHTTP: Bool

    init(callbacks: frames_host_callbacks?, allowInsecureHTTP: Bool) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        idle = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        idle.initialize(to: pthread_cond_t())
        pthread_cond_init(idle, nil)
        wakeup = callbacks?.message_wakeup
        userData = callbacks?.user_data
        self.allowInsecureHTTP = allowInsecureHTTP
    }

    deinit {
        pthread_cond_destroy(idle)
        idle.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Queues a payload `ModalMessage.check` passed, which arrived at
    /// `arrivedAt`, from any thread. The first message of an empty inbox
    /// calls the host's wake-up, on this thread, with no lock held.
    func hand(_ payload: [UInt8], arrivedAt: Milliseconds) throws(FramesError) {
        let me = ObjectIdentifier(ThreadToken.current)
        let outcome = locked { () -> Result<Bool, FramesError> in
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
            waiting.append((payload, arrivedAt, sequence))
            earliest = min(earliest ?? arrivedAt, arrivedAt)
            if wake { waking.append(me) }
            return .success(wake)
        }
        guard try outcome.get(), let wakeup else { return }
        wakeup(userData)
        locked {
            if let index = waking.firstIndex(of: me) { waking.remove(at: index) }
            if waking.isEmpty { pthread_cond_broadcast(idle) }
        }
    }

    /// On the owner thread: everything waiting, built into messages outside
    /// the lock. A payload that passed the check always builds; one that
    /// would not is dropped rather than trusted.
    func takeArrivals() -> [ArrivedMessage] {
        let taken = locked { () -> [(payload: [UInt8], arrivedAt: Milliseconds, sequence: UInt64)] in
            let taken = waiting
            // Room for as many as last time, allocated here on the owner
            // thread: the notifying threads' appends then never grow the
            // array (IM-01).
            waiting = []
            waiting.reserveCapacity(taken.count)
            earliest = nil
            return taken
        }
        return taken.compactMap { item in
            guard case .success(let message) = ModalMessage.read(item.payload, allowInsecureHTTP: allowInsecureHTTP) else {
                return nil
            }
            return ArrivedMessage(message: message, arrivedAt: item.arrivedAt, sequence: item.sequence)
        }
    }

    var earliestArrival: Milliseconds? { locked { earliest } }

    /// Whether the calling thread is inside this inbox's wake-up callback:
    /// freeing the engine from there would wait for itself.
    var isWakingOnCallingThread: Bool {
        let me = ObjectIdentifier(ThreadToken.current)
        return locked { waking.contains(me) }
    }

    /// Refuses every later hand-in, drops what waits, and returns once no
    /// wake-up callback is running on any thread.
    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        waiting = []
        earliest = nil
        while !waking.isEmpty { pthread_cond_wait(idle, mutex) }
        pthread_mutex_unlock(mutex)
    }
}
