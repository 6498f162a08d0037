import Testing
@testable import FramesCore

@Suite("Geometry input checks (BN-07, XC-07)")
struct ValidationTests {
    @Test("BN-07 a ratio <= 0, NaN or infinite is rejected, naming its index",
          arguments: [0.0, -1.5, .nan, .infinity, -.infinity, -0.0])
    func badRatio(ratio: Double) {
        for layoutType in LayoutType.allCases {
            do {
                _ = try layout(Appearance(layoutType: layoutType), width: 390, ratios: [1, 2, ratio, 1])
                Issue.record("ratio \(ratio) accepted by \(layoutType)")
            } catch {
                #expect(error.code == .invalidArgument)
                #expect(error.message.hasPrefix("ratios[2] is"))
            }
        }
    }

    @Test("BN-07 a bad ratio beyond the limit is still rejected (the whole input is checked)")
    func badRatioPastLimit() {
        let a = Appearance(layoutType: .verticalList, maxBannersCount: 1)
        #expect(throws: FramesError.self) { try layout(a, width: 390, ratios: [1, .nan]) }
    }

    @Test("XC-07 container width must be finite and >= 0", arguments: [-1.0, .nan, .infinity])
    func badWidth(width: Double) {
        #expect(throws: FramesError.self) { try BannerLayout(appearance: Appearance(), containerWidth: width) }
    }

    @Test("BN-04 BN-05 BN-06 the pure geometry refuses insets that leave no room, naming the widths",
          arguments: LayoutType.allCases)
    func noRoom(type: LayoutType) throws {
        let tight = try BannerLayout(appearance: Appearance(layoutType: type, sideInset: 20, columnSpacing: 8),
                                     containerWidth: 40)
        do {
            try tight.requireRoom(forLaidOut: 1)
            Issue.record("no room accepted by \(type)")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.hasPrefix("container_width is 40.0, which leaves no room for a banner"))
            #expect(error.message.contains("(20.0 + 20.0)"))
            #expect(error.message.contains(type == .tiles ? "column spacing (8.0)" : "would be 0.0 points wide"))
        }
        try tight.requireRoom(forLaidOut: 0)  // nothing to place
        let roomy = try BannerLayout(appearance: Appearance(layoutType: type, sideInset: 20, columnSpacing: 8),
                                     containerWidth: 50)
        try roomy.requireRoom(forLaidOut: 3)
        // Banner places lay out at any width (the core clamps, BN-04..BN-06).
        #expect(try tight.layout(ratios: [1]).rects[0].width == 0)
    }

    @Test("XC-07 a height that overflows is an error, not an infinite rect")
    func overflow() {
        do {
            _ = try layout(Appearance(layoutType: .verticalList), width: 390, ratios: [1e-307])
            Issue.record("overflow accepted")
        } catch {
            #expect(error.code == .overflow)
        }
    }

    @Test("BN-04 a million banners in one call")
    func million() throws {
        let ratios = (0..<1_000_000).map { 0.5 + Double($0 % 5) * 0.5 }
        let r = try layout(Appearance(layoutType: .verticalList, maxBannersCount: nil, interItemSpacing: 0), width: 300, ratios: ratios)
        #expect(r.rects.count == 1_000_000)
        // heights cycle 600, 300, 200, 150, 120 -> 1370 per 5 banners
        #expect(r.contentHeight == 1370 * 200_000)
        #expect(r.rects[999_999] == rect(0, 1370 * 200_000 - 120, 300, 120))
    }

    @Test("a too-small buffer says how many rects are needed")
    func smallBuffer() throws {
        let layout = try BannerLayout(appearance: Appearance(layoutType: .tiles), containerWidth: 100)
        var storage = [Rect](repeating: .zero, count: 2)
        let ratios = [1.0, 1, 1]
        var out = storage.mutableSpan
        do {
            _ = try layout.layout(ratios: ratios.span, into: &out)
            Issue.record("small buffer accepted")
        } catch {
            #expect(error.code == .bufferTooSmall)
            #expect(error.message.contains("3 are needed"))
        }
    }
}

@Suite("Found by fuzzing (XC-07)")
struct FuzzFindingTests {
    @Test("XC-07 a carousel whose step overflows is an overflow error, not a NaN origin (fuzz_layout carousel-nan-x)")
    func carouselStepOverflow() {
        let a = Appearance(interItemSpacing: .greatestFiniteMagnitude)
        do {
            _ = try layout(a, width: .greatestFiniteMagnitude, ratios: [1])
            Issue.record("accepted")
        } catch {
            #expect(error.code == .overflow)
        }
    }

    @Test("XC-07 tiles whose columns add up past the largest double are an overflow error (fuzz_layout tiles-inf-x)")
    func tilesOverflow() {
        let a = Appearance(layoutType: .tiles, sideInset: .greatestFiniteMagnitude, columnSpacing: 1e300)
        do {
            _ = try layout(a, width: .greatestFiniteMagnitude, ratios: [1, 1])
            Issue.record("accepted")
        } catch {
            #expect(error.code == .overflow)
        }
    }

    @Test("BN-10 shares stay within [0, 1] at huge coordinates (fuzz_layout share-above-one)")
    func sharesClamped() {
        let huge = 1e16
        let share = BannerVisibility.share(of: Rect(x: huge, y: huge, width: 2, height: 3),
                                           in: Viewport(x: huge, y: huge, width: huge, height: huge))
        #expect(share >= 0 && share <= 1)
        let max = Double.greatestFiniteMagnitude
        let edge = BannerVisibility.share(of: Rect(x: max, y: max, width: max, height: max),
                                          in: Viewport(x: 0, y: 0, width: max, height: max))
        #expect(edge.isFinite && edge >= 0 && edge <= 1)
    }
}
