import Testing
@testable import FramesCore

@Suite("The table of pending requests and timers (XC-01)")
struct IdTableTests {
    @Test("XC-01 inserts, lookups and removals agree with a Dictionary, through growth and wrap-around")
    func agreement() {
        var random = SplitMix64(seed: 11)
        var table = IdTable<Int>()
        var reference: [UInt64: Int] = [:]
        var nextId: UInt64 = 1
        for step in 0..<20_000 {
            switch random.next() % 10 {
            case 0...4:
                // Mostly new ids in sequence, as the engine issues them;
                // sometimes a far one or an existing one replaced.
                let id: UInt64 = random.next() % 8 == 0 ? random.next() : nextId
                if id == nextId { nextId += 1 }
                table.insert(id, step)
                reference[id] = step
            case 5...8:
                let id = random.next() % 3 == 0 ? random.next() : (nextId > 1 ? 1 + random.next() % (nextId - 1) : 1)
                #expect(table.removeValue(forKey: id) == reference.removeValue(forKey: id))
            default:
                let id = 1 + random.next() % nextId
                #expect(table[id] == reference[id])
            }
            #expect(table.count == reference.count)
        }
        for (id, value) in reference { #expect(table[id] == value) }
        table.removeAll { $0 % 2 == 0 }
        reference = reference.filter { $0.value % 2 != 0 }
        #expect(table.count == reference.count)
        for (id, value) in reference { #expect(table[id] == value) }
        table.removeAll()
        #expect(table.count == 0)
        #expect(table[1] == nil)
        #expect(table.removeValue(forKey: 1) == nil)
    }
}
