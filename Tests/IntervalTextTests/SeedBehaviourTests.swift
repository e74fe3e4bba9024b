import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// The seed's documented behaviours of `NKTextTimeIntervalConfiguration`.
struct SeedBehaviourTests {
    static let daysOnly: IntervalTextConfiguration = {
        var configuration = IntervalTextConfiguration(
            pastFormat: "<VALUE> <TIME_COMPONENT> ago", futureFormat: "in <VALUE> <TIME_COMPONENT>")
        configuration.days = { count in abs(count) == 1 ? ("day", true) : ("days", true) }
        return configuration
    }()

    @Test func defaults() {
        let configuration = IntervalTextConfiguration()
        #expect(configuration.zeroTimeIntervalPlaceholder == "")
        #expect(configuration.pastFormat == "<VALUE>")
        #expect(configuration.futureFormat == "<VALUE>")
        #expect(configuration.rounding == .truncate)
        #expect(IntervalTextConfiguration.numberValueKey == "<VALUE>")
        #expect(IntervalTextConfiguration.timeComponentValueKey == "<TIME_COMPONENT>")
    }

    @Test func noRulesGiveNil() {
        let configuration = IntervalTextConfiguration()
        #expect(configuration.stringRepresentation(for: 5) == nil)
        #expect(configuration.stringRepresentation(for: -3 * year) == nil)
        #expect(configuration.stringRepresentation(for: 0) == "")
    }

    @Test func missingRuleFallsThroughToTheNextSmallerComponent() {
        #expect(Self.daysOnly.stringRepresentation(for: 3 * day) == "3 days ago")
        #expect(Self.daysOnly.stringRepresentation(for: 2 * week) == "14 days ago")
        #expect(Self.daysOnly.stringRepresentation(for: -2 * year) == "in 730 days")
        #expect(Self.daysOnly.stringRepresentation(for: day) == "1 day ago")
    }

    @Test func nothingAtOrBelowGivesNil() {
        #expect(Self.daysOnly.stringRepresentation(for: 5 * hour) == nil)
        #expect(Self.daysOnly.stringRepresentation(for: 1) == nil)
    }

    @Test func zeroPlaceholder() {
        var configuration = Self.daysOnly
        configuration.zeroTimeIntervalPlaceholder = "today"
        #expect(configuration.stringRepresentation(for: 0) == "today")
        #expect(configuration.formattedString(for: configuration.days, with: 0) == "today")
        #expect(configuration.formattedString(for: nil, with: 0) == "today")
    }

    @Test func formattedStringUsesTheRuleAsGiven() {
        let configuration = Self.daysOnly
        #expect(configuration.formattedString(for: configuration.days, with: 2) == "2 days ago")
        #expect(configuration.formattedString(for: configuration.days, with: -2) == "in 2 days")
        #expect(configuration.formattedString(for: nil, with: 2) == nil)
        #expect(configuration.formattedString(for: { _ in nil }, with: 2) == nil)
        #expect(configuration.formattedString(for: { _ in ("yesterday", false) }, with: 1) == "yesterday ago")
    }

    @Test func ruleSeesTheSignedRoundedCount() {
        var configuration = IntervalTextConfiguration(pastFormat: "<TIME_COMPONENT>", futureFormat: "<TIME_COMPONENT>")
        configuration.hours = { count in ("\(count)", false) }
        #expect(configuration.stringRepresentation(for: 2.9 * hour) == "2.0")
        #expect(configuration.stringRepresentation(for: -2.9 * hour) == "-2.0")
    }

    @Test func largestComponentWithACountOfAtLeastOneIsUsed() {
        var configuration = IntervalTextConfiguration()
        configuration.seconds = { _ in ("s", true) }
        configuration.minutes = { _ in ("min", true) }
        configuration.pastFormat = "<VALUE> <TIME_COMPONENT>"
        #expect(configuration.stringRepresentation(for: 59) == "59 s")
        #expect(configuration.stringRepresentation(for: 3 * day) == "4320 min")
    }

    @Test func timeIntervalCounts() {
        #expect((90.0).minutes == 1.5)
        #expect((-3_600.0).hours == -1)
        #expect((365 * day).years == 1)
        #expect((365 * day).months == 12)
        #expect((14 * day).weeks == 2)
        #expect((36_500 * day).centuries == 1)
        #expect((365_000 * day).millennia == 1)
        #expect((45.0).seconds == 45)
        #expect((2 * day).days == 2)
    }

    @Test func dateAPI() {
        let now = instant("2024-05-01T12:00:00Z")
        let english = Language.english.configuration()
        #expect(now.timeInterval(to: now - 3 * day, with: english) == "3 days ago")
        #expect(now.timeInterval(to: now + 3 * day, with: english) == "in 3 days")
        #expect(now.timeInterval(to: now, with: english) == "now")
        // The clock is read, so the test leaves a margin of hours.
        #expect(Date.timeIntervalFromNow(to: Date() - 3 * day - 2 * hour, with: english) == "3 days ago")
    }
}
