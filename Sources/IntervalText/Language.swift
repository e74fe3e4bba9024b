import Foundation
import TextFormatting

/// Everything needed to speak about intervals in one language: its plural rule, how it
/// writes numbers, its past and future phrases, its zero texts and its time words per
/// grammatical case and plural category. Built-in: `.english`, `.german`, `.russian`,
/// `.ukrainian`; a `LanguageDescription` (from `ttsite.yml`) overrides parts or adds one.
public struct Language: Sendable {
    /// A language code such as "en" or "de".
    public var code: String
    public var pluralRules: PluralRules
    public var numberSymbols: NumberSymbols
    /// For a date before the reference: "<VALUE> <TIME_COMPONENT> ago".
    public var past: Phrase
    /// For a date after the reference: "in <VALUE> <TIME_COMPONENT>".
    public var future: Phrase
    /// For a zero interval between instants: "now".
    public var zero: String
    /// For a zero interval counted in days (`IntervalFormatter.string(for:relativeTo:)` with
    /// calendar dates): "today".
    public var today: String
    /// False to write one unit without a number: "a minute ago" instead of "1 minute ago".
    /// Applies to every component and to past and future alike (not to `standalone`).
    public var showsNumberForOne: Bool
    /// Word forms by case and component. A form missing in a case is taken from the
    /// nominative; a missing plural category from `other`.
    public var words: [GrammaticalCase: [TimeComponent: WordForms]]

    public init(
        code: String, pluralRules: PluralRules, numberSymbols: NumberSymbols,
        past: Phrase, future: Phrase, zero: String, today: String,
        showsNumberForOne: Bool = true, words: [GrammaticalCase: [TimeComponent: WordForms]]
    ) {
        self.code = code
        self.pluralRules = pluralRules
        self.numberSymbols = numberSymbols
        self.past = past
        self.future = future
        self.zero = zero
        self.today = today
        self.showsNumberForOne = showsNumberForOne
        self.words = words
    }

    /// The built-in languages by code.
    public static let builtIn: [String: Language] = [
        "en": .english, "de": .german, "ru": .russian, "uk": .ukrainian,
    ]

    /// The built-in language for a code such as "de" or "de-AT", or nil.
    public static func builtIn(code: String) -> Language? {
        let key = code.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return builtIn[key]
    }

    /// True when the language has at least one form for `component`.
    public func hasWords(for component: TimeComponent) -> Bool {
        words.values.contains { !($0[component]?.forms.isEmpty ?? true) }
    }

    /// The word for an unsigned, already rounded `count` of `component` in a case, and
    /// whether to show the number; nil when the language has no word for the component.
    public func word(for count: Double, of component: TimeComponent, in grammaticalCase: GrammaticalCase) -> (
        word: String, showsNumber: Bool
    )? {
        let tables = [words[grammaticalCase]?[component], words[.nominative]?[component]]
        if !showsNumberForOne, count == 1, let single = tables.lazy.compactMap({ $0?.single }).first {
            return (single, false)
        }
        let category = pluralRules.category(for: count)
        for candidate in [category, .other] {
            if let form = tables.lazy.compactMap({ $0?.forms[candidate] }).first { return (form, true) }
        }
        return nil
    }

    /// A configuration speaking this language. `zero`, `past` and `future` replace the
    /// language's own ("today", "<VALUE> <TIME_COMPONENT> after the start").
    public func configuration(
        rounding: Rounding = .truncate, zero: String? = nil, past: Phrase? = nil, future: Phrase? = nil
    ) -> IntervalTextConfiguration {
        let past = past ?? self.past
        let future = future ?? self.future
        var configuration = IntervalTextConfiguration(
            zeroTimeIntervalPlaceholder: zero ?? self.zero,
            pastFormat: past.format, futureFormat: future.format,
            rounding: rounding, numberSymbols: numberSymbols
        )
        for component in TimeComponent.allCases {
            configuration[component] =
                Declension(
                    language: self, component: component,
                    pastCase: past.grammaticalCase, futureCase: future.grammaticalCase
                ).rule
        }
        return configuration
    }

    /// A count with its word standing alone, always with the number: "34 years",
    /// "3 Tage", "21 день", "1,5 Jahre". Nil when the language has no word for it.
    public func standalone(_ count: Double, _ component: TimeComponent, rounding: Rounding = .truncate) -> String? {
        let value = abs(rounding.apply(to: count))
        let forms = words[.nominative]?[component]
        let category = pluralRules.category(for: value)
        guard let word = forms?.forms[category] ?? forms?.forms[.other] else { return nil }
        return numberSymbols.magnitudeString(for: value) + " " + word
    }
}
