import Foundation

/// How many of each component an interval holds, as unsigned `Double`s, and its direction.
/// Made by `IntervalCounting` (fixed lengths or calendar-aware) and turned into words by
/// `IntervalTextConfiguration`.
public struct IntervalCounts: Hashable, Sendable {
    /// True when the date lies before the reference ("ago"), false when after ("in").
    public var isPast: Bool
    /// True for an interval of exactly zero.
    public var isZero: Bool
    private var values = Values()

    public init(isPast: Bool, isZero: Bool = false, values: [TimeComponent: Double]) {
        self.init(isPast: isPast, isZero: isZero) { values[$0] ?? 0 }
    }

    /// The counts `count` gives for each component, unsigned.
    init(isPast: Bool, isZero: Bool, count: (TimeComponent) -> Double) {
        self.isPast = isPast
        self.isZero = isZero
        for component in TimeComponent.allCases {
            values[component] = abs(count(component))
        }
    }

    /// Fixed-length counts of a signed interval; positive intervals are in the past,
    /// as in the seed (`date1.timeIntervalSince(date2) > 0` → `pastFormat`).
    public init(fixed interval: TimeInterval) {
        self.init(isPast: interval > 0, isZero: interval == 0) { interval.count(of: $0) }
    }

    /// The unsigned count of `component` (0 when unknown).
    public func count(of component: TimeComponent) -> Double {
        values[component]
    }

    /// One count a component, held in place rather than hashed into a dictionary: counts
    /// are made for every date a page writes (a timeline's "57 years ago" for each event).
    private struct Values: Hashable, Sendable {
        private var counts: (Double, Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0, 0)

        subscript(component: TimeComponent) -> Double {
            get {
                switch component {
                case .seconds: counts.0
                case .minutes: counts.1
                case .hours: counts.2
                case .days: counts.3
                case .weeks: counts.4
                case .months: counts.5
                case .years: counts.6
                case .centuries: counts.7
                case .millennia: counts.8
                }
            }
            set {
                switch component {
                case .seconds: counts.0 = newValue
                case .minutes: counts.1 = newValue
                case .hours: counts.2 = newValue
                case .days: counts.3 = newValue
                case .weeks: counts.4 = newValue
                case .months: counts.5 = newValue
                case .years: counts.6 = newValue
                case .centuries: counts.7 = newValue
                case .millennia: counts.8 = newValue
                }
            }
        }

        static func == (a: Values, b: Values) -> Bool {
            TimeComponent.allCases.allSatisfy { a[$0] == b[$0] }
        }

        func hash(into hasher: inout Hasher) {
            for component in TimeComponent.allCases { hasher.combine(self[component]) }
        }
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
