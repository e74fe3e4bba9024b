import Foundation

/// How many of each component an interval holds, as unsigned `Double`s, and its direction.
/// Made by `IntervalCounting` (fixed lengths or calendar-aware) and turned into words by
/// `IntervalTextConfiguration`.
public struct IntervalCounts: Hashable, Sendable {
    /// True when the date lies before the reference ("ago"), false when after ("in").
    public var isPast: Bool
    /// True for an interval of exactly zero.
    public var isZero: Bool
    private var values: [TimeComponent: Double]

    public init(isPast: Bool, isZero: Bool = false, values: [TimeComponent: Double]) {
        self.isPast = isPast
        self.isZero = isZero
        self.values = values.mapValues(abs)
    }

    /// Fixed-length counts of a signed interval; positive intervals are in the past,
    /// as in the seed (`date1.timeIntervalSince(date2) > 0` → `pastFormat`).
    public init(fixed interval: TimeInterval) {
        var values: [TimeComponent: Double] = [:]
        for component in TimeComponent.allCases {
            values[component] = abs(interval.count(of: component))
        }
        self.init(isPast: interval > 0, isZero: interval == 0, values: values)
    }

    /// The unsigned count of `component` (0 when unknown).
    public func count(of component: TimeComponent) -> Double {
        values[component] ?? 0
    }

    /// The count with the seed's sign: positive for the past, negative for the future.
    public func signedCount(of component: TimeComponent) -> Double {
        isPast ? count(of: component) : -count(of: component)
    }

    /// The largest component with a count of at least 1, or seconds.
    public var largestWholeComponent: TimeComponent {
        TimeComponent.allCases.last { count(of: $0) >= 1 } ?? .seconds
    }
}
