import CFramesLibc
import CFrames
import FramesCore

/// The lock of an engine's message inbox (IM-01): a pthread mutex, which
/// ThreadSanitizer sees like the handle registry's, and a condition variable
/// that frames_engine_free waits on until no thread is inside the host's
/// wake-up callback.
final class PthreadInboxLock: InboxLock, @unchecked Sendable {
    // @unchecked: the pointers are set once; pthread guards what they hold.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let idle: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        idle = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        idle.initialize(to: pthread_cond_t())
        pthread_cond_init(idle, nil)
    }

    deinit {
        pthread_cond_destroy(idle)
        idle.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func wait() { pthread_cond_wait(idle, mutex) }
    func signalAll() { pthread_cond_broadcast(idle) }
}

/// The host's message_wakeup and its user_data, callable from any thread:
/// the host promised that much when it set the callback.
struct MessageWakeup: @unchecked Sendable {
    let call: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let userData: UnsafeMutableRawPointer?

    init?(_ callbacks: frames_host_callbacks?) {
        guard let call = callbacks?.message_wakeup else { return nil }
        self.call = call
        self.userData = callbacks?.user_data
    }

    /// The inbox's wake-up: a message landed in an empty inbox.
    var closure: @Sendable () -> Void {
        let wakeup = self
        return { wakeup.call(wakeup.userData) }
    }
}
