import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// Russian: one/few/many/other, accusative after "назад" and "через". Written by hand.
struct RussianTests {
    @Test(
        arguments: [
            (0, "сейчас"),
            (1, "1 секунду назад"), (-1, "через 1 секунду"), (2, "2 секунды назад"), (5, "5 секунд назад"),
            (11, "11 секунд назад"), (21, "21 секунду назад"), (22, "22 секунды назад"), (59, "59 секунд назад"),
            (60, "1 минуту назад"), (-60, "через 1 минуту"), (21 * minute, "21 минуту назад"),
            (-3 * minute, "через 3 минуты"), (hour, "1 час назад"), (2 * hour, "2 часа назад"),
            (5 * hour, "5 часов назад"), (-21 * hour, "через 21 час"), (23 * hour, "23 часа назад"),
            (24 * hour, "1 день назад"), (2 * day, "2 дня назад"), (5 * day, "5 дней назад"), (6 * day, "6 дней назад"),
            (7 * day, "1 неделю назад"), (-7 * day, "через 1 неделю"), (14 * day, "2 недели назад"),
            (28 * day, "4 недели назад"), (31 * day, "1 месяц назад"), (-2 * month, "через 2 месяца"),
            (5 * month, "5 месяцев назад"), (364 * day, "11 месяцев назад"), (365 * day, "1 год назад"),
            (-2 * year, "через 2 года"), (5 * year, "5 лет назад"), (11 * year, "11 лет назад"),
            (21 * year, "21 год назад"), (century, "1 век назад"), (2 * century, "2 века назад"),
            (5 * century, "5 веков назад"), (millennium, "1 тысячелетие назад"), (-2 * millennium, "через 2 тысячелетия"),
        ] as [(TimeInterval, String)])
    func table(interval: TimeInterval, expected: String) {
        #expect(Language.russian.text(interval) == expected)
    }

    @Test(
        arguments: [
            (0, "0 дней"), (1, "1 день"), (2, "2 дня"), (4, "4 дня"), (5, "5 дней"), (11, "11 дней"),
            (12, "12 дней"), (14, "14 дней"), (21, "21 день"), (22, "22 дня"), (25, "25 дней"),
            (101, "101 день"), (111, "111 дней"), (112, "112 дней"), (122, "122 дня"),
            (1_001, "1\u{00A0}001 день"), (1_011, "1\u{00A0}011 дней"), (1_021, "1\u{00A0}021 день"),
        ] as [(Double, String)])
    func days(count: Double, expected: String) {
        #expect(Language.russian.standalone(count, .days) == expected)
    }

    @Test(
        arguments: [
            (second, "секунду назад"), (-minute, "через минуту"), (hour, "час назад"), (day, "день назад"),
            (-week, "через неделю"), (31 * day, "месяц назад"), (year, "год назад"), (-century, "через век"),
            (21 * minute, "21 минуту назад"),
        ] as [(TimeInterval, String)])
    func withoutNumberForOne(interval: TimeInterval, expected: String) {
        #expect(Language.russian.withoutNumberForOne.text(interval) == expected)
    }

    @Test func decimalsAreGenitiveSingular() {
        let oneDecimal = Rounding(.truncate, fractionDigits: 1)
        #expect(Language.russian.text(1.5 * year, rounding: oneDecimal) == "1,5 года назад")
        #expect(Language.russian.text(-2.5 * day, rounding: oneDecimal) == "через 2,5 дня")
        #expect(Language.russian.text(1.5 * minute, rounding: oneDecimal) == "1,5 минуты назад")
        #expect(Language.russian.standalone(21.5, .days, rounding: oneDecimal) == "21,5 дня")
        #expect(Language.russian.standalone(5.5, .years, rounding: oneDecimal) == "5,5 года")
    }

    @Test func standaloneIsNominative() {
        #expect(Language.russian.standalone(1, .minutes) == "1 минута")
        #expect(Language.russian.standalone(21, .weeks) == "21 неделя")
        #expect(Language.russian.standalone(34, .years) == "34 года")
    }
}
