import Foundation

/// The two ways of counting an interval between two instants.
public enum IntervalCounting: Hashable, Sendable {
    /// Fixed-length units (`TimeComponent.fixedLength`): the seed's `TimeInterval` counts.
    /// A day is always 24 hours and a month 30.416… days.
    case fixed
    /// Calendar days, weeks, months and years on the wall clock of a time zone: a day
    /// across a DST change is 1 day, Jan 31 → Feb 29 is 1 month, a year is reached on the
    /// anniversary. Hours, minutes and seconds are elapsed time. See `CalendarCounting`.
    case calendar(TimeZone)

    /// The counts of the interval between `date` and `reference`: in the past when `date`
    /// lies before `reference`.
    public func counts(of date: Date, relativeTo reference: Date) -> IntervalCounts {
        switch self {
        case .fixed:
            IntervalCounts(fixed: reference.timeIntervalSince(date))
        case .calendar(let timeZone):
            CalendarCounting(timeZone: timeZone).counts(of: date, relativeTo: reference)
        }
    }
}
