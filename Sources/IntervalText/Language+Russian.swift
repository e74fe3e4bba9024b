import Foundation
import TextFormatting

extension Language {
    /// Russian: "1 день, 2 дня, 5 дней, 11 дней, 21 день, 22 дня, 111 дней", decimals in
    /// the genitive singular ("1,5 дня"); the accusative after "назад" and "через"
    /// ("1 минуту назад", "через 21 неделю"). With `showsNumberForOne = false`:
    /// "минуту назад", "через неделю", "день назад".
    public static let russian = Language(
        code: "ru",
        pluralRules: .eastSlavic,
        numberSymbols: .spaceComma,
        past: Phrase("<VALUE> <TIME_COMPONENT> назад", case: .accusative),
        future: Phrase("через <VALUE> <TIME_COMPONENT>", case: .accusative),
        zero: "сейчас",
        today: "сегодня",
        words: [
            .nominative: [
                .seconds: WordForms(one: "секунда", few: "секунды", many: "секунд", other: "секунды", single: "секунда"),
                .minutes: WordForms(one: "минута", few: "минуты", many: "минут", other: "минуты", single: "минута"),
                .hours: WordForms(one: "час", few: "часа", many: "часов", other: "часа", single: "час"),
                .days: WordForms(one: "день", few: "дня", many: "дней", other: "дня", single: "день"),
                .weeks: WordForms(one: "неделя", few: "недели", many: "недель", other: "недели", single: "неделя"),
                .months: WordForms(one: "месяц", few: "месяца", many: "месяцев", other: "месяца", single: "месяц"),
                .years: WordForms(one: "год", few: "года", many: "лет", other: "года", single: "год"),
                .centuries: WordForms(one: "век", few: "века", many: "веков", other: "века", single: "век"),
                .millennia: WordForms(
                    one: "тысячелетие", few: "тысячелетия", many: "тысячелетий", other: "тысячелетия",
                    single: "тысячелетие"
                ),
            ],
            // Feminine nouns change in the accusative singular; the rest equal the nominative.
            .accusative: [
                .seconds: WordForms([.one: "секунду"], single: "секунду"),
                .minutes: WordForms([.one: "минуту"], single: "минуту"),
                .weeks: WordForms([.one: "неделю"], single: "неделю"),
            ],
        ]
    )
}
