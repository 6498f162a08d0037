// Decides: XC-03
/// The callbacks a call caused, waiting to be delivered in posting order
/// once its state change has settled (XC-03), and whether the host must
/// hear that durable state changed (XC-10).
///
/// One value, not four properties of the engine: every access to an
/// engine's stored property is checked for exclusivity at run time, and the
/// queue is looked at on every call and for every callback.
struct Outbox {
    /// One queued callback: what kind it is, in posting order. Plain values,
    /// so the order costs no reference counting; what a callback carries
    /// waits in a queue of its kind. The frequent callbacks are not
    /// closures: a closure costs an allocation to post and a release to
    /// drop, and a module that sends callbacks per answer (content ready,
    /// a record per view) paid more for them than for the answer.
    enum Delivery {
        /// The oldest closure a module queued (`post(_:)`, `takeRun`).
        case run
        /// The oldest analytics record waiting (`takeRecord`, XC-05).
        case record
        /// The oldest callback value the module behind this route queued
        /// (`ModuleServices.post(_:)`), which keeps them in its own queue.
        case next(ObjectIdentifier)
        /// A `.next` of a route that went away before its delivery.
        case dropped
    }

    private var items = FlushQueue<Delivery>()
    private var runs = FlushQueue<() -> Void>()
    /// Not a `FlushQueue`: a record is made in its slot (`postRecord`).
    private var records: [AnalyticsRecord?] = []
    private var recordCount = 0
    private var recordHead = 0
    /// A flush is running: a callback that re-enters the engine adds to its
    /// queue instead of starting another.
    private(set) var delivering = false
    var stateChangePending = false

    /// Work for a flush that may start now.
    var needsFlush: Bool { !delivering && (!items.isEmpty || stateChangePending) }

    mutating func post(_ run: @escaping () -> Void) {
        runs.append(run)
        items.append(.run)
    }

    mutating func postNext(of route: ObjectIdentifier) {
        items.append(.next(route))
    }

    /// Made here, in its slot, from its parts: passed whole, the record — a
    /// dozen strings — was copied on the way.
    mutating func postRecord(name: String, time: Milliseconds, sessionId: String, userId: String?, module: String,
                             location: String?, campaignId: String?, variantId: String?, viewId: String?,
                             fields: consuming AnalyticsRecord.Fields) {
        if recordCount == records.count { records.append(nil) }
        records[recordCount] = AnalyticsRecord(name: name, time: time, sessionId: sessionId, userId: userId,
                                               module: module, location: location, campaignId: campaignId,
                                               variantId: variantId, viewId: viewId, fieldStorage: fields)
        recordCount += 1
        items.append(.record)
    }

    /// The route went away: its callbacks went with it.
    mutating func dropNext(of route: ObjectIdentifier) {
        items.replaceWaiting { if case .next(route) = $0 { $0 = .dropped } }
    }

    /// Starts delivering; false when a flush is already running.
    mutating func beginDelivery() -> Bool {
        guard !delivering else { return false }
        delivering = true
        return true
    }

    /// The next callback to deliver, in posting order.
    mutating func next() -> Delivery? { items.take() }

    /// The `.next` items of the same route right after the one `next` just
    /// returned, taken with it: how many. Its module's callbacks then go
    /// out in one run, the module looked up once.
    mutating func takeRepeats(of route: ObjectIdentifier) -> Int {
        items.takeRepeats { if case .next(route) = $0 { true } else { false } }
    }

    /// The closure of the `.run` item `next` just returned.
    mutating func takeRun() -> (() -> Void)? { runs.take() }

    /// The record of the `.record` item `next` just returned.
    mutating func takeRecord() -> AnalyticsRecord? {
        guard recordHead < recordCount else { return nil }
        recordHead += 1
        return records[recordHead - 1].take()
    }

    /// Takes the state-changed signal: true once per pending change.
    mutating func takeStateChange() -> Bool {
        guard stateChangePending else { return false }
        stateChangePending = false
        return true
    }

    /// Ends a flush: the queues are empty again, their storage kept.
    mutating func endDelivery() {
        delivering = false
        items.reset()
        runs.reset()
        if recordHead < recordCount { records.removeAll() }
        recordCount = 0
        recordHead = 0
    }

    /// Drops every pending callback (the engine closed).
    mutating func removeAll() {
        items.removeAll()
        runs.removeAll()
        records.removeAll()
        recordCount = 0
        recordHead = 0
    }
}
