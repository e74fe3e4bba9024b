import CivilTime
import Foundation
import TestSupport
import Testing

/// Ages and next birthdays: "today" decided in a time zone, Feb 29 on Feb 28 in common years.
struct BirthdayTests {
    static let march8 = Birthday(calendarDay("1990-03-08"))
    static let leapDay = Birthday(calendarDay("2000-02-29"))

    @Test(
        arguments: [
            // now, zone, age, days until next birthday
            ("2024-03-07T22:59:59Z", berlin, 33, 1),  // 23:59:59 on Mar 7 in Berlin
            ("2024-03-07T23:00:00Z", berlin, 34, 0),  // midnight: the birthday begins in Berlin
            ("2024-03-07T23:00:00Z", newYork, 33, 1),  // still 18:00 on Mar 7 in New York
            ("2024-03-09T04:59:59Z", newYork, 34, 0),  // 23:59:59 on Mar 8 in New York
            ("2024-03-09T05:00:00Z", newYork, 34, 364),  // Mar 9 in New York: next is 2025-03-08
            ("2024-03-08T23:00:00Z", berlin, 34, 364),  // midnight into Mar 9 in Berlin
        ] as [(String, TimeZone, Int, Int)])
    func aroundMidnightInTwoZones(now: String, zone: TimeZone, age: Int, days: Int) {
        #expect(Self.march8.age(at: instant(now), in: zone) == age)
        #expect(Self.march8.daysUntilNextBirthday(at: instant(now), in: zone) == days)
    }

    @Test func nextBirthdayDate() {
        #expect(Self.march8.nextBirthday(at: instant("2024-03-07T23:00:00Z"), in: berlin) == calendarDay("2024-03-08"))
        #expect(Self.march8.nextBirthday(at: instant("2024-03-07T23:00:00Z"), in: newYork) == calendarDay("2024-03-08"))
        #expect(Self.march8.nextBirthday(onOrAfter: calendarDay("2024-03-09")) == calendarDay("2025-03-08"))
        #expect(Self.march8.nextBirthday(onOrAfter: calendarDay("2024-01-01")) == calendarDay("2024-03-08"))
    }

    @Test(arguments: [
        // today, age, next birthday, days until
        ("2023-02-27", 22, "2023-02-28", 1),
        ("2023-02-28", 23, "2023-02-28", 0),
        ("2023-03-01", 23, "2024-02-29", 365),
        ("2024-02-28", 23, "2024-02-29", 1),
        ("2024-02-29", 24, "2024-02-29", 0),
        ("2024-03-01", 24, "2025-02-28", 364),
        ("2100-02-28", 100, "2100-02-28", 0),  // 2100 is not a leap year
        ("2000-02-29", 0, "2000-02-29", 0),
    ])
    func february29(today: String, age: Int, next: String, days: Int) {
        let day = calendarDay(today)
        #expect(Self.leapDay.age(on: day) == age)
        #expect(Self.leapDay.nextBirthday(onOrAfter: day) == calendarDay(next))
        #expect(Self.leapDay.daysUntilNextBirthday(from: day) == days)
    }

    @Test func beforeBirth() {
        #expect(Self.march8.age(on: calendarDay("1990-03-07")) == nil)
        #expect(Self.march8.age(on: calendarDay("1990-03-08")) == 0)
        #expect(Self.march8.nextBirthday(onOrAfter: calendarDay("1989-12-31")) == calendarDay("1990-03-08"))
        #expect(Self.march8.daysUntilNextBirthday(from: calendarDay("1990-03-01")) == 7)
    }

    @Test func yearEnd() {
        let newYearsEve = Birthday(calendarDay("1980-12-31"))
        #expect(newYearsEve.daysUntilNextBirthday(from: calendarDay("2023-01-01")) == 364)
        #expect(newYearsEve.daysUntilNextBirthday(from: calendarDay("2024-01-01")) == 365)
        #expect(newYearsEve.age(on: calendarDay("2023-12-30")) == 42)
        #expect(newYearsEve.age(on: calendarDay("2023-12-31")) == 43)
    }
}
