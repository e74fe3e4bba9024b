import Foundation

/// A date and a time of day on a wall clock, with no zone: what a clock in a time zone shows
/// at an instant, or what a text such as "2013-04-23 16:29:05" says before a zone makes it
/// an instant.
public struct WallClock: Hashable, Sendable {
    public var date: CalendarDate
    /// Seconds since midnight, 0 ..< 86,400 (fractions kept).
    public var secondOfDay: Double

    public init(date: CalendarDate, secondOfDay: Double = 0) {
        self.date = date
        self.secondOfDay = secondOfDay
    }

    /// The wall clock of `timeZone` at `instant`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(ZoneOffsets.seconds(of: timeZone, at: instant.timeIntervalSince1970))
        let days = (local / 86_400).rounded(.down)
        date = CalendarDate(daysSince1970: Int(days))
        secondOfDay = local - days * 86_400
    }

    /// The wall clock of UTC at `instant`.
    public init(utc instant: Date) {
        self.init(instant, in: .utc)
    }

    /// The whole hours, minutes and seconds of the time of day.
    public var hour: Int { Int(secondOfDay) / 3_600 }
    public var minute: Int { Int(secondOfDay) / 60 % 60 }
    public var second: Int { Int(secondOfDay) % 60 }

    /// Seconds since 1970-01-01 00:00 of this reading taken as UTC.
    public var secondsSince1970: Double {
        Double(date.daysSince1970) * 86_400 + secondOfDay
    }

    /// The instant at which the clocks of `timeZone` show this reading. A reading that a
    /// daylight-saving change skips is moved forward by the length of the gap (02:30 on a
    /// spring-forward night is 03:30 of the new offset); a reading it repeats is the first
    /// of the two (still in summer time). These are Python's `fold=0`, java.time's and
    /// JavaScript Temporal's "compatible" choices, in every zone alike.
    public func instant(in timeZone: TimeZone) -> Date {
        Self.instant(localSeconds: secondsSince1970, in: timeZone)
    }

    /// The instant at which the clocks of `timeZone` show `local`, a reading written as
    /// seconds since 1970-01-01 00:00 on the wall clock (the reading taken as UTC): the one
    /// daylight-saving rule of `instant(in:)`, for readers that add up the seconds themselves.
    /// Before a zone's first rule, its local mean time counts, as the tz database says.
    public static func instant(localSeconds local: Double, in timeZone: TimeZone) -> Date {
        func offset(_ seconds: Double) -> Double {
            Double(ZoneOffsets.seconds(of: timeZone, at: seconds))
        }
        // The offsets a day either side: no zone changes its offset twice within two days.
        let before = offset(local - 86_400)
        let after = offset(local + 86_400)
        if before == after { return Date(timeIntervalSince1970: local - before) }
        let early = local - before
        let late = local - after
        let earlyShows = offset(early) == before
        let lateShows = offset(late) == after
        switch (earlyShows, lateShows) {
        case (true, true): return Date(timeIntervalSince1970: min(early, late))  // repeated: the first
        case (false, true): return Date(timeIntervalSince1970: late)
        default: return Date(timeIntervalSince1970: early)  // skipped (or only the old offset shows it)
        }
    }

    /// The instant of this time of day on another day, in `timeZone`.
    public func instant(on day: CalendarDate, in timeZone: TimeZone) -> Date {
        WallClock(date: day, secondOfDay: secondOfDay).instant(in: timeZone)
    }
}

extension TimeZone {
    /// UTC, which every system has.
    public static let utc = TimeZone(identifier: "UTC")!
}
