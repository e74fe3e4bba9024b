import Foundation
import TextFormatting

extension Language {
    /// German: the dative after "vor" and "in" ("vor 3 Tagen", "in 2 Monaten",
    /// "vor 1,5 Jahren"), the nominative standing alone ("3 Tage", "34 Jahre").
    /// With `showsNumberForOne = false`: "vor einer Minute", "in einem Tag".
    public static let german = Language(
        code: "de",
        pluralRules: .oneOther,
        numberSymbols: .german,
        past: Phrase("vor <VALUE> <TIME_COMPONENT>", case: .dative),
        future: Phrase("in <VALUE> <TIME_COMPONENT>", case: .dative),
        zero: "jetzt",
        today: "heute",
        words: [
            .nominative: [
                .seconds: WordForms(one: "Sekunde", other: "Sekunden", single: "eine Sekunde"),
                .minutes: WordForms(one: "Minute", other: "Minuten", single: "eine Minute"),
                .hours: WordForms(one: "Stunde", other: "Stunden", single: "eine Stunde"),
                .days: WordForms(one: "Tag", other: "Tage", single: "ein Tag"),
                .weeks: WordForms(one: "Woche", other: "Wochen", single: "eine Woche"),
                .months: WordForms(one: "Monat", other: "Monate", single: "ein Monat"),
                .years: WordForms(one: "Jahr", other: "Jahre", single: "ein Jahr"),
                .centuries: WordForms(one: "Jahrhundert", other: "Jahrhunderte", single: "ein Jahrhundert"),
                .millennia: WordForms(one: "Jahrtausend", other: "Jahrtausende", single: "ein Jahrtausend"),
            ],
            // Only what differs from the nominative; feminine and neuter accusatives are
            // the same as their nominatives.
            .accusative: [
                .days: WordForms(single: "einen Tag"),
                .months: WordForms(single: "einen Monat"),
            ],
            .dative: [
                .seconds: WordForms(single: "einer Sekunde"),
                .minutes: WordForms(single: "einer Minute"),
                .hours: WordForms(single: "einer Stunde"),
                .days: WordForms([.other: "Tagen"], single: "einem Tag"),
                .weeks: WordForms(single: "einer Woche"),
                .months: WordForms([.other: "Monaten"], single: "einem Monat"),
                .years: WordForms([.other: "Jahren"], single: "einem Jahr"),
                .centuries: WordForms([.other: "Jahrhunderten"], single: "einem Jahrhundert"),
                .millennia: WordForms([.other: "Jahrtausenden"], single: "einem Jahrtausend"),
            ],
        ]
    )
}
