import Testing
@testable import FramesCore

/// docs/wire-format.md shows its examples in blocks marked
/// "```json fixture: <path>"; each must be exactly that fixture file.
@Suite("docs/wire-format.md examples are the test fixtures (AF-01, AF-12, AF-14)")
struct WireFormatDocTests {
    static func fixtureBlocks() -> [(path: String, text: String)] {
        // Tests/fixtures/wire/../../../docs/wire-format.md
        let doc = WireFixtures.text("../../../docs/wire-format.md")
        var blocks: [(String, String)] = []
        var current: (path: String, indent: Int, lines: [String])? = nil
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if var block = current {
                if body == "```" {
                    blocks.append((block.path, block.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    block.lines.append(String(line.dropFirst(min(indent, block.indent))))
                    current = block
                }
            } else if body.hasPrefix("```json fixture: ") {
                current = (String(body.dropFirst("```json fixture: ".count)), indent, [])
            }
        }
        return blocks
    }

    @Test("AF-12 every fixture block in docs/wire-format.md is byte-for-byte its fixture file")
    func blocksMatchFixtures() {
        let blocks = Self.fixtureBlocks()
        #expect(blocks.count >= 7, "found \(blocks.count) fixture blocks")
        for (path, text) in blocks {
            var fixture = WireFixtures.text(path)
            while fixture.hasSuffix("\n") { fixture.removeLast() }
            #expect(!fixture.isEmpty, "missing fixture \(path)")
            #expect(text == fixture, "docs block for \(path) differs from the fixture")
        }
    }
}
