import Counting
import Testing

/// The seed's curves at points worked out by hand: t³, 1 − (1 − t)³, and 4t³ / (t − 1)(2t − 2)² + 1.
@Suite struct EasingTests {
    static let handValues: [(Easing, Double, Double)] = [
        (.linear, 0, 0), (.linear, 0.1, 0.1), (.linear, 0.25, 0.25), (.linear, 0.5, 0.5), (.linear, 1, 1),
        (.none, 0, 0), (.none, 0.3, 0.3), (.none, 0.75, 0.75), (.none, 1, 1),
        (.easeIn, 0, 0), (.easeIn, 0.1, 0.001), (.easeIn, 0.25, 0.015625), (.easeIn, 0.5, 0.125),
        (.easeIn, 0.75, 0.421875), (.easeIn, 0.9, 0.729), (.easeIn, 1, 1),
        (.easeOut, 0, 0), (.easeOut, 0.1, 0.271), (.easeOut, 0.25, 0.578125), (.easeOut, 0.5, 0.875),
        (.easeOut, 0.75, 0.984375), (.easeOut, 0.9, 0.999), (.easeOut, 1, 1),
        (.easeInOut, 0, 0), (.easeInOut, 0.1, 0.004), (.easeInOut, 0.25, 0.0625), (.easeInOut, 0.4, 0.256),
        (.easeInOut, 0.5, 0.5), (.easeInOut, 0.6, 0.744), (.easeInOut, 0.75, 0.9375),
        (.easeInOut, 0.9, 0.996), (.easeInOut, 1, 1),
    ]

    @Test(arguments: handValues)
    func valueByHand(easing: Easing, t: Double, expected: Double) {
        #expect(abs(easing.progress(t) - expected) < 1e-15, "\(easing) at \(t)")
    }

    @Test(arguments: Easing.allCases)
    func endsAreExact(easing: Easing) {
        #expect(easing.progress(0) == 0)
        #expect(easing.progress(1) == 1)
    }

    @Test(arguments: Easing.allCases)
    func timeOutsideTheDurationIsClamped(easing: Easing) {
        #expect(easing.progress(-0.5) == 0)
        #expect(easing.progress(.nan) == 0)
        #expect(easing.progress(1.5) == 1)
        #expect(easing.progress(.infinity) == 1)
    }

    @Test(arguments: Easing.allCases)
    func neverGoesBackwards(easing: Easing) {
        let values = (0...1_000).map { easing.progress(Double($0) / 1_000) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func noneIsLinearAsInTheSeed() {
        for i in 0...100 {
            let t = Double(i) / 100
            #expect(Easing.none.progress(t) == Easing.linear.progress(t))
        }
    }

    @Test func easeOutMirrorsEaseInAndEaseInOutIsSymmetric() {
        for i in 0...100 {
            let t = Double(i) / 100
            #expect(abs(Easing.easeOut.progress(t) - (1 - Easing.easeIn.progress(1 - t))) < 1e-15)
            #expect(abs(Easing.easeInOut.progress(t) - (1 - Easing.easeInOut.progress(1 - t))) < 1e-15)
        }
    }

    @Test func namesAreTheDataAttributeValues() {
        #expect(Easing.allCases.map(\.rawValue) == ["none", "linear", "easeIn", "easeOut", "easeInOut"])
        #expect(Easing(rawValue: "easeInOut") == .easeInOut)
        #expect(Easing(rawValue: "ease-in") == nil)
    }
}
