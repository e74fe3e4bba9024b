import CivilTime
import Foundation
import TestSupport
import Testing

/// Expected texts are Python's: `datetime.fromtimestamp(t, timezone.utc).isoformat()` and
/// `date.isoweekday() % 7`, rewritten into iCalendar's basic form (RFC 5545 3.3.4, 3.3.5) by hand.
struct CivilTextTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z", "19700101T000000Z"),
        (-1.0, "1969-12-31T23:59:59Z", "19691231T235959Z"),
        (1_732_262_400.75, "2024-11-22T08:00:00Z", "20241122T080000Z"),
        (-62_135_596_800.0, "0001-01-01T00:00:00Z", "00010101T000000Z"),
        (253_402_300_799.0, "9999-12-31T23:59:59Z", "99991231T235959Z"),
        (951_782_400.0, "2000-02-29T00:00:00Z", "20000229T000000Z"),
    ])
    func instantsInUTC(seconds: Double, iso: String, iCalendar: String) {
        let instant = Date(timeIntervalSince1970: seconds)
        #expect(CivilText.isoUTC(instant) == iso)
        #expect(CivilText.iCalendarUTC(instant) == iCalendar)
    }

    @Test func calendarDates() {
        #expect(CivilText.isoDate(calendarDay("1992-03-08")) == "1992-03-08")
        #expect(CivilText.iCalendarDate(calendarDay("1992-03-08")) == "19920308")
        #expect(CalendarDate(year: -44, month: 3, day: 15)!.description == "-0044-03-15")
        #expect(CalendarDate(year: 12_000, month: 1, day: 1)!.description == "12000-01-01")
        #expect(CivilText.hourMinute(WallClock(date: calendarDay("1969-07-16"), secondOfDay: 14 * 3600 + 32 * 60 + 59.9)) == "14:32")
    }

    @Test(arguments: [("1970-01-01", 4), ("2024-02-29", 4), ("1900-01-01", 1), ("0001-01-01", 1), ("2000-01-01", 6)])
    func weekday(text: String, weekday: Int) {
        #expect(calendarDay(text).weekday == weekday)
    }
}
