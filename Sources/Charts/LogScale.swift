import Foundation

/// A logarithmic map (base 10) from a domain of positive values to a range of positions, with
/// d3-scale's `scaleLog` ticks: every 1 … 9 times a power of ten when the domain spans fewer
/// decades than ticks are asked for (linear ticks when even those are too few), else powers
/// of ten only. A value that is not positive has no position (nil).
public struct LogScale: Sendable {
    public var domain: (lower: Double, upper: Double)
    public var range: (lower: Double, upper: Double)

    public init(domain: (Double, Double), range: (Double, Double)) {
        self.domain = (domain.0, domain.1)
        self.range = (range.0, range.1)
    }

    public func position(of value: Double) -> Double? {
        guard value > 0, domain.lower > 0, domain.upper > 0 else { return nil }
        return LinearScale(domain: (log10(domain.lower), log10(domain.upper)), range: (range.lower, range.upper)).position(of: log10(value))
    }

    /// The domain widened to whole powers of ten (d3's `nice()` of a log scale).
    public func niced() -> LogScale {
        guard domain.lower > 0, domain.upper > 0 else { return self }
        let low = pow(10, log10(min(domain.lower, domain.upper)).rounded(.down))
        let high = pow(10, log10(max(domain.lower, domain.upper)).rounded(.up))
        return LogScale(domain: domain.lower <= domain.upper ? (low, high) : (high, low), range: (range.lower, range.upper))
    }

    /// The ticks of `ticks(count:)` that d3 labels (`scaleLog().tickFormat(count)` writes
    /// the others as ""): those whose first digit is at most k = max(1, 10 × count / the
    /// number of ticks of `ticks()`), so an axis over one decade labels 1 … k times its power
    /// of ten, and over many only the powers: 1,000, 2,000, 5,000, 10,000, not only the ends.
    public func labelled(count: Double = 10) -> [Double] {
        let all = ticks(count: count)
        let k = max(1, 10 * count / Double(max(1, ticks().count)))
        return all.filter { tick in
            var mantissa = tick / pow(10, log10(tick).rounded(.toNearestOrAwayFromZero))
            if mantissa * 10 < 9.5 { mantissa *= 10 }
            return mantissa <= k
        }
    }

    /// About `count` ticks, in increasing order.
    public func ticks(count: Double = 10) -> [Double] {
        let low = min(domain.lower, domain.upper)
        let high = max(domain.lower, domain.upper)
        guard low > 0, high.isFinite, count > 0 else { return [] }
        let i = log10(low)
        let j = log10(high)
        if j - i < count {
            var ticks: [Double] = []
            for decade in Int(i.rounded(.down))...Int(j.rounded(.up)) {
                for multiple in 1...9 {
                    let value = decade < 0 ? Double(multiple) / pow(10, Double(-decade)) : Double(multiple) * pow(10, Double(decade))
                    if value >= low && value <= high { ticks.append(value) }
                }
            }
            // d3: too few for the count asked, so the linear ticks of the domain.
            if Double(ticks.count) * 2 < count { return Ticks.values(from: low, to: high, count: count) }
            return ticks
        }
        return Ticks.values(from: i, to: j, count: min(j - i, count)).map { pow(10, $0) }
    }
}
