import Foundation

/// A histogram's bins, as d3-array 3.2's `bin()` makes them by default: Sturges' number of
/// bins (⌈log₂ n⌉ + 1), the values' extent widened to a nice domain (`Ticks.nice`), the
/// thresholds its ticks, and the last bin widened by a step when the largest value sits on
/// the last threshold, so that every bin is as wide as the others.
public struct Bins: Equatable, Sendable {
    public struct Bin: Equatable, Sendable {
        /// The bin holds the values from `lower` (included) to `upper` (excluded; included in
        /// the last bin).
        public let lower: Double
        public let upper: Double
        public internal(set) var count: Int
    }

    public private(set) var bins: [Bin]

    /// The bins of `values`; NaN and infinite values are left out (d3 leaves out what is not a
    /// number). `count` asks for about that many bins instead of Sturges' number.
    public init(_ values: [Double], count: Int? = nil) {
        let numbers = values.filter(\.isFinite)
        guard let minimum = numbers.min(), let maximum = numbers.max() else {
            bins = []
            return
        }
        let wanted = Double(count ?? Int((log(Double(numbers.count)) / Ticks.ln2).rounded(.up)) + 1)
        var (low, high) = Ticks.nice(minimum, maximum, count: wanted)
        var thresholds = Ticks.values(from: low, to: high, count: wanted)
        var step: Double?
        if let first = thresholds.first, first <= low { step = Ticks.increment(from: low, to: high, count: wanted) }
        if let last = thresholds.last, last >= high {
            if maximum >= high {
                let increment = Ticks.increment(from: low, to: high, count: wanted)
                if increment.isFinite {
                    if increment > 0 {
                        high = ((high / increment).rounded(.down) + 1) * increment
                    } else if increment < 0 {
                        high = ((high * -increment).rounded(.up) + 1) / -increment
                    }
                }
            } else {
                thresholds.removeLast()
            }
        }
        while let first = thresholds.first, first <= low { thresholds.removeFirst() }
        while let last = thresholds.last, last > high { thresholds.removeLast() }

        let lowers = [low] + thresholds
        let uppers = thresholds + [high]
        var bins = zip(lowers, uppers).map { Bin(lower: $0, upper: $1, count: 0) }
        let last = bins.count - 1
        for value in numbers where low <= value && value <= high {
            let index: Int
            if let step, step.isFinite, step > 0 {
                index = min(last, Int(((value - low) / step).rounded(.down)))
            } else if let step, step.isFinite, step < 0 {
                let guess = Int(((low - value) * step).rounded(.down))
                index = min(last, guess + (guess < thresholds.count && thresholds[guess] <= value ? 1 : 0))
            } else {
                index = thresholds.partitioningIndex { $0 > value }
            }
            bins[index].count += 1
        }
        self.bins = bins
    }
}

extension Array where Element == Double {
    /// The first index whose element `belongs` (the elements that do come after those that do
    /// not): d3's `bisectRight` over sorted thresholds.
    func partitioningIndex(where belongs: (Double) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
