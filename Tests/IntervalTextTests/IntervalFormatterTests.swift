import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// The façade as pages use it: "Launch: 55 years ago", "3 days after the start".
struct IntervalFormatterTests {
    static let launch = instant("1969-07-16T13:32:00Z")
    static let now = instant("2024-11-22T12:00:00Z")

    @Test func agoAndIn() {
        let english = IntervalFormatter(language: .english, counting: .calendar(berlin))
        #expect(english.string(for: Self.launch, relativeTo: Self.now).map { "Launch: \($0)" } == "Launch: 55 years ago")
        #expect(IntervalFormatter(language: .german).string(for: Self.launch, relativeTo: Self.now) == "vor 55 Jahren")
        #expect(IntervalFormatter(language: .russian).string(for: Self.launch, relativeTo: Self.now) == "55 лет назад")
        #expect(IntervalFormatter(language: .ukrainian).string(for: Self.launch, relativeTo: Self.now) == "55 років тому")
        #expect(english.string(for: Self.now + 3 * day, relativeTo: Self.now) == "in 3 days")
        #expect(english.string(for: Self.now, relativeTo: Self.now) == "now")
    }

    @Test func relativeToAnEvent() {
        let text = IntervalFormatter(
            language: .english,
            past: Phrase("<VALUE> <TIME_COMPONENT> before the start"),
            future: Phrase("<VALUE> <TIME_COMPONENT> after the start")
        )
        #expect(text.string(for: Self.launch + 3 * day, relativeTo: Self.launch) == "3 days after the start")
        #expect(text.string(for: Self.launch - 2 * hour, relativeTo: Self.launch) == "2 hours before the start")
        let russian = IntervalFormatter(
            language: .russian,
            past: Phrase("за <VALUE> <TIME_COMPONENT> до старта", case: .accusative),
            future: Phrase("через <VALUE> <TIME_COMPONENT> после старта", case: .accusative)
        )
        #expect(russian.string(for: Self.launch + 3 * day, relativeTo: Self.launch) == "через 3 дня после старта")
        #expect(russian.string(for: Self.launch - minute, relativeTo: Self.launch) == "за 1 минуту до старта")
    }

    @Test func exactComponent() {
        let english = IntervalFormatter(language: .english)
        #expect(english.string(2, .weeks, .future) == "in 2 weeks")
        #expect(english.string(23, .days, .future) == "in 23 days")
        #expect(english.string(1, .years, .past) == "1 year ago")
        #expect(english.string(0, .days, .past) == "now")
        #expect(IntervalFormatter(language: .german).string(3, .days, .past) == "vor 3 Tagen")
        #expect(IntervalFormatter(language: .german).standalone(3, .days) == "3 Tage")
    }

    @Test func halfUpRounding() {
        let english = IntervalFormatter(language: .english, rounding: .halfUp)
        #expect(english.string(for: Self.now - 2.6 * day, relativeTo: Self.now) == "3 days ago")
        #expect(english.standalone(33.6, .years) == "34 years")
    }
}
