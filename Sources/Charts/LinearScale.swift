/// A linear map from a domain of values to a range of positions (d3-scale's `scaleLinear`
/// without clamping or interpolation of colours): `position(of:)` is
/// `range.lower + (value − domain.lower) / (domain.upper − domain.lower) × (range.upper − range.lower)`,
/// the same arithmetic in the same order as d3's `interpolateNumber` over `normalize`.
/// A domain of one value maps every value to the middle of the range, as d3 does.
public struct LinearScale: Equatable, Sendable {
    public var domain: (lower: Double, upper: Double)
    public var range: (lower: Double, upper: Double)

    public init(domain: (Double, Double), range: (Double, Double)) {
        self.domain = (domain.0, domain.1)
        self.range = (range.0, range.1)
    }

    public static func == (a: LinearScale, b: LinearScale) -> Bool {
        a.domain == b.domain && a.range == b.range
    }

    public func position(of value: Double) -> Double {
        let span = domain.upper - domain.lower
        // d3's normalize: (x − a) / (b − a), or 0.5 when b − a is 0 or not a number.
        let share = span != 0 && !span.isNaN ? (value - domain.lower) / span : 0.5
        // d3's interpolateNumber: a × (1 − t) + b × t.
        return range.lower * (1 - share) + range.upper * share
    }

    /// The scale with its domain widened to whole steps of its ticks (`Ticks.nice`), as
    /// d3-scale's `nice(count)` does for an increasing domain.
    public func niced(count: Double = 10) -> LinearScale {
        let reversed = domain.upper < domain.lower
        let (low, high) = reversed ? (domain.upper, domain.lower) : (domain.lower, domain.upper)
        let nice = Ticks.nice(low, high, count: count)
        return LinearScale(domain: reversed ? (nice.stop, nice.start) : (nice.start, nice.stop), range: (range.lower, range.upper))
    }

    /// About `count` ticks of the domain (`Ticks.values`).
    public func ticks(count: Double = 10) -> [Double] {
        Ticks.values(from: domain.lower, to: domain.upper, count: count)
    }
}
