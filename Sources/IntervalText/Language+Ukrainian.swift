import Foundation
import TextFormatting

extension Language {
    /// Ukrainian: "1 день, 2 дні, 5 днів, 11 днів, 21 день, 22 дні, 111 днів", decimals in
    /// the genitive singular ("1,5 дня", "2,5 року"); the accusative after "тому" and
    /// "через" ("1 хвилину тому", "через 21 годину"). With `showsNumberForOne = false`:
    /// "хвилину тому", "через тиждень", "день тому".
    public static let ukrainian = Language(
        code: "uk",
        pluralRules: .eastSlavic,
        numberSymbols: .spaceComma,
        past: Phrase("<VALUE> <TIME_COMPONENT> тому", case: .accusative),
        future: Phrase("через <VALUE> <TIME_COMPONENT>", case: .accusative),
        zero: "зараз",
        today: "сьогодні",
        words: [
            .nominative: [
                .seconds: WordForms(one: "секунда", few: "секунди", many: "секунд", other: "секунди", single: "секунда"),
                .minutes: WordForms(one: "хвилина", few: "хвилини", many: "хвилин", other: "хвилини", single: "хвилина"),
                .hours: WordForms(one: "година", few: "години", many: "годин", other: "години", single: "година"),
                .days: WordForms(one: "день", few: "дні", many: "днів", other: "дня", single: "день"),
                .weeks: WordForms(one: "тиждень", few: "тижні", many: "тижнів", other: "тижня", single: "тиждень"),
                .months: WordForms(one: "місяць", few: "місяці", many: "місяців", other: "місяця", single: "місяць"),
                .years: WordForms(one: "рік", few: "роки", many: "років", other: "року", single: "рік"),
                .centuries: WordForms(one: "століття", few: "століття", many: "століть", other: "століття", single: "століття"),
                .millennia: WordForms(
                    one: "тисячоліття", few: "тисячоліття", many: "тисячоліть", other: "тисячоліття",
                    single: "тисячоліття"
                ),
            ],
            // Feminine nouns change in the accusative singular; the rest equal the nominative.
            .accusative: [
                .seconds: WordForms([.one: "секунду"], single: "секунду"),
                .minutes: WordForms([.one: "хвилину"], single: "хвилину"),
                .hours: WordForms([.one: "годину"], single: "годину"),
            ],
        ]
    )
}
