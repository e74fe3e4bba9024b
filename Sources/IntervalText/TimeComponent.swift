import Foundation

/// A unit an interval can be expressed in, from the smallest to the largest.
///
/// The fixed lengths pin one definition of a month and a year (see `fixedLength`):
/// a year is 365 days and a month is a twelfth of it, so 365 days read "1 year" and
/// 12 months are exactly 1 year. Calendar-aware counting (`IntervalCounting.calendar`) does not
/// use these lengths for days, weeks, months and years.
public enum TimeComponent: String, CaseIterable, Comparable, Codable, Sendable {
    case seconds
    case minutes
    case hours
    case days
    case weeks
    case months
    case years
    case centuries
    case millennia

    /// Seconds in one fixed-length unit.
    ///
    /// - day: 86 400 s (a day without a DST change or leap second)
    /// - week: 7 days
    /// - year: 365 days — a common year, so "1 year" is reached on the first anniversary
    ///   of any date in a common year, never a day late
    /// - month: 1/12 of that year, 30 days 10 hours (30.416… days), so 31 days read "1 month",
    ///   30 days "4 weeks", and 364 days "11 months"
    /// - century: 100 years; millennium: 1000 years
    public var fixedLength: TimeInterval {
        switch self {
        case .seconds: 1
        case .minutes: 60
        case .hours: 3_600
        case .days: 86_400
        case .weeks: 7 * 86_400
        case .months: 365 * 86_400 / 12
        case .years: 365 * 86_400
        case .centuries: 100 * 365 * 86_400
        case .millennia: 1_000 * 365 * 86_400
        }
    }

    /// The next smaller component, or nil for seconds.
    public var smaller: TimeComponent? {
        guard let index = Self.allCases.firstIndex(of: self), index > 0 else { return nil }
        return Self.allCases[index - 1]
    }

    /// The next larger component, or nil for millennia.
    public var larger: TimeComponent? {
        guard let index = Self.allCases.firstIndex(of: self), index + 1 < Self.allCases.count else { return nil }
        return Self.allCases[index + 1]
    }

    /// How many of this component make one of the next larger one, when rounding a count
    /// up to that number should read as the larger component ("60 seconds" → "1 minute").
    /// Weeks never round up into a month: a month is not a whole number of weeks.
    var roundingCarry: Double? {
        switch self {
        case .seconds, .minutes: 60
        case .hours: 24
        case .days: 7
        case .weeks: nil
        case .months: 12
        case .years: 100
        case .centuries: 10
        case .millennia: nil
        }
    }

    public static func < (lhs: TimeComponent, rhs: TimeComponent) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
