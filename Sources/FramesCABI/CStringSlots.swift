import CFramesLibc

/// C strings a bridge lends callback after callback, each in a numbered
/// slot kept between them: when a slot's text is the one it holds — an
/// analytics record's name, module, session, place, view or field name, the
/// same from one record to the next — lending it again is a comparison, not
/// a copy. Like `CArena.string`, an embedded NUL is shown as "?" (XC-07,
/// `copyCText`).
/// What a slot lends stays valid until it lends another text.
struct CStringSlots: ~Copyable {
    private struct Slot {
        var text = ""
        var buffer: UnsafeMutablePointer<UInt8>?
        var capacity = 0
    }

    /// A fixed number, allocated once: no array's checks on every lend.
    private let slots: UnsafeMutablePointer<Slot>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: Slot(), count: count)
    }

    /// Nil for nil, and for a slot past the count the slots were made with.
    @inline(__always)
    mutating func lend(_ value: String?, slot index: Int) -> UnsafePointer<CChar>? {
        guard let value, index >= 0, index < count else { return nil }
        let slot = slots + index
        if let buffer = slot.pointee.buffer, slot.pointee.text == value {
            return UnsafeRawPointer(buffer).assumingMemoryBound(to: CChar.self)
        }
        let stored = value.utf8.withContiguousStorageIfAvailable { Self.store($0, in: slot) }
            ?? { () -> Bool in
                var copy = value
                return copy.withUTF8 { Self.store($0, in: slot) }
            }()
        guard stored, let buffer = slot.pointee.buffer else { return nil }
        slot.pointee.text = value
        return UnsafeRawPointer(buffer).assumingMemoryBound(to: CChar.self)
    }

    /// False when out of memory: the slot keeps its old text, which still
    /// matches its `text`.
    private static func store(_ utf8: UnsafeBufferPointer<UInt8>, in slot: UnsafeMutablePointer<Slot>) -> Bool {
        let size = utf8.count + 1
        if size > slot.pointee.capacity {
            guard let grown = realloc(slot.pointee.buffer, size) else { return false }
            slot.pointee.buffer = grown.assumingMemoryBound(to: UInt8.self)
            slot.pointee.capacity = size
        }
        guard let chars = slot.pointee.buffer else { return false }
        copyCText(utf8, to: chars)
        return true
    }

    deinit {
        for i in 0..<count { free(slots[i].buffer) }
        slots.deinitialize(count: count)
        slots.deallocate()
    }
}
