import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// Fixed-length against calendar-aware counting: month ends, leap years, DST, rounding.
struct CountingTests {
    static func english(_ counting: IntervalCounting, rounding: Rounding = .truncate) -> IntervalFormatter {
        IntervalFormatter(language: .english, counting: counting, rounding: rounding)
    }

    @Test(arguments: [
        // from, to, fixed, calendar (UTC)
        ("2024-01-31T12:00:00Z", "2024-02-29T12:00:00Z", "4 weeks ago", "1 month ago"),
        ("2023-01-31T12:00:00Z", "2023-02-28T12:00:00Z", "4 weeks ago", "1 month ago"),
        ("2024-01-30T12:00:00Z", "2024-02-29T12:00:00Z", "4 weeks ago", "1 month ago"),
        ("2024-01-29T12:00:00Z", "2024-02-28T12:00:00Z", "4 weeks ago", "4 weeks ago"),
        ("2024-01-31T12:00:00Z", "2024-02-28T12:00:00Z", "4 weeks ago", "4 weeks ago"),
        ("2024-03-01T00:00:00Z", "2024-03-31T00:00:00Z", "4 weeks ago", "4 weeks ago"),
        ("2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z", "1 month ago", "1 month ago"),
        ("2024-01-31T12:00:00Z", "2024-03-31T11:59:59Z", "1 month ago", "1 month ago"),
        ("2024-01-31T12:00:00Z", "2024-03-31T12:00:00Z", "1 month ago", "2 months ago"),
        // Leap years: 365 days are 1 fixed year, but not yet a calendar year across Feb 29.
        ("2023-03-01T00:00:00Z", "2024-02-29T00:00:00Z", "1 year ago", "11 months ago"),
        ("2023-03-01T00:00:00Z", "2024-03-01T00:00:00Z", "1 year ago", "1 year ago"),
        ("2024-02-29T00:00:00Z", "2025-02-28T00:00:00Z", "1 year ago", "1 year ago"),
        ("2024-02-29T00:00:00Z", "2025-02-27T00:00:00Z", "11 months ago", "11 months ago"),
        ("2023-02-28T00:00:00Z", "2024-02-27T00:00:00Z", "11 months ago", "11 months ago"),
        ("2023-02-28T00:00:00Z", "2024-02-28T00:00:00Z", "1 year ago", "1 year ago"),
        ("1969-07-16T13:32:00Z", "2024-07-16T13:31:59Z", "55 years ago", "54 years ago"),
        ("1969-07-16T13:32:00Z", "2024-07-16T13:32:00Z", "55 years ago", "55 years ago"),
        ("1924-07-16T00:00:00Z", "2024-07-16T00:00:00Z", "1 century ago", "1 century ago"),
    ])
    func monthEndsAndLeapYears(from: String, to: String, fixed: String, calendar: String) {
        let date = instant(from)
        let now = instant(to)
        #expect(Self.english(.fixed).string(for: date, relativeTo: now) == fixed)
        #expect(Self.english(.calendar(utc)).string(for: date, relativeTo: now) == calendar)
        // The future counts from the earlier instant too.
        #expect(Self.english(.calendar(utc)).string(for: now, relativeTo: date) == "in " + calendar.dropLast(4))
    }

    @Test(arguments: [
        // Spring forward on 2024-03-31: noon to noon is 23 hours but one calendar day.
        ("2024-03-30T12:00:00+01:00", "2024-03-31T12:00:00+02:00", "23 hours ago", "1 day ago"),
        // Fall back on 2024-10-27: noon to noon is 25 hours.
        ("2024-10-26T12:00:00+02:00", "2024-10-27T12:00:00+01:00", "1 day ago", "1 day ago"),
        // 00:30 to 23:59 on the 25-hour day: more than 24 hours, but not yet a day on the clock.
        ("2024-10-27T00:30:00+02:00", "2024-10-27T23:59:00+01:00", "1 day ago", "24 hours ago"),
        // A week across the change is 7 calendar days although 1 hour short.
        ("2024-03-27T09:00:00+01:00", "2024-04-03T09:00:00+02:00", "6 days ago", "1 week ago"),
        ("2024-02-29T09:00:00+01:00", "2024-03-29T09:00:00+01:00", "4 weeks ago", "1 month ago"),
    ])
    func daylightSavingTimeInBerlin(from: String, to: String, fixed: String, calendar: String) {
        let date = instant(from)
        let now = instant(to)
        #expect(Self.english(.fixed).string(for: date, relativeTo: now) == fixed)
        #expect(Self.english(.calendar(berlin)).string(for: date, relativeTo: now) == calendar)
    }

    @Test func calendarDaysDependOnTheTimeZone() {
        // 23 hours in UTC, a calendar day on the Berlin clock (spring forward).
        let date = instant("2024-03-30T11:00:00Z")
        let now = instant("2024-03-31T10:00:00Z")
        #expect(Self.english(.calendar(utc)).string(for: date, relativeTo: now) == "23 hours ago")
        #expect(Self.english(.calendar(berlin)).string(for: date, relativeTo: now) == "1 day ago")
    }

    /// Dates before 1582 stay proleptic Gregorian, as the day arithmetic is.
    @Test func beforeTheGregorianReform() {
        func midnight(_ text: String) -> Date {
            Date(timeIntervalSince1970: Double(calendarDay(text).daysSince1970) * day)
        }
        #expect(CalendarDate(midnight("1500-03-01"), in: utc) == calendarDay("1500-03-01"))
        let english = Self.english(.calendar(utc))
        #expect(english.string(for: midnight("1582-10-01"), relativeTo: midnight("1583-10-01")) == "1 year ago")
        #expect(english.string(for: midnight("1500-01-31"), relativeTo: midnight("1500-02-28")) == "1 month ago")
        #expect(english.string(for: midnight("0800-12-25"), relativeTo: midnight("1969-07-20")) == "1 millennium ago")
    }

    /// The counts against a search of their own: whole days, months and years stepped one by
    /// one from the earlier instant on its wall clock, with no estimate to start from, on 400
    /// random pairs up to 30 years apart in zones with and without daylight saving time.
    @Test func calendarCountsAreTheOnesASearchStepByStepFinds() throws {
        var random = SplitMix64(seed: 51)
        for zone in ["UTC", "Europe/Berlin", "America/Santiago", "Australia/Lord_Howe"] {
            let timeZone = try #require(TimeZone(identifier: zone))
            for _ in 0..<100 {
                let start = Date(timeIntervalSince1970: Double.random(in: -2e9...2e9, using: &random).rounded())
                let end = start.addingTimeInterval(Double.random(in: 0...(30 * 365.25 * 86_400), using: &random).rounded())
                let counts = IntervalCounting.calendar(timeZone).counts(of: start, relativeTo: end)
                let origin = WallClock(start, in: timeZone)
                func stepped(_ step: (CalendarDate, Int) -> CalendarDate) -> Double {
                    func reached(_ steps: Int) -> Date { origin.instant(on: step(origin.date, steps), in: timeZone) }
                    var whole = 0
                    while reached(whole + 1) <= end { whole += 1 }
                    let span = reached(whole + 1).timeIntervalSince(reached(whole))
                    return Double(whole) + (span > 0 ? min(max(end.timeIntervalSince(reached(whole)) / span, 0), 0.999_999) : 0)
                }
                let days = stepped { $0.adding(days: $1) }
                let months = stepped { $0.adding(months: $1) }
                let years = stepped { $0.adding(months: 12 * $1) }
                let expected: [(TimeComponent, Double)] = [
                    (.seconds, end.timeIntervalSince(start)), (.days, days), (.weeks, days / 7), (.months, months), (.years, years),
                    (.centuries, years / 100), (.millennia, years / 1_000),
                ]
                for (component, value) in expected {
                    #expect(counts.count(of: component) == value, "\(zone) \(start) → \(end): \(component)")
                }
                #expect(counts.isPast == (start < end))
            }
        }
    }

    @Test func calendarFractions() {
        let counts = IntervalCounting.calendar(utc).counts(of: instant("2020-01-01T00:00:00Z"), relativeTo: instant("2021-07-02T12:00:00Z"))
        #expect(counts.isPast)
        #expect(abs(counts.count(of: .years) - 1.5) < 1e-9)
        let oneDecimal = Rounding(.truncate, fractionDigits: 1)
        #expect(
            Self.english(.calendar(utc), rounding: oneDecimal).string(
                for: instant("2020-01-01T00:00:00Z"), relativeTo: instant("2021-07-02T12:00:00Z")) == "1.5 years ago")
    }

    @Test(
        arguments: [
            (59.4, "59 seconds ago", "59 seconds ago"), (59.6, "59 seconds ago", "1 minute ago"),
            (29.5, "29 seconds ago", "30 seconds ago"), (0.4, "now", "now"), (0.5, "now", "1 second ago"),
            (1.5 * day, "1 day ago", "2 days ago"), (12 * hour, "12 hours ago", "12 hours ago"),
            (23.6 * hour, "23 hours ago", "1 day ago"), (6.6 * day, "6 days ago", "1 week ago"),
            (-364.6 * day, "in 11 months", "in 1 year"), (4.4 * week, "1 month ago", "1 month ago"),
            (30.4 * day, "4 weeks ago", "4 weeks ago"), (99.5 * year, "99 years ago", "1 century ago"),
        ] as [(TimeInterval, String, String)])
    func rounding(interval: TimeInterval, truncated: String, halfUp: String) {
        #expect(Language.english.text(interval) == truncated)
        #expect(Language.english.text(interval, rounding: .halfUp) == halfUp)
    }

    @Test func roundingKeepsDecimals() {
        #expect(Rounding(.truncate, fractionDigits: 2).apply(to: 0.29) == 0.29)
        #expect(Rounding(.halfUp, fractionDigits: 1).apply(to: -2.25) == -2.3)
        #expect(Rounding.truncate.apply(to: -2.9) == -2)
    }
}
