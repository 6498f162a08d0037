// Decides: XC-10
/// The engine's durable state as the host stores it (XC-10: the engine
/// writes no file). Modules contribute sections — one per user and module,
/// e.g. the capping ledger of one user — of keyed integer entries. Times in
/// entries are wall-clock milliseconds: a monotonic `now_ms` does not survive
/// a restart, so modules convert with the `StateClock` of the export or
/// import call.
public struct StateSection: Equatable, Sendable {
    /// The module's section name, e.g. "inline.caps".
    public var name: String
    /// The user the section belongs to; nil: nobody logged in.
    public var userId: String?
    /// The entries as the blob holds them and a module may keep them
    /// (`StateEntryTable`): a section of thousands of entries moves in and
    /// out of a module without an array per entry.
    var table: StateEntryTable

    /// The entries one by one (built from `table`, and back).
    public var entries: [StateEntry] {
        get { table.entries }
        set { table = StateEntryTable(newValue) }
    }

    public init(name: String, userId: String?, entries: [StateEntry]) {
        self.init(name: name, userId: userId, table: StateEntryTable(entries))
    }

    init(name: String, userId: String?, table: StateEntryTable) {
        self.name = name
        self.userId = userId
        self.table = table
    }

    public static func == (a: StateSection, b: StateSection) -> Bool {
        a.name.isExactly(b.name) && a.userId.isExactly(b.userId) && a.table == b.table
    }
}

/// One entry of a section: a key (a campaign id, a message id) and its
/// numbers (times, counts).
public struct StateEntry: Equatable, Sendable {
    public var key: String
    public var values: [Int64]

    public init(key: String, values: [Int64]) {
        self.key = key
        self.values = values
    }

    public static func == (a: StateEntry, b: StateEntry) -> Bool {
        a.key.isExactly(b.key) && a.values == b.values
    }
}

/// Converts between the engine's monotonic time and the wall clock, from
/// one pair of readings the host gives with an export or an import.
public struct StateClock: Equatable, Sendable {
    /// wall - monotonic.
    public let offset: Int64

    public init(now: Milliseconds, wallClock: Int64) {
        offset = wallClock.addingClamped(-now)  // saturating: any two times give some offset
    }

    public func wall(_ monotonic: Milliseconds) -> Int64 { monotonic.addingClamped(offset) }
    public func monotonic(_ wall: Int64) -> Milliseconds { wall.addingClamped(-offset) }
}

/// A module whose state outlives the process (XC-10).
protocol StatefulModule: EngineModule {
    /// The names of the sections this module writes (and reads back).
    var stateSectionNames: [String] { get }
    /// Its durable state: one section per user and name, times through `clock`.
    func exportState(_ clock: StateClock) -> [StateSection]
    /// Checks its sections of an imported blob (only sections with its
    /// names reach it) and builds the state they hold without changing
    /// anything; throws when one fails its checks. The engine applies the
    /// staged states only once every module has staged its own, so a
    /// refused blob leaves every module as it was.
    func stageImport(_ sections: [StateSection], _ clock: StateClock) throws(FramesError) -> StagedState
}

/// A module's state read from a blob, checked, waiting to replace its
/// current state (`StatefulModule.stageImport`).
public struct StagedState {
    let apply: () -> Void

    public init(apply: @escaping () -> Void) {
        self.apply = apply
    }
}
