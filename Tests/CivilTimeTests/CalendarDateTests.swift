import CivilTime
import Foundation
import TestSupport
import Testing

struct CalendarDateTests {
    @Test(arguments: [
        ("1970-01-01", 0), ("1969-12-31", -1), ("2000-03-01", 11_017), ("2024-02-29", 19_782),
        ("1900-01-01", -25_567), ("0001-01-01", -719_162),
    ])
    func daysSince1970(text: String, days: Int) {
        #expect(calendarDay(text).daysSince1970 == days)
        #expect(CalendarDate(daysSince1970: days) == calendarDay(text))
    }

    @Test func roundTripOverFourCenturies() {
        var expected = calendarDay("1800-01-01")
        for days in expected.daysSince1970...(expected.daysSince1970 + 146_097) {
            let date = CalendarDate(daysSince1970: days)
            #expect(date == expected)
            #expect(date.daysSince1970 == days)
            expected = Self.following(expected)
        }
    }

    private static func following(_ date: CalendarDate) -> CalendarDate {
        CalendarDate(year: date.year, month: date.month, day: date.day + 1)
            ?? CalendarDate(year: date.year, month: date.month + 1, day: 1)
            ?? CalendarDate(year: date.year + 1, month: 1, day: 1)!
    }

    @Test func invalidDates() {
        #expect(CalendarDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDate(year: 2024, month: 4, day: 31) == nil)
        #expect(CalendarDate(year: 2024, month: 13, day: 1) == nil)
        #expect(CalendarDate(year: 2024, month: 1, day: 0) == nil)
    }

    @Test func addingMonthsKeepsTheLastDay() {
        #expect(calendarDay("2024-01-31").adding(months: 1) == calendarDay("2024-02-29"))
        #expect(calendarDay("2023-01-31").adding(months: 1) == calendarDay("2023-02-28"))
        #expect(calendarDay("2024-03-31").adding(months: -1) == calendarDay("2024-02-29"))
        #expect(calendarDay("2024-11-30").adding(months: 3) == calendarDay("2025-02-28"))
        #expect(calendarDay("2024-02-29").adding(months: 12) == calendarDay("2025-02-28"))
    }

    @Test func dayOfAnInstantDependsOnTheZone() {
        let now = instant("2024-03-07T23:30:00Z")
        #expect(CalendarDate(now, in: berlin) == calendarDay("2024-03-08"))
        #expect(CalendarDate(now, in: newYork) == calendarDay("2024-03-07"))
        #expect(calendarDay("2024-02-29").description == "2024-02-29")
    }
}
