import CFramesLibc

/// A value behind a pthread mutex. A pthread mutex rather than
/// Synchronization.Mutex: its slow path lives in the toolchain's
/// uninstrumented static library, so ThreadSanitizer could not see the
/// registry's locking and reported its critical sections as races.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
