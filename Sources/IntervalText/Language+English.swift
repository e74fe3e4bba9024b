import Foundation
import TextFormatting

extension Language {
    /// English: "3 days ago", "in 2 months", "1 year ago", "2.5 years ago";
    /// with `showsNumberForOne = false`: "a minute ago", "in an hour".
    public static let english = Language(
        code: "en",
        pluralRules: .oneOther,
        numberSymbols: .english,
        past: Phrase("<VALUE> <TIME_COMPONENT> ago"),
        future: Phrase("in <VALUE> <TIME_COMPONENT>"),
        zero: "now",
        today: "today",
        words: [
            .nominative: [
                .seconds: WordForms(one: "second", other: "seconds", single: "a second"),
                .minutes: WordForms(one: "minute", other: "minutes", single: "a minute"),
                .hours: WordForms(one: "hour", other: "hours", single: "an hour"),
                .days: WordForms(one: "day", other: "days", single: "a day"),
                .weeks: WordForms(one: "week", other: "weeks", single: "a week"),
                .months: WordForms(one: "month", other: "months", single: "a month"),
                .years: WordForms(one: "year", other: "years", single: "a year"),
                .centuries: WordForms(one: "century", other: "centuries", single: "a century"),
                .millennia: WordForms(one: "millennium", other: "millennia", single: "a millennium"),
            ]
        ]
    )
}
