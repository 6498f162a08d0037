// Decides: XC-02, XC-03, XC-07
import CFramesLibc
import FramesCore

/// The registry behind every engine, frame and place handle (XC-07): a
/// handle is an id, never a pointer the library dereferences. NULL, freed,
/// foreign and wrong-kind handles are found missing here and answered with
/// an error. Ids are never reused, so a stale handle stays invalid forever;
/// and they are a per-process keyed permutation of a counter, so a stray or
/// made-up integer — or a neighbour of a live handle — is a live handle only
/// with probability about (live handles) / 2^64.
///
/// The registry is locked only to look entries up, never while calling into
/// an engine: callbacks re-enter the library (XC-03).
enum Handles {
    struct Table {
        var counter: UInt64 = 0
        var engines: [UInt64: EngineEntry] = [:]
        var frames: [UInt64: FrameEntry] = [:]
        var places: [UInt64: PlaceEntry] = [:]
        var views: [UInt64: InlineViewEntry] = [:]
    }

    static let table = Locked(Table())

    static func pointer(_ id: UInt64) -> OpaquePointer? {
        OpaquePointer(bitPattern: UInt(id))
    }

    static func id(_ handle: OpaquePointer?) -> UInt64 {
        UInt64(UInt(bitPattern: handle))
    }

    static func newId() -> UInt64 {
        table.withLock { table in
            while true {
                table.counter &+= 1
                let id = HandleKey.permute(table.counter)
                if id != 0 { return id }
            }
        }
    }

    /// Removes an engine and everything made from it from the registry, in
    /// one step, for frames_engine_free: from its owner thread, or from any
    /// thread once the owner has ended (XC-02). Two threads freeing the same
    /// orphaned engine cannot both get it.
    static func claimEngine(_ handle: OpaquePointer?) throws(FramesError) -> (EngineEntry, [FrameEntry], [PlaceEntry]) {
        guard handle != nil else { throw FramesError(.invalidHandle, "engine is NULL") }
        let id = id(handle)
        let claimed = table.withLock { table -> Result<(EngineEntry, [FrameEntry], [PlaceEntry]), FramesError> in
            guard let entry = table.engines[id] else {
                return .failure(FramesError(.invalidHandle, "engine handle \(hex(id)) is not a live engine (freed, never created, or another kind of handle)"))
            }
            if !entry.isOwnedByCaller && !entry.ownerHasEnded {
                return .failure(entry.wrongThread("engine \(hex(id))"))
            }
            table.engines[id] = nil
            // Out of the registry: out of the caller's last lookup too.
            ThreadToken.current.forgetEngine(id)
            let frames = entry.frameIds.compactMap { table.frames.removeValue(forKey: $0) }
            let places = entry.placeIds.compactMap { table.places.removeValue(forKey: $0) }
            return .success((entry, frames, places))
        }
        return try claimed.get()
    }

    /// The engine behind a handle, on its owner thread (XC-02).
    static func engine(_ handle: OpaquePointer?) throws(FramesError) -> EngineEntry {
        guard handle != nil else { throw FramesError(.invalidHandle, "engine is NULL") }
        let id = id(handle)
        let caller = ThreadToken.current
        // The engine this thread found last is still registered (it leaves
        // only through `claimEngine`, which forgets it) and this thread's
        // (it was remembered after the owner check): no lock, no lookup.
        if id == caller.lastEngineId, let entry = caller.lastEngine { return entry }
        guard let entry = table.withLock({ $0.engines[id] }) else {
            throw FramesError(.invalidHandle, "engine handle \(hex(id)) is not a live engine (freed, never created, or another kind of handle)")
        }
        guard entry.owner === caller else { throw entry.wrongThread("engine \(hex(id))") }
        caller.remember(entry, id: id)
        return entry
    }

    /// The inbox of the engine behind a handle, from any thread (IM-01):
    /// the one lookup without an owner-thread check. The caller holds the
    /// inbox, not the engine.
    static func inbox(_ handle: OpaquePointer?) throws(FramesError) -> MessageInbox {
        guard handle != nil else { throw FramesError(.invalidHandle, "engine is NULL") }
        let id = id(handle)
        guard let inbox = table.withLock({ $0.engines[id]?.inbox }) else {
            throw FramesError(.invalidHandle, "engine handle \(hex(id)) is not a live engine (freed, never created, or another kind of handle)")
        }
        return inbox
    }

    /// The frame behind a handle, on its engine's owner thread (XC-02).
    static func frame(_ handle: OpaquePointer?) throws(FramesError) -> FrameEntry {
        guard handle != nil else { throw FramesError(.invalidHandle, "frame is NULL") }
        let id = id(handle)
        guard let entry = table.withLock({ $0.frames[id] }) else {
            throw FramesError(.invalidHandle, "frame handle \(hex(id)) is not a live frame (freed, its engine freed, or another kind of handle)")
        }
        try entry.engine.checkThread(what: "frame \(hex(id))")
        return entry
    }

    /// The banner place behind a handle, on its engine's owner thread.
    static func place(_ handle: OpaquePointer?) throws(FramesError) -> PlaceEntry {
        guard handle != nil else { throw FramesError(.invalidHandle, "place is NULL") }
        let id = id(handle)
        guard let entry = table.withLock({ $0.places[id] }) else {
            throw FramesError(.invalidHandle, "banner place handle \(hex(id)) is not a live place (freed, its engine freed, or another kind of handle)")
        }
        try entry.engine.checkThread(what: "banner place \(hex(id))")
        return entry
    }

    /// The inline view behind a handle, on its engine's owner thread.
    static func inlineView(_ handle: OpaquePointer?) throws(FramesError) -> InlineViewEntry {
        guard handle != nil else { throw FramesError(.invalidHandle, "view is NULL") }
        let id = id(handle)
        guard let entry = table.withLock({ $0.views[id] }) else {
            throw FramesError(.invalidHandle, "inline view handle \(hex(id)) is not a live view (freed, its engine freed, or another kind of handle)")
        }
        try entry.engine.checkThread(what: "inline view \(hex(id))")
        return entry
    }

    /// Removes an engine's inline views from the registry, for
    /// frames_engine_free after `claimEngine`: with the engine claimed, only
    /// the freeing thread can still reach them.
    static func claimInlineViews(of engine: EngineEntry) -> [InlineViewEntry] {
        let ids = engine.viewIds
        engine.viewIds.removeAll()
        return table.withLock { table in ids.compactMap { table.views.removeValue(forKey: $0) } }
    }

    static func hex(_ id: UInt64) -> String { "0x" + String(id, radix: 16) }
}

/// An engine and what the C layer keeps beside it.
final class EngineEntry: @unchecked Sendable {
    // @unchecked: everything mutable here is touched only on the owner
    // thread, which every entry point checks before use.
    let id: UInt64
    let engine: Engine
    let owner: ThreadToken
    let host: HostBridge
    /// IM-01: filled from any thread, emptied by the owner's calls.
    let inbox: MessageInbox
    var frameIds: Set<UInt64> = []
    var placeIds: Set<UInt64> = []
    var viewIds: Set<UInt64> = []
    /// The module delegates, set on the engine (frames_inline_set_delegate,
    /// frames_banners_set_delegate, frames_messages_set_delegate).
    var inlineDelegate: InlineDelegateBridge?
    var bannersDelegate: BannersDelegateBridge?
    var messagesDelegate: MessagesDelegateBridge?
    /// Set at creation when the host asked for a recording (XC-12), or by a
    /// replay (XC-13); never changes afterwards.
    var recorder: Recorder?
    /// Strings and bytes handed out until the next call on the engine; only
    /// through `lend`.
    private var borrowed = CArena()
    /// frames_engine_free ran: perhaps from a callback of a call still
    /// under way (XC-03), which must then hand nothing back.
    var isFreed = false

    init(id: UInt64, engine: Engine, host: HostBridge, inbox: MessageInbox) {
        self.id = id
        self.engine = engine
        self.owner = ThreadToken.current
        self.host = host
        self.inbox = inbox
    }

    deinit {
        // A call under way may hold the bridge a little longer; its
        // reference to the entry is not weak (`HostBridge.entry`).
        host.entryEnded()
        inlineDelegate?.entryEnded()
    }

    var isOwnedByCaller: Bool { owner === ThreadToken.current }

    /// Gives `object`, which the engine just made, a handle; `register`
    /// files the entry in the handle table. The one way a call hands a new
    /// handle back: a callback of the making call may have freed the engine
    /// (XC-03), and a handle of a freed engine must not reach the host
    /// (XC-07).
    func adopt<Object: DelegateHolder>(_ object: Object, register: (ObjectEntry<Object>) -> Void)
        throws(FramesError) -> ObjectEntry<Object> {
        try checkNotFreedDuringCall()
        let entry = ObjectEntry<Object>(id: Handles.newId(), object: object, engine: self)
        object.hostHandle = entry.id
        register(entry)
        return entry
    }

    private func checkNotFreedDuringCall() throws(FramesError) {
        guard isFreed else { return }
        throw FramesError(.invalidHandle, "the engine was freed by a callback during this call; nothing is handed back")
    }

    /// What `body` writes into the arena, lent to the host until the next
    /// call on the engine (the previous loan ends here). The one way to
    /// lend: it refuses once the engine was freed — perhaps by a callback
    /// of this very call — whose arena goes with it (XC-03, XC-07).
    func lend<R>(_ body: (inout CArena) -> R) throws(FramesError) -> R {
        try checkNotFreedDuringCall()
        borrowed.reset()
        return body(&borrowed)
    }

    /// Ends every loan: the engine is being freed.
    func endLoans() {
        borrowed.reset()
    }

    var ownerHasEnded: Bool { owner.hasEnded }

    func checkThread(what: @autoclosure () -> String) throws(FramesError) {
        guard isOwnedByCaller else { throw wrongThread(what()) }
    }

    func wrongThread(_ what: String) -> FramesError {
        if ownerHasEnded {
            return FramesError(.wrongThread, "\(what)'s owner thread has ended; the only call it still takes is "
                + "frames_engine_free, from any thread")
        }
        return FramesError(.wrongThread, "\(what) belongs to another thread; call it only from the thread that created the engine")
    }
}

/// What an entry needs of a C delegate bridge.
protocol ReleasableBridge: AnyObject {
    /// Runs free_user_data exactly once; nothing is called afterwards.
    func release()
}

extension FrameDelegateBridge: ReleasableBridge {}
extension BannerPlaceDelegateBridge: ReleasableBridge {}
extension InlineViewDelegateBridge: ReleasableBridge {}
extension InlineDelegateBridge: ReleasableBridge {}
extension BannersDelegateBridge: ReleasableBridge {}
extension MessagesDelegateBridge: ReleasableBridge {}

extension Optional where Wrapped: ReleasableBridge {
    /// Empties the slot, then runs the bridge's free_user_data: a callback
    /// that re-enters finds the slot already empty.
    mutating func release() {
        let old = self
        self = nil
        old?.release()
    }
}

/// A core object whose delegate the C layer sets and drops.
protocol DelegateHolder: AnyObject, RecordingNamed {
    /// The C layer's delegate bridge for this kind of object.
    associatedtype Bridge: ReleasableBridge
    /// The delegate the core calls (the entry owns it and clears it here
    /// before letting it go).
    func setDelegate(_ bridge: Bridge?)
    /// The handle the host knows the object by; 0 until it has one.
    var hostHandle: UInt64 { get set }
}

extension AppFrame: DelegateHolder {
    // The entry clears it before letting it go: no weak reference needed.
    func setDelegate(_ bridge: FrameDelegateBridge?) { setOwnedDelegate(bridge) }
}

extension BannerPlace: DelegateHolder {
    // The entry clears it before letting it go: no weak reference needed.
    func setDelegate(_ bridge: BannerPlaceDelegateBridge?) { setOwnedDelegate(bridge) }
}

extension InlineView: DelegateHolder {
    func setDelegate(_ bridge: InlineViewDelegateBridge?) { delegate = bridge }
}

/// An object an engine owns (a frame, a banner place, an inline view) and
/// its delegate bridge: what a frame, place or view handle stands for.
final class ObjectEntry<Object: DelegateHolder>: @unchecked Sendable {
    typealias Bridge = Object.Bridge
    // @unchecked: touched only on the engine's owner thread.
    let id: UInt64
    let object: Object
    let engine: EngineEntry
    var delegate: Bridge?
    /// The object's name in a recording and in explain (XC-11, XC-12),
    /// made once: recorded calls name it every time.
    let recordingName: String?

    init(id: UInt64, object: Object, engine: EngineEntry) {
        self.id = id
        self.object = object
        self.engine = engine
        recordingName = engine.recorder == nil ? nil : object.recordingName
    }

    var handle: OpaquePointer? { Handles.pointer(id) }

    /// Drops the delegate, running its free_user_data exactly once.
    func releaseDelegate() {
        object.setDelegate(nil)
        delegate.release()
    }

    /// Makes `bridge` the delegate the host set and the one the core calls.
    func install(_ bridge: Bridge) {
        delegate = bridge
        object.setDelegate(bridge)
    }
}

typealias FrameEntry = ObjectEntry<AppFrame>
typealias PlaceEntry = ObjectEntry<BannerPlace>
typealias InlineViewEntry = ObjectEntry<InlineView>

extension ObjectEntry where Object == AppFrame {
    var frame: AppFrame { object }
}

extension ObjectEntry where Object == BannerPlace {
    var place: BannerPlace { object }
}
