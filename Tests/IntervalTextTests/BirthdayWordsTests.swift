import CivilTime
import Foundation
import TestSupport
import Testing

@testable import IntervalText

/// Birthdays in words: the ages and days of `CivilTime.Birthday` through `IntervalFormatter`.
struct BirthdayWordsTests {
    static let march8 = Birthday(calendarDay("1990-03-08"))

    /// "34 years old", "next birthday in 23 days", "today".
    @Test func inWords() throws {
        let now = instant("2024-02-14T10:00:00Z")
        let age = try #require(Self.march8.age(at: now, in: berlin))
        let today = CalendarDate(now, in: berlin)
        let next = Self.march8.nextBirthday(at: now, in: berlin)
        let english = IntervalFormatter(language: .english, counting: .calendar(berlin))
        let german = IntervalFormatter(language: .german, counting: .calendar(berlin))
        let russian = IntervalFormatter(language: .russian, counting: .calendar(berlin))
        #expect(english.standalone(Double(age), .years).map { "\($0) old" } == "33 years old")
        #expect(german.standalone(Double(age), .years).map { "\($0) alt" } == "33 Jahre alt")
        #expect(english.string(for: next, relativeTo: today) == "in 23 days")
        #expect(german.string(for: next, relativeTo: today) == "in 23 Tagen")
        #expect(russian.string(for: next, relativeTo: today) == "через 23 дня")
        #expect(english.string(for: today, relativeTo: today) == "today")
        #expect(german.string(for: today, relativeTo: today) == "heute")
        #expect(russian.string(for: today, relativeTo: today) == "сегодня")
        #expect(IntervalFormatter(language: .ukrainian).string(for: today, relativeTo: today) == "сьогодні")
        #expect(english.string(for: today.adding(days: -3), relativeTo: today) == "3 days ago")
        #expect(russian.string(for: today.adding(days: 21), relativeTo: today) == "через 21 день")
    }
}
