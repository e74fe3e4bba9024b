import Foundation

/// A birthday: a calendar date as written, and what follows from it on a given day.
///
/// "Today" is the date of an instant on the wall clock of a time zone, so the same `now`
/// can be someone's birthday in Berlin and not yet in New York. A February 29 birthday is
/// celebrated, and the age goes up, on February 28 in common years.
///
///     let birthday = Birthday(CalendarDate(year: 1990, month: 3, day: 8)!)
///     birthday.age(at: now, in: berlin)                    // 34
///     birthday.daysUntilNextBirthday(at: now, in: berlin)  // 23 (0 on the day itself)
public struct Birthday: Hashable, Sendable {
    public var date: CalendarDate

    public init(_ date: CalendarDate) {
        self.date = date
    }

    /// The day the birthday falls on in `year` (Feb 29 → Feb 28 in common years).
    public func occurrence(in year: Int) -> CalendarDate {
        let day = min(date.day, CalendarDate.daysInMonth(date.month, of: year))
        return CalendarDate(year: year, month: date.month, day: day) ?? date
    }

    /// Age in whole years on `day`; nil before the date of birth.
    public func age(on day: CalendarDate) -> Int? {
        guard day >= date else { return nil }
        let years = day.year - date.year
        return day < occurrence(in: day.year) ? years - 1 : years
    }

    /// Age in whole years on the day of `now` in `timeZone`; nil before the date of birth.
    public func age(at now: Date, in timeZone: TimeZone) -> Int? {
        age(on: CalendarDate(now, in: timeZone))
    }

    /// The first birthday on or after `day` (`day` itself when it is the birthday).
    /// Before the date of birth, the date of birth.
    public func nextBirthday(onOrAfter day: CalendarDate) -> CalendarDate {
        guard day > date else { return date }
        let thisYear = occurrence(in: day.year)
        return thisYear >= day ? thisYear : occurrence(in: day.year + 1)
    }

    /// The next birthday counted from the day of `now` in `timeZone` (that day included).
    public func nextBirthday(at now: Date, in timeZone: TimeZone) -> CalendarDate {
        nextBirthday(onOrAfter: CalendarDate(now, in: timeZone))
    }

    /// Days from `day` to the next birthday: 0 on the birthday itself.
    public func daysUntilNextBirthday(from day: CalendarDate) -> Int {
        day.days(to: nextBirthday(onOrAfter: day))
    }

    /// Days from the day of `now` in `timeZone` to the next birthday: 0 on the birthday.
    public func daysUntilNextBirthday(at now: Date, in timeZone: TimeZone) -> Int {
        daysUntilNextBirthday(from: CalendarDate(now, in: timeZone))
    }
}
