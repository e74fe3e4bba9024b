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
        let days = count(
            from: start, to: end, step: { $0.adding(days: $1) },
            estimate: { $0.days(to: $1) })
        let months = count(
            from: start, to: end, step: { $0.adding(months: $1) },
            estimate: { a, b in (b.year - a.year) * 12 + b.month - a.month })
        let years = count(
            from: start, to: end, step: { $0.adding(months: 12 * $1) },
            estimate: { a, b in b.year - a.year })
        let values: [TimeComponent: Double] = [
            .seconds: elapsed, .minutes: elapsed / 60, .hours: elapsed / 3_600,
            .days: days, .weeks: days / 7, .months: months,
            .years: years, .centuries: years / 100, .millennia: years / 1_000,
        ]
        return IntervalCounts(isPast: date < reference, isZero: elapsed == 0, values: values)
    }

    /// Whole steps from `start` that do not pass `end`, plus the elapsed share of the next.
    private func count(
        from start: Date, to end: Date,
        step: (CalendarDate, Int) -> CalendarDate,
        estimate: (CalendarDate, CalendarDate) -> Int
    ) -> Double {
        let origin = WallClock(start, in: timeZone)
        let target = WallClock(end, in: timeZone)
        func reached(_ steps: Int) -> Date { origin.instant(on: step(origin.date, steps), in: timeZone) }
        var whole = max(0, estimate(origin.date, target.date))
        while whole > 0, reached(whole) > end { whole -= 1 }
        while reached(whole + 1) <= end { whole += 1 }
        let last = reached(whole)
        let span = reached(whole + 1).timeIntervalSince(last)
        let share = span > 0 ? min(max(end.timeIntervalSince(last) / span, 0), 0.999_999) : 0
        return Double(whole) + share
    }
}
