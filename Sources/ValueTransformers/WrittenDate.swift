import CivilTime
import Foundation

/// What to do with a date written without a zone ("2013-04-23 16:29:05", "2013-04-23").
public enum ZonelessDates: Sendable, Hashable {
    /// Read it as UTC.
    case utc
    /// Read it as local time in the given zone ("Europe/Berlin").
    case timeZone(TimeZone)
}

/// A date and time as written in the source text, before it becomes an instant: the calendar
/// fields and the UTC offset, if the text had one. Parsers produce it; `date(zoneless:)` turns
/// it into a `Date`. Ask a date transformer for `WrittenDate.self` to keep a birth date as the
/// calendar date written, never shifted by a zone.
public struct WrittenDate: Sendable, Hashable {
    public let calendarDate: CalendarDate
    public let hour: Int
    public let minute: Int
    public let second: Int
    public let nanosecond: Int
    /// Seconds east of UTC as written (`+02:00` → 7200, `Z` → 0); nil when the text had no zone.
    public let utcOffset: Int?
    /// False for a date-only text such as `1990-02-28`.
    public let hasTime: Bool

    /// Nil when a field is out of range: hour 24, minute 61, second 60, February 30.
    public init?(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0,
        utcOffset: Int? = nil, hasTime: Bool = true
    ) {
        guard let calendarDate = CalendarDate(year: year, month: month, day: day),
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
            (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        if let utcOffset, abs(utcOffset) >= 24 * 3600 { return nil }
        self.calendarDate = calendarDate
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
        self.utcOffset = utcOffset
        self.hasTime = hasTime
    }

    /// The fields of `date` in UTC (a UNIX timestamp "as written").
    public init(utc date: Date) {
        // A Double holds about a microsecond of precision at today's timestamps: round to it,
        // so that .688 does not come back as .687999.
        let total = date.timeIntervalSince1970
        var seconds = total.rounded(.down)
        var microseconds = Int(((total - seconds) * 1e6).rounded())
        if microseconds == 1_000_000 {
            seconds += 1
            microseconds = 0
        }
        let days = Int((seconds / 86_400).rounded(.down))
        let secondOfDay = Int(seconds) - days * 86_400
        let day = CalendarDate(daysSince1970: days)
        self.init(
            year: day.year, month: day.month, day: day.day,
            hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60,
            nanosecond: microseconds * 1000, utcOffset: 0
        )!
    }

    /// Seconds since 1970 of these fields read as UTC, ignoring the offset.
    public var localSecondsSince1970: Double {
        let whole = calendarDate.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second
        return Double(whole) + Double(nanosecond) / 1e9
    }

    /// The instant: the written offset when there is one, otherwise the `zoneless` rule.
    public func date(zoneless: ZonelessDates = .utc) -> Date {
        let local = localSecondsSince1970
        if let utcOffset { return Date(timeIntervalSince1970: local - Double(utcOffset)) }
        switch zoneless {
        case .utc: return Date(timeIntervalSince1970: local)
        case .timeZone(let zone): return WallClock.instant(localSeconds: local, in: zone)
        }
    }
}
