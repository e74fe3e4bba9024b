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
    /// number). `count` asks for about that many bins instead of Sturges' number; `step` makes
    /// every bin that wide, from a whole multiple of it. Whole numbers (`whole`) are never cut
    /// in bins narrower than 1 (d3 would put 1 … 5 in bins of 0.5, half of them empty): their
    /// step is a whole number.
    public init(_ values: [Double], count: Int? = nil, step: Double? = nil, whole: Bool = false) {
        let numbers = values.filter(\.isFinite)
        guard let minimum = numbers.min(), let maximum = numbers.max() else {
            bins = []
            return
        }
        if let step, step > 0, step.isFinite {
            bins = Self.bins(numbers, step: step, minimum: minimum, maximum: maximum)
            return
        }
        if whole {
            let wanted = Double(count ?? Int((log(Double(numbers.count)) / Ticks.ln2).rounded(.up)) + 1)
            let increment = Ticks.increment(from: minimum, to: maximum, count: wanted)
            // A step below 1 (negative: the inverse of a fraction) is 1.
            if increment < 1 {
                bins = Self.bins(numbers, step: 1, minimum: minimum, maximum: maximum)
                return
            }
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

extension Bins {
    /// Bins of `step` from the multiple of it at or below `minimum` to the one past `maximum`:
    /// [k × step, (k + 1) × step), the last holding `maximum`.
    private static func bins(_ numbers: [Double], step: Double, minimum: Double, maximum: Double) -> [Bin] {
        let first = (minimum / step).rounded(.down)
        let count = max(1, Int((maximum / step).rounded(.down) - first) + 1)
        var bins = (0..<count).map { Bin(lower: (first + Double($0)) * step, upper: (first + Double($0) + 1) * step, count: 0) }
        for value in numbers {
            let index = Int(((value / step).rounded(.down) - first))
            bins[Swift.min(Swift.max(index, 0), count - 1)].count += 1
        }
        return bins
    }
}

extension Array where Element == Double {
    /// The first index whose element `belongs` (the elements that do come after those that do
    /// not): d3's `bisectRight` over sorted thresholds.
    func partitioningIndex(where belongs: (Double) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
