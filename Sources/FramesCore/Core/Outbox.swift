// Decides: XC-03
/// The callbacks a call caused, waiting to be delivered in posting order
/// once its state change has settled (XC-03), and whether the host must
/// hear that durable state changed (XC-10).
///
/// One value, not four properties of the engine: every access to an
/// engine's stored property is checked for exclusivity at run time, and the
/// queue is looked at on every call and for every callback.
struct Outbox {
    /// One queued callback. A struct around the closure, not a bare
    /// `() -> Void` element: an array of bare closures stores them at the
    /// generic abstraction, so every post would allocate a reabstraction
    /// thunk and every delivery would call through it.
    struct Delivery {
        let run: () -> Void
    }

    private var items: [Delivery] = []
    private var head = 0
    /// A flush is running: a callback that re-enters the engine adds to its
    /// queue instead of starting another.
    private(set) var delivering = false
    var stateChangePending = false

    /// Work for a flush that may start now.
    var needsFlush: Bool { !delivering && (head < items.count || stateChangePending) }

    mutating func post(_ deliver: @escaping () -> Void) {
        items.append(Delivery(run: deliver))
    }

    /// Starts delivering; false when a flush is already running.
    mutating func beginDelivery() -> Bool {
        guard !delivering else { return false }
        delivering = true
        return true
    }

    /// The next callback to deliver, in posting order.
    mutating func next() -> Delivery? {
        guard let item = items[safe: head] else { return nil }
        head += 1
        return item
    }

    /// Takes the state-changed signal: true once per pending change.
    mutating func takeStateChange() -> Bool {
        guard stateChangePending else { return false }
        stateChangePending = false
        return true
    }

    /// Ends a flush: the queue is empty again, its storage kept.
    mutating func endDelivery() {
        delivering = false
        items.removeAll(keepingCapacity: true)
        head = 0
    }

    /// Drops every pending callback (the engine closed).
    mutating func removeAll() {
        items.removeAll()
        head = 0
    }
}
