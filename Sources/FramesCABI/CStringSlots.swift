#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// C strings a bridge lends callback after callback, each in a numbered
/// slot kept between them: when a slot's text is the one it holds — an
/// analytics record's name, module, session, place, view or field name, the
/// same from one record to the next — lending it again is a comparison, not
/// a copy. Like `CArena.string`, an embedded NUL is shown as "?" (XC-07).
/// What a slot lends stays valid until it lends another text.
struct CStringSlots: ~Copyable {
    private struct Slot {
        var text = ""
        var buffer: UnsafeMutablePointer<UInt8>?
        var capacity = 0
    }

    private var slots: [Slot]

    init(count: Int) {
        slots = Array(repeating: Slot(), count: count)
    }

    mutating func lend(_ value: String?, slot index: Int) -> UnsafePointer<CChar>? {
        guard let value else { return nil }
        if let buffer = slots[index].buffer, slots[index].text == value {
            return UnsafeRawPointer(buffer).assumingMemoryBound(to: CChar.self)
        }
        let stored = value.utf8.withContiguousStorageIfAvailable { store($0, slot: index) }
            ?? { () -> Bool in
                var copy = value
                return copy.withUTF8 { store($0, slot: index) }
            }()
        guard stored, let buffer = slots[index].buffer else { return nil }
        slots[index].text = value
        return UnsafeRawPointer(buffer).assumingMemoryBound(to: CChar.self)
    }

    /// False when out of memory: the slot keeps its old text, which still
    /// matches its `text`.
    private mutating func store(_ utf8: UnsafeBufferPointer<UInt8>, slot index: Int) -> Bool {
        let size = utf8.count + 1
        if size > slots[index].capacity {
            guard let grown = realloc(slots[index].buffer, size) else { return false }
            slots[index].buffer = grown.assumingMemoryBound(to: UInt8.self)
            slots[index].capacity = size
        }
        guard let chars = slots[index].buffer else { return false }
        if let base = utf8.baseAddress { memcpy(chars, base, utf8.count) }
        if memchr(chars, 0, utf8.count) != nil {
            for i in 0..<utf8.count where chars[i] == 0 { chars[i] = UInt8(ascii: "?") }
        }
        chars[utf8.count] = 0
        return true
    }

    deinit {
        for slot in slots { free(slot.buffer) }
    }
}
