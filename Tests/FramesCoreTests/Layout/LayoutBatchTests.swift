import Testing
@testable import FramesCore

@Suite("Many layouts in one call (BN-04..BN-07)")
struct LayoutBatchTests {
    let ratios: [Double] = [1.5, 1, 0.75, 2, 1.25]

    @Test("BN-05 one list at many widths: each layout equals the single call", arguments: LayoutType.allCases)
    func oneListManyWidths(type: LayoutType) throws {
        let a = Appearance(layoutType: type, maxBannersCount: 4, sideInset: 16, rowSpacing: 12)
        let widths: [Double] = [320, 375, 390.5, 48, 1024]  // 48: tiles 4 wide
        for rtl in [false, true] {
            let results = try LayoutBatch.layout(appearance: a, widths: widths, lists: [ratios], rtl: rtl)
            #expect(results.count == widths.count)
            for (i, width) in widths.enumerated() {
                #expect(results[i] == (try layout(a, width: width, ratios: ratios, rtl: rtl)))
            }
        }
    }

    @Test("BN-04 BN-02 many lists at one width, an empty list among them")
    func manyListsOneWidth() throws {
        let a = Appearance(layoutType: .verticalList, maxBannersCount: 2, sideInset: 16)
        let lists: [[Double]] = [[2, 1.5, 3], [], [0.75, 1, 4, 2.5], [0.5]]
        let results = try LayoutBatch.layout(appearance: a, widths: [375], lists: lists)
        #expect(results.map(\.rects.count) == [2, 0, 2, 1])
        #expect(results[1].contentHeight == 0)
        for (i, list) in lists.enumerated() {
            #expect(results[i] == (try layout(a, width: 375, ratios: list)))
        }
        // BN-04 by hand: 343 / 2 = 171.5 -> 172; 343 / 1.5 = 228.67 -> 229
        #expect(results[0].rects == [rect(16, 0, 343, 172), rect(16, 180, 343, 229)])
    }

    @Test("BN-06 width i with list i")
    func pairwise() throws {
        let a = Appearance(layoutType: .carousel, sideInset: 20)
        let lists: [[Double]] = [[2, 1], [1.5, 3], [0.5]]
        let widths: [Double] = [300, 390, 200]
        let results = try LayoutBatch.layout(appearance: a, widths: widths, lists: lists, rtl: true)
        for i in 0..<3 {
            #expect(results[i] == (try layout(a, width: widths[i], ratios: lists[i], rtl: true)))
        }
    }

    @Test("BN-04 an empty ratio list is 0 banners and content height 0 in every layout", arguments: LayoutType.allCases)
    func empty(type: LayoutType) throws {
        let a = Appearance(layoutType: type)
        let single = try layout(a, width: 375, ratios: [])
        #expect(single.rects.isEmpty && single.contentHeight == 0)
        let batch = try LayoutBatch.layout(appearance: a, widths: [100, 200], lists: [[]])
        #expect(batch.map(\.rects.count) == [0, 0])
        #expect(batch.map(\.contentHeight) == [0, 0])
    }

    @Test("counts broadcast like numpy shapes; 0 makes no layout")
    func shapes() throws {
        let a = try ResolvedAppearance(Appearance(layoutType: .tiles))
        let ratios: [Double] = [1, 2, 1, 2]
        func plan(_ widths: [Double], _ lengths: [UInt]) throws(FramesError) -> LayoutBatch {
            try LayoutBatch(appearance: a, containerWidths: widths.span, ratios: Array(ratios.prefix(Int(lengths.reduce(0, +)))).span,
                            listLengths: lengths.span, rtl: false)
        }
        #expect(try plan([100, 200, 300], [2]).layoutCount == 3)
        #expect(try plan([100, 200, 300], [2]).rectCount == 6)
        #expect(try plan([100], [1, 3]).layoutCount == 2)
        #expect(try plan([100, 200], [1, 3]).rectCount == 4)
        #expect(try plan([], [2]).layoutCount == 0)
        #expect(try plan([], [2]).rectCount == 0)
        #expect(try plan([100], []).layoutCount == 0)
        #expect(throws: FramesError.self) { try plan([1, 2, 3], [1, 1]) }
    }

    @Test("BN-04 BN-07 errors name the width, the ratio or the lengths")
    func errors() throws {
        let a = try ResolvedAppearance(Appearance(layoutType: .verticalList))
        let ratios: [Double] = [1, 2, 1, -2]
        do {
            _ = try LayoutBatch(appearance: a, containerWidths: [100, .nan].span, ratios: [1.0].span,
                                listLengths: [UInt(1)].span, rtl: false)
            Issue.record("a NaN width was accepted")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("container_widths[1]"))
        }
        do {
            _ = try LayoutBatch(appearance: a, containerWidths: [100].span, ratios: ratios.span,
                                listLengths: [UInt(2), 2].span, rtl: false)
            Issue.record("a negative ratio was accepted")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("ratios[3]"))
        }
        do {
            _ = try LayoutBatch(appearance: a, containerWidths: [100].span, ratios: ratios.span,
                                listLengths: [UInt(2), 1].span, rtl: false)
            Issue.record("lengths adding up to 3 of 4 ratios were accepted")
        } catch {
            #expect(error.code == .invalidArgument && error.message.contains("list_lengths"))
        }
        do {
            _ = try LayoutBatch(appearance: a, containerWidths: [100].span, ratios: [Double]().span,
                                listLengths: [UInt.max, 1].span, rtl: false)
            Issue.record("a length past Int.max was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test("BN-04 an overflow names its layout; earlier layouts are written")
    func overflow() throws {
        let a = try ResolvedAppearance(Appearance(layoutType: .verticalList))
        let widths: [Double] = [1e-300, 100]
        let ratios: [Double] = [1e-320]
        let lengths: [UInt] = [1]
        let batch = try LayoutBatch(appearance: a, containerWidths: widths.span, ratios: ratios.span,
                                    listLengths: lengths.span, rtl: false)
        var rects = [Rect](repeating: .zero, count: 2)
        var ends: [UInt] = [7, 7]
        var heights: [Double] = [-1, -1]
        var rectSpan = rects.mutableSpan
        var endSpan = ends.mutableSpan
        var heightSpan = heights.mutableSpan
        do {
            try batch.layout(containerWidths: widths.span, ratios: ratios.span, listLengths: lengths.span,
                             into: &rectSpan, rectEnds: &endSpan, contentHeights: &heightSpan)
            Issue.record("an infinite height was accepted")
        } catch {
            #expect(error.code == .overflow && error.message.contains("layout 1"))
        }
        #expect(ends[0] == 1 && heights[0] > 1e19 && heights[0] < 1e21)
    }

    @Test("BN-04 BN-05 BN-06 a width whose insets leave no room for a banner is refused, by its index",
          arguments: LayoutType.allCases)
    func noRoom(type: LayoutType) throws {
        let a = try ResolvedAppearance(Appearance(layoutType: type, sideInset: 16))
        let widths: [Double] = [375, 32]
        let ratios: [Double] = [1, 2]
        do {
            _ = try LayoutBatch(appearance: a, containerWidths: widths.span, ratios: ratios.span,
                                listLengths: ([2] as [UInt]).span, rtl: false)
            Issue.record("no room accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.hasPrefix("container_widths[1] is 32.0, which leaves no room for a banner"))
        }
        // Width i with list i: the narrow width has no banner to place.
        _ = try LayoutBatch(appearance: a, containerWidths: widths.span, ratios: ratios.span,
                            listLengths: ([2, 0] as [UInt]).span, rtl: false)
    }
}
