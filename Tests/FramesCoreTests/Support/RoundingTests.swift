import Testing
@testable import FramesCore

@Suite("Rounding: to nearest, halves away from zero")
struct RoundingTests {
    @Test("halves go away from zero, unlike banker's rounding")
    func halves() {
        #expect(roundHalfAwayFromZero(0.5) == 1)
        #expect(roundHalfAwayFromZero(1.5) == 2)
        #expect(roundHalfAwayFromZero(2.5) == 3)
        #expect(roundHalfAwayFromZero(187.5) == 188)
        #expect(roundHalfAwayFromZero(-2.5) == -3)
        #expect(roundHalfAwayFromZero(2.4999999999999996) == 2)
    }

    @Test("the largest double below 0.5 rounds down (x + 0.5 would give 1)")
    func belowHalf() {
        #expect(roundHalfAwayFromZero(0.49999999999999994) == 0)
    }

    @Test("agrees with the standard library's .toNearestOrAwayFromZero everywhere")
    func agreesWithStdlib() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = state >> 1  // positive and negative exponents, no sign bit
            let x = Double(bitPattern: bits) * ((state & 1) == 0 ? 1 : -1)
            let expected = x.rounded(.toNearestOrAwayFromZero)
            let got = roundHalfAwayFromZero(x)
            #expect(got == expected || (got.isNaN && expected.isNaN), "x = \(x)")
        }
        for x in [4_503_599_627_370_495.5, 4_503_599_627_370_496.0, 1e300, .infinity, -.infinity] {
            #expect(roundHalfAwayFromZero(x) == x.rounded(.toNearestOrAwayFromZero))
        }
        #expect(roundHalfAwayFromZero(.nan).isNaN)
    }
}
