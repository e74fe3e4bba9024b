/// The colours of a heatmap's cells: classes between round values, d3's ticks of the values'
/// extent (niced as d3 nices a domain) for the largest count from 7 down that makes at most 7
/// classes, each a colour of ColorBrewer's YlGnBu, light to dark, spread over the seven when
/// the classes are fewer. Readers with any common colour-vision deficiency read them in
/// order, on a light page and a dark one alike; the legend reads "0–20", "20–40".
public struct HeatScale: Equatable, Sendable {
    public static let colors = ["#ffffcc", "#c7e9b4", "#7fcdbb", "#41b6c4", "#1d91c0", "#225ea8", "#0c2c84"]
    /// The classes' bounds, in increasing order: class `i` is from `thresholds[i]` to `thresholds[i + 1]`.
    public let thresholds: [Double]

    /// The scale of `values` (NaN and infinities left out); nil for none.
    public init?(_ values: [Double]) {
        let finite = values.filter(\.isFinite)
        guard var low = finite.min(), var high = finite.max() else { return nil }
        if low == high { (low, high) = (low - 0.5, high + 0.5) }
        var chosen: [Double] = [low, high]
        for count in stride(from: Self.colors.count, through: 2, by: -1) {
            let nice = Ticks.nice(low, high, count: Double(count))
            let ticks = Ticks.values(from: nice.start, to: nice.stop, count: Double(count))
            if ticks.count >= 2 && ticks.count - 1 <= Self.colors.count {
                chosen = ticks
                break
            }
        }
        thresholds = chosen
    }

    public var classes: Int { thresholds.count - 1 }

    /// The class of `value`: the last whose lower bound it reaches (the first below them all).
    public func index(of value: Double) -> Int {
        (thresholds.dropLast().lastIndex { $0 <= value } ?? 0)
    }

    /// The colour of class `index`, spread over the palette from its lightest to its darkest.
    public func color(of index: Int) -> String {
        Self.colors[shade(of: index)]
    }

    /// The place in the palette of class `index`'s colour: a dark page's style gives the
    /// shades in reverse (`heat-0` … `heat-6`), so that more reads brighter on a dark
    /// background, as less reads lighter on a light one.
    public func shade(of index: Int) -> Int {
        guard classes > 1 else { return Self.colors.count / 2 }
        return Int((Double(index) * Double(Self.colors.count - 1) / Double(classes - 1)).rounded())
    }

    /// The values of class `index`.
    public func bounds(of index: Int) -> (low: Double, high: Double) {
        (thresholds[index], thresholds[index + 1])
    }
}
