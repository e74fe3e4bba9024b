import Foundation
import TextFormatting

/// A day of the proleptic Gregorian calendar as written (year, month, day), with no time
/// and no time zone: a birth date is never shifted through a time zone.
///
/// The calendar is ISO 8601's, JavaScript's and Python's: Gregorian rules extended backwards
/// before 1582 (Foundation's `.gregorian` switches to the Julian calendar there instead).
/// The day arithmetic is Howard Hinnant's, "chrono-Compatible Low-Level Date Algorithms".
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil unless the date exists (no February 30, no February 29 in common years).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysInMonth(month, of: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date at `instant` on the wall clock of `timeZone` (proleptic Gregorian also
    /// before 1582, unlike Foundation's Gregorian calendar, which switches to Julian).
    public init(_ instant: Date, in timeZone: TimeZone) {
        self = WallClock(instant, in: timeZone).date
    }

    /// The day `days` after 1970-01-01 (before it when negative).
    public init(daysSince1970 days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.init(unchecked: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (negative before).
    public var daysSince1970: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        let remainder = (daysSince1970 + 4) % 7
        return remainder >= 0 ? remainder : remainder + 7
    }

    /// This date moved by whole days.
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(daysSince1970: daysSince1970 + days)
    }

    /// This date moved by whole months; a day that the target month lacks becomes its last
    /// day (Jan 31 + 1 month = Feb 28 or 29).
    public func adding(months: Int) -> CalendarDate {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        return CalendarDate(unchecked: newYear, newMonth, min(day, Self.daysInMonth(newMonth, of: newYear)))
    }

    /// Whole days from this date to `other` (negative when `other` is earlier).
    public func days(to other: CalendarDate) -> Int {
        other.daysSince1970 - daysSince1970
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601: "2024-02-29"; years before 1 with a sign and at least four digits
    /// ("-0044-03-15"), years after 9999 with all their digits.
    public var description: String {
        CFormat.padded(year, 4) + "-" + CFormat.padded(month, 2) + "-" + CFormat.padded(day, 2)
    }
}
