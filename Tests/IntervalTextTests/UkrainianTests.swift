import CivilTime
import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import IntervalText

/// Ukrainian: one/few/many/other, accusative after "тому" and "через". Written by hand.
struct UkrainianTests {
    @Test(
        arguments: [
            (0, "зараз"),
            (1, "1 секунду тому"), (-1, "через 1 секунду"), (2, "2 секунди тому"), (5, "5 секунд тому"),
            (21, "21 секунду тому"), (59, "59 секунд тому"), (60, "1 хвилину тому"), (-120, "через 2 хвилини"),
            (5 * minute, "5 хвилин тому"), (hour, "1 годину тому"), (-hour, "через 1 годину"),
            (2 * hour, "2 години тому"), (11 * hour, "11 годин тому"), (21 * hour, "21 годину тому"),
            (23 * hour, "23 години тому"), (24 * hour, "1 день тому"), (2 * day, "2 дні тому"),
            (5 * day, "5 днів тому"), (6 * day, "6 днів тому"), (7 * day, "1 тиждень тому"),
            (-14 * day, "через 2 тижні"), (28 * day, "4 тижні тому"), (31 * day, "1 місяць тому"),
            (2 * month, "2 місяці тому"), (-5 * month, "через 5 місяців"), (364 * day, "11 місяців тому"),
            (365 * day, "1 рік тому"), (2 * year, "2 роки тому"), (5 * year, "5 років тому"),
            (-21 * year, "через 21 рік"), (century, "1 століття тому"), (3 * century, "3 століття тому"),
            (5 * century, "5 століть тому"), (millennium, "1 тисячоліття тому"), (-5 * millennium, "через 5 тисячоліть"),
        ] as [(TimeInterval, String)])
    func table(interval: TimeInterval, expected: String) {
        #expect(Language.ukrainian.text(interval) == expected)
    }

    @Test(
        arguments: [
            (0, "0 днів"), (1, "1 день"), (2, "2 дні"), (4, "4 дні"), (5, "5 днів"), (11, "11 днів"),
            (14, "14 днів"), (21, "21 день"), (22, "22 дні"), (111, "111 днів"), (1_021, "1\u{00A0}021 день"),
        ] as [(Double, String)])
    func days(count: Double, expected: String) {
        #expect(Language.ukrainian.standalone(count, .days) == expected)
    }

    @Test(
        arguments: [
            (second, "секунду тому"), (-minute, "через хвилину"), (hour, "годину тому"), (day, "день тому"),
            (-week, "через тиждень"), (31 * day, "місяць тому"), (year, "рік тому"),
        ] as [(TimeInterval, String)])
    func withoutNumberForOne(interval: TimeInterval, expected: String) {
        #expect(Language.ukrainian.withoutNumberForOne.text(interval) == expected)
    }

    @Test func decimalsAreGenitiveSingular() {
        let oneDecimal = Rounding(.truncate, fractionDigits: 1)
        #expect(Language.ukrainian.text(1.5 * year, rounding: oneDecimal) == "1,5 року тому")
        #expect(Language.ukrainian.text(-2.5 * day, rounding: oneDecimal) == "через 2,5 дня")
        #expect(Language.ukrainian.standalone(1.5, .hours, rounding: oneDecimal) == "1,5 години")
    }
}
