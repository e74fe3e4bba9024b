import CivilTime
import Foundation

/// Calendar-aware counts between two instants on the wall clock of a time zone.
///
/// Counting always starts at the earlier instant and steps forward on its wall clock:
/// - days: the number of times the same wall-clock time on a following day is reached
///   (Saturday 12:00 → Sunday 12:00 is 1 day even when a DST change makes it 23 hours);
/// - months: the same, by month, where a day the month lacks becomes its last day
///   (Jan 31 → Feb 29 2024 and Jan 31 → Feb 28 2023 are 1 month);
/// - years: the same, by 12 months (so a Feb 29 anniversary falls on Feb 28 in common
///   years, and whole years are always whole months / 12);
/// - weeks: days / 7; centuries: years / 100; millennia: years / 1000;
/// - hours, minutes, seconds: elapsed time.
/// The fractional part is the share of the way to the next step, measured in elapsed time
/// (halfway from one anniversary to the next is 0.5 years).
public struct CalendarCounting: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    public func counts(of date: Date, relativeTo reference: Date) -> IntervalCounts {
        let start = min(date, reference)
        let end = max(date, reference)
        let elapsed = end.timeIntervalSince(start)
        let origin = WallClock(start, in: timeZone)
        let target = WallClock(end, in: timeZone).date
        let days = count(
            from: origin, to: end, step: { $0.adding(days: $1) },
            estimate: origin.date.days(to: target))
        let months = count(
            from: origin, to: end, step: { $0.adding(months: $1) },
            estimate: (target.year - origin.date.year) * 12 + target.month - origin.date.month)
        let years = count(
            from: origin, to: end, step: { $0.adding(months: 12 * $1) },
            estimate: target.year - origin.date.year)
        return IntervalCounts(isPast: date < reference, isZero: elapsed == 0) { component in
            switch component {
            case .seconds: elapsed
            case .minutes: elapsed / 60
            case .hours: elapsed / 3_600
            case .days: days
            case .weeks: days / 7
            case .months: months
            case .years: years
            case .centuries: years / 100
            case .millennia: years / 1_000
            }
        }
    }

    /// Whole steps from `origin` that do not pass `end`, plus the elapsed share of the next;
    /// `estimate` is where the search for the whole steps starts. Each instant reached is
    /// worked out once: a timeline counts two intervals for each of its events.
    private func count(
        from origin: WallClock, to end: Date, step: (CalendarDate, Int) -> CalendarDate, estimate: Int
    ) -> Double {
        func reached(_ steps: Int) -> Date { origin.instant(on: step(origin.date, steps), in: timeZone) }
        var whole = max(0, estimate)
        var last = reached(whole)
        while whole > 0, last > end {
            whole -= 1
            last = reached(whole)
        }
        var next = reached(whole + 1)
        while next <= end {
            whole += 1
            last = next
            next = reached(whole + 1)
        }
        let span = next.timeIntervalSince(last)
        let share = span > 0 ? min(max(end.timeIntervalSince(last) / span, 0), 0.999_999) : 0
        return Double(whole) + share
    }
}
