import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// English, fixed-length counting, truncated: expected texts written by hand.
struct EnglishTests {
    @Test(
        arguments: [
            (0, "now"),
            (1, "1 second ago"), (-1, "in 1 second"), (2, "2 seconds ago"),
            (59, "59 seconds ago"), (60, "1 minute ago"), (-60, "in 1 minute"), (119, "1 minute ago"),
            (59 * minute, "59 minutes ago"), (hour, "1 hour ago"), (-2 * hour, "in 2 hours"),
            (23 * hour, "23 hours ago"), (24 * hour, "1 day ago"), (-day, "in 1 day"),
            (6 * day, "6 days ago"), (7 * day, "1 week ago"), (-7 * day, "in 1 week"), (13 * day, "1 week ago"),
            (27 * day, "3 weeks ago"), (28 * day, "4 weeks ago"), (29 * day, "4 weeks ago"),
            (30 * day, "4 weeks ago"), (31 * day, "1 month ago"), (-31 * day, "in 1 month"),
            (2 * month, "2 months ago"), (364 * day, "11 months ago"), (365 * day, "1 year ago"),
            (366 * day, "1 year ago"), (-365 * day, "in 1 year"), (2 * year, "2 years ago"),
            (99 * year, "99 years ago"), (century, "1 century ago"), (-century, "in 1 century"),
            (2 * century, "2 centuries ago"), (millennium, "1 millennium ago"), (-2 * millennium, "in 2 millennia"),
            (0.4, "now"),
        ] as [(TimeInterval, String)])
    func table(interval: TimeInterval, expected: String) {
        #expect(Language.english.text(interval) == expected)
    }

    @Test(
        arguments: [
            (second, "a second ago"), (-minute, "in a minute"), (hour, "an hour ago"), (day, "a day ago"),
            (-week, "in a week"), (31 * day, "a month ago"), (year, "a year ago"), (century, "a century ago"),
            (-millennium, "in a millennium"), (2 * minute, "2 minutes ago"), (21 * day, "3 weeks ago"),
        ] as [(TimeInterval, String)])
    func withoutNumberForOne(interval: TimeInterval, expected: String) {
        #expect(Language.english.withoutNumberForOne.text(interval) == expected)
    }

    @Test func decimals() {
        let oneDecimal = Rounding(.truncate, fractionDigits: 1)
        #expect(Language.english.text(2.5 * year, rounding: oneDecimal) == "2.5 years ago")
        #expect(Language.english.text(-1.5 * day, rounding: oneDecimal) == "in 1.5 days")
        #expect(Language.english.text(0.5, rounding: oneDecimal) == "0.5 seconds ago")
        #expect(Language.english.text(year, rounding: oneDecimal) == "1 year ago")
        #expect(Language.english.standalone(1.5, .years, rounding: oneDecimal) == "1.5 years")
    }

    @Test func standaloneAndGrouping() {
        #expect(Language.english.standalone(34, .years) == "34 years")
        #expect(Language.english.standalone(1, .years) == "1 year")
        #expect(Language.english.standalone(0, .days) == "0 days")
        #expect(Language.english.standalone(1_000, .years) == "1,000 years")
        #expect(Language.english.standalone(1_234_567, .days) == "1,234,567 days")
    }
}
