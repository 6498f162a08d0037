/// The lock that guards a `MessageInbox` across threads (IM-01). The engine
/// owns no thread, so whoever hands messages in from other threads — the C
/// layer — provides it, with the primitives its threads and tools know
/// (ThreadSanitizer sees a pthread mutex).
public protocol InboxLock: AnyObject, Sendable {
    func lock()
    func unlock()
    /// With the lock held: waits until `signalAll`, holding the lock again
    /// on return.
    func wait()
    /// With the lock held: wakes every thread in `wait`.
    func signalAll()
}
