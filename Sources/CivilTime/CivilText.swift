import Foundation
import TextFormatting

/// The fixed-format texts of dates and times that machines read: ISO 8601 for HTML's
/// `<time datetime>`, and iCalendar's DATE and DATE-TIME values (RFC 5545). Words for people
/// are written elsewhere, in the page's language.
public enum CivilText {
    /// ISO 8601, `2024-02-29`.
    public static func isoDate(_ date: CalendarDate) -> String {
        date.description
    }

    /// ISO 8601 in UTC to the whole second, `2026-11-22T08:00:00Z`.
    public static func isoUTC(_ instant: Date) -> String {
        let clock = WallClock(utc: instant)
        return isoDate(clock.date) + "T" + CFormat.padded(clock.hour, 2) + ":" + CFormat.padded(clock.minute, 2)
            + ":" + CFormat.padded(clock.second, 2) + "Z"
    }

    /// An iCalendar DATE value, `19920308`.
    public static func iCalendarDate(_ date: CalendarDate) -> String {
        CFormat.padded(date.year, 4) + CFormat.padded(date.month, 2) + CFormat.padded(date.day, 2)
    }

    /// An iCalendar DATE-TIME value in UTC to the whole second, `20261122T080000Z`.
    public static func iCalendarUTC(_ instant: Date) -> String {
        let clock = WallClock(utc: instant)
        return iCalendarDate(clock.date) + "T" + CFormat.padded(clock.hour, 2) + CFormat.padded(clock.minute, 2)
            + CFormat.padded(clock.second, 2) + "Z"
    }

    /// The hours and minutes of a time of day, `14:32`.
    public static func hourMinute(_ clock: WallClock) -> String {
        CFormat.padded(clock.hour, 2) + ":" + CFormat.padded(clock.minute, 2)
    }
}
