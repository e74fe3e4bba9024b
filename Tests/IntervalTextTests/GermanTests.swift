import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// German: dative after "vor" and "in", nominative standing alone. Written by hand.
struct GermanTests {
    @Test(
        arguments: [
            (0, "jetzt"),
            (1, "vor 1 Sekunde"), (-1, "in 1 Sekunde"), (2, "vor 2 Sekunden"), (59, "vor 59 Sekunden"),
            (60, "vor 1 Minute"), (-120, "in 2 Minuten"), (hour, "vor 1 Stunde"), (-2 * hour, "in 2 Stunden"),
            (23 * hour, "vor 23 Stunden"), (24 * hour, "vor 1 Tag"), (-day, "in 1 Tag"),
            (3 * day, "vor 3 Tagen"), (-3 * day, "in 3 Tagen"), (6 * day, "vor 6 Tagen"),
            (7 * day, "vor 1 Woche"), (-14 * day, "in 2 Wochen"), (30 * day, "vor 4 Wochen"),
            (31 * day, "vor 1 Monat"), (-2 * month, "in 2 Monaten"), (364 * day, "vor 11 Monaten"),
            (365 * day, "vor 1 Jahr"), (2 * year, "vor 2 Jahren"), (-21 * year, "in 21 Jahren"),
            (century, "vor 1 Jahrhundert"), (3 * century, "vor 3 Jahrhunderten"),
            (millennium, "vor 1 Jahrtausend"), (-2 * millennium, "in 2 Jahrtausenden"),
        ] as [(TimeInterval, String)])
    func table(interval: TimeInterval, expected: String) {
        #expect(Language.german.text(interval) == expected)
    }

    @Test(
        arguments: [
            (second, "vor einer Sekunde"), (-minute, "in einer Minute"), (hour, "vor einer Stunde"),
            (day, "vor einem Tag"), (-week, "in einer Woche"), (31 * day, "vor einem Monat"),
            (-year, "in einem Jahr"), (century, "vor einem Jahrhundert"), (millennium, "vor einem Jahrtausend"),
            (2 * day, "vor 2 Tagen"),
        ] as [(TimeInterval, String)])
    func withoutNumberForOne(interval: TimeInterval, expected: String) {
        #expect(Language.german.withoutNumberForOne.text(interval) == expected)
    }

    @Test(
        arguments: [
            (1, TimeComponent.days, "1 Tag"), (3, .days, "3 Tage"), (34, .years, "34 Jahre"), (1, .years, "1 Jahr"),
            (2, .months, "2 Monate"), (5, .centuries, "5 Jahrhunderte"), (2, .millennia, "2 Jahrtausende"),
            (10_000, .years, "10.000 Jahre"),
        ] as [(Double, TimeComponent, String)])
    func standaloneIsNominative(count: Double, component: TimeComponent, expected: String) {
        #expect(Language.german.standalone(count, component) == expected)
    }

    @Test func decimalsUseAComma() {
        let oneDecimal = Rounding(.truncate, fractionDigits: 1)
        #expect(Language.german.text(1.5 * year, rounding: oneDecimal) == "vor 1,5 Jahren")
        #expect(Language.german.text(-2.5 * day, rounding: oneDecimal) == "in 2,5 Tagen")
        #expect(Language.german.standalone(1.5, .years, rounding: oneDecimal) == "1,5 Jahre")
    }

    /// "3 Tage nach dem Start": a phrase of its own with the accusative.
    @Test func phraseWithAnotherCase() {
        let start = instant("1969-07-16T13:32:00Z")
        let after = Phrase("<VALUE> <TIME_COMPONENT> nach dem Start", case: .accusative)
        let before = Phrase("<VALUE> <TIME_COMPONENT> vor dem Start", case: .accusative)
        let text = IntervalFormatter(language: .german, past: before, future: after)
        #expect(text.string(for: start + 3 * day, relativeTo: start) == "3 Tage nach dem Start")
        #expect(text.string(for: start + day, relativeTo: start) == "1 Tag nach dem Start")
        #expect(text.string(for: start - 2 * hour, relativeTo: start) == "2 Stunden vor dem Start")
        let spelled = IntervalFormatter(language: Language.german.withoutNumberForOne, past: before, future: after)
        #expect(spelled.string(for: start + day, relativeTo: start) == "einen Tag nach dem Start")
        #expect(spelled.string(for: start + month + day, relativeTo: start) == "einen Monat nach dem Start")
    }
}
