import Foundation

/// Tick values and "nice" domains, computed as d3-array 3.2 computes them (`ticks`,
/// `tickIncrement`, `nice`), so that an axis drawn at build time has the ticks a
/// reader of d3 charts expects: 0, 20, 40 … rather than 0, 17.5, 35 …; steps of 1, 2 or 5
/// times a power of ten, about `count` of them.
///
/// Every number is worked out with the same floating-point operations in the same order as
/// d3's (a logarithm over `ln 10`, a power of ten, JavaScript's rounding), so the values are
/// the same doubles, not merely close: `ChartsTests` holds them to d3-array itself, run in
/// node on thousands of random domains. (d3's `tickStep` is left out: it returns a power of
/// ten below 1 as the JavaScript engine computes it, and V8's `Math.pow(10, -5)` is not the
/// double nearest 10⁻⁵. The functions here use such a power only to choose between 1, 2, 5
/// and 10, where one last bit cannot matter but at a step exactly on a limit.)
public enum Ticks {
    /// The limits between steps of 1, 2, 5 and 10 (a step is rounded to the nearest of them
    /// on a logarithmic scale).
    static let e10 = 50.0.squareRoot()
    static let e5 = 10.0.squareRoot()
    static let e2 = 2.0.squareRoot()
    /// JavaScript's `Math.LN10`, `Math.LN2`: the doubles nearest ln 10 and ln 2.
    static let ln10 = M_LN10
    static let ln2 = M_LN2

    /// About `count` evenly spaced values between `start` and `stop` (both included when they
    /// are on a step), in their order: `values(from: 0, to: 1, count: 5)` is 0, 0.2 … 1. Empty
    /// when a bound is not finite or `count` is not positive; `[start]` when the two are equal.
    public static func values(from start: Double, to stop: Double, count: Double) -> [Double] {
        if start == stop && count > 0 { return [start] }
        let reverse = stop < start
        let (low, high) = reverse ? (stop, start) : (start, stop)
        let step = increment(from: low, to: high, count: count)
        guard step != 0, step.isFinite else { return [] }
        var ticks: [Double]
        if step > 0 {
            var first = jsRound(low / step)
            var last = jsRound(high / step)
            if first * step < low { first += 1 }
            if last * step > high { last -= 1 }
            ticks = stride(from: 0, to: max(0, Int(last - first + 1)), by: 1).map { (first + Double($0)) * step }
        } else {
            let inverse = -step
            var first = jsRound(low * inverse)
            var last = jsRound(high * inverse)
            if first / inverse < low { first += 1 }
            if last / inverse > high { last -= 1 }
            ticks = stride(from: 0, to: max(0, Int(last - first + 1)), by: 1).map { (first + Double($0)) / inverse }
        }
        if reverse { ticks.reverse() }
        return ticks
    }

    /// The step between ticks from `start` to `stop` (`start` ≤ `stop`): a power of ten times
    /// 1, 2 or 5; for steps below 1, the negative of its inverse (−10 for 0.1), which keeps
    /// the ticks exact (`3 / 10`, not `3 * 0.1`).
    public static func increment(from start: Double, to stop: Double, count: Double) -> Double {
        let step = (stop - start) / max(0, count)
        let power = (log(step) / ln10).rounded(.down)
        let error = step / pow(10, power)
        let factor = error >= e10 ? 10.0 : error >= e5 ? 5 : error >= e2 ? 2 : 1
        return power >= 0 ? factor * pow(10, power) : -pow(10, -power) / factor
    }

    /// The domain widened to whole steps of its own ticks: [0.201, 0.996] with 10 ticks is
    /// [0.2, 1]. Repeated until the step no longer changes, as widening can change it.
    public static func nice(_ start: Double, _ stop: Double, count: Double) -> (start: Double, stop: Double) {
        var start = start
        var stop = stop
        var previous: Double?
        while true {
            let step = increment(from: start, to: stop, count: count)
            if step == previous || step == 0 || !step.isFinite { return (start, stop) }
            if step > 0 {
                start = (start / step).rounded(.down) * step
                stop = (stop / step).rounded(.up) * step
            } else if step < 0 {
                start = (start * step).rounded(.up) / step
                stop = (stop * step).rounded(.down) / step
            }
            previous = step
        }
    }

    /// JavaScript's `Math.round`: the nearest integer, a half rounded up (−2.5 → −2).
    static func jsRound(_ value: Double) -> Double {
        let floor = value.rounded(.down)
        return value - floor >= 0.5 ? floor + 1 : floor
    }
}
