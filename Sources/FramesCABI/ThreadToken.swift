// Decides: XC-02
import CFramesLibc

/// Who a thread is, for the owner-thread rule (XC-02). A `pthread_t` is not
/// an identity: the system hands an ended thread's id to the next thread it
/// creates, which must not inherit the engines of the first. So every thread
/// gets a token the first time it calls in, kept in a pthread key whose
/// destructor marks it ended when the thread exits. Tokens are compared by
/// object, never reused.
final class ThreadToken: @unchecked Sendable {
    // @unchecked: `ended` is only touched under its lock; the last engine
    // only by the token's own thread.
    private let ended = Locked(false)

    /// The engine this thread looked up last, by handle id
    /// (`Handles.engine`): every call looks its engine up, and a host
    /// mostly drives one — the registry's lock and hash cost more than the
    /// rest of a poll. Unowned: the registry owns the engine, and only
    /// `Handles.claimEngine` takes it out — on this thread, which forgets it
    /// here then, or once this thread has ended, when nothing reads this.
    private(set) var lastEngineId: UInt64 = 0
    private(set) unowned(unsafe) var lastEngine: EngineEntry?

    func remember(_ entry: EngineEntry, id: UInt64) {
        lastEngineId = id
        lastEngine = entry
    }

    func forgetEngine(_ id: UInt64) {
        guard lastEngineId == id else { return }
        lastEngineId = 0
        lastEngine = nil
    }

    var hasEnded: Bool { ended.withLock { $0 } }

    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let token = Unmanaged<ThreadToken>.fromOpaque(pointer).takeRetainedValue()
            token.ended.withLock { $0 = true }
        }
        return created == 0 ? key : nil
    }()

    /// The calling thread's token, made on its first call. Without a key
    /// (pthread_key_create failed) every call gets a fresh token, so no
    /// thread owns anything: every owner check then fails safely.
    static var current: ThreadToken {
        guard let key else { return ThreadToken() }
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadToken>.fromOpaque(pointer).takeUnretainedValue()
        }
        let token = ThreadToken()
        if pthread_setspecific(key, Unmanaged.passRetained(token).toOpaque()) != 0 {
            Unmanaged.passUnretained(token).release()
        }
        return token
    }
}
