/// Categories placed side by side along a range (d3-scale's `scaleBand`): `count` bands of
/// equal width, a gap of `inner` of a step between two and `outer` of a step at each end.
public struct BandScale: Sendable {
    public let count: Int
    public let range: (lower: Double, upper: Double)
    public let inner: Double
    public let outer: Double

    public init(count: Int, range: (Double, Double), inner: Double = 0.2, outer: Double = 0.1) {
        self.count = count
        self.range = (range.0, range.1)
        self.inner = inner
        self.outer = outer
    }

    /// The distance from one band's start to the next's.
    public var step: Double {
        (range.upper - range.lower) / max(1, Double(count) - inner + 2 * outer)
    }

    /// The width of a band (negative when the range runs backwards).
    public var bandwidth: Double { step * (1 - inner) }

    /// Where the band of category `index` starts.
    public func start(of index: Int) -> Double {
        range.lower + step * (outer + Double(index))
    }

    /// The middle of the band of category `index`.
    public func middle(of index: Int) -> Double {
        start(of: index) + bandwidth / 2
    }
}
