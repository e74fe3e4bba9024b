import CivilTime
import Foundation
import TestSupport
import Testing

/// The one daylight-saving rule. Expected instants are Python's `zoneinfo` with `fold=0`
/// (`datetime(2024, 3, 10, 2, 30, tzinfo=ZoneInfo("America/New_York")).astimezone(timezone.utc)`),
/// which moves a skipped reading forward by the gap and takes the first of a repeated one.
struct WallClockTests {
    static let sydney = TimeZone(identifier: "Australia/Sydney")!

    @Test(arguments: [
        // zone, wall clock (as UTC text), expected instant
        (newYork, "2024-03-10T02:30:00Z", "2024-03-10T07:30:00Z"),  // skipped: 03:30 EDT
        (newYork, "2024-11-03T01:30:00Z", "2024-11-03T05:30:00Z"),  // repeated: the EDT one
        (berlin, "2024-03-31T02:30:00Z", "2024-03-31T01:30:00Z"),  // skipped: 03:30 CEST
        (berlin, "2024-10-27T02:30:00Z", "2024-10-27T00:30:00Z"),  // repeated: the CEST one
        (sydney, "2024-10-06T02:30:00Z", "2024-10-05T16:30:00Z"),  // skipped, southern spring
        (sydney, "2024-04-07T02:30:00Z", "2024-04-06T15:30:00Z"),  // repeated, southern autumn
        (berlin, "2024-03-31T12:00:00Z", "2024-03-31T10:00:00Z"),  // the day of a change
        (berlin, "2024-03-30T12:00:00Z", "2024-03-30T11:00:00Z"),  // the day before it
        (berlin, "2024-07-01T12:00:00Z", "2024-07-01T10:00:00Z"),
        (newYork, "2024-01-01T00:00:00Z", "2024-01-01T05:00:00Z"),
        (utc, "1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
    ])
    func instantOfAReading(zone: TimeZone, reading: String, expected: String) {
        let clock = WallClock(utc: instant(reading))
        #expect(clock.instant(in: zone) == instant(expected))
    }

    @Test func readingAnInstantAndBack() {
        // 2024-03-31T00:59:59Z is 01:59:59 CET; a second later it is 03:00:00 CEST.
        let lastWinter = WallClock(instant("2024-03-31T00:59:59Z"), in: berlin)
        let firstSummer = WallClock(instant("2024-03-31T01:00:00Z"), in: berlin)
        #expect((lastWinter.date, lastWinter.hour, lastWinter.minute, lastWinter.second) == (calendarDay("2024-03-31"), 1, 59, 59))
        #expect((firstSummer.date, firstSummer.hour, firstSummer.minute) == (calendarDay("2024-03-31"), 3, 0))
        #expect(firstSummer.instant(in: berlin) == instant("2024-03-31T01:00:00Z"))
        // Fractions of a second stay; times before 1970 count down from midnight correctly.
        let early = WallClock(utc: Date(timeIntervalSince1970: -0.25))
        #expect(early.date == calendarDay("1969-12-31"))
        #expect(early.secondOfDay == 86_399.75)
    }

    @Test func theSameTimeOnAnotherDay() {
        let noon = WallClock(instant("2024-03-30T11:00:00Z"), in: berlin)
        #expect(noon.instant(on: calendarDay("2024-03-31"), in: berlin) == instant("2024-03-31T10:00:00Z"))
    }
}
