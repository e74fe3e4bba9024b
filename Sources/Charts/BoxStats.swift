/// What a box plot draws of a category's values: its quartiles by d3-array's `quantile` (R's
/// type 7: linear between the two nearest ranks), whiskers at the most extreme values within
/// 1.5 times the interquartile range of the box (Tukey's), and the values beyond as outliers.
public struct BoxStats: Equatable, Sendable {
    public let count: Int
    public let q1, median, q3: Double
    /// The whiskers' ends: the least and greatest values within 1.5 IQR of the box.
    public let low, high: Double
    /// The values beyond the whiskers, in increasing order.
    public let outliers: [Double]

    /// The statistics of `values` (NaN and infinities left out); nil for none.
    public init?(_ values: [Double]) {
        let sorted = values.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return nil }
        let (first, third) = (Self.quantile(sorted, 0.25), Self.quantile(sorted, 0.75))
        let reach = 1.5 * (third - first)
        let inside = sorted.filter { $0 >= first - reach && $0 <= third + reach }
        let (lowest, highest) = (inside.first ?? first, inside.last ?? third)
        count = sorted.count
        (q1, median, q3) = (first, Self.quantile(sorted, 0.5), third)
        (low, high) = (lowest, highest)
        outliers = sorted.filter { $0 < lowest || $0 > highest }
    }

    /// d3's `quantileSorted`: at the index (n − 1) × p, between the two values around it.
    public static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? .nan }
        if p <= 0 { return sorted[0] }
        if p >= 1 { return sorted[sorted.count - 1] }
        let at = Double(sorted.count - 1) * p
        let below = Int(at.rounded(.down))
        let value = sorted[below]
        return value + (sorted[below + 1] - value) * (at - Double(below))
    }
}
