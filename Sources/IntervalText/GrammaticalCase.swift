import Foundation

/// The grammatical case a phrase puts the time word in. English needs only `nominative`;
/// German puts it in the dative after "vor" and "in" ("vor 3 Tagen") but not standing
/// alone ("3 Tage"); Russian and Ukrainian use the accusative after "назад"/"тому" and
/// "через" ("минуту назад", "через неделю").
public enum GrammaticalCase: String, CaseIterable, Codable, Sendable {
    /// The form standing alone ("3 Tage", "34 years"); the fallback for every other case.
    case nominative
    case accusative
    case dative
    case genitive
}

/// The forms of one time word in one case: one per plural category, plus `single`, the
/// phrase for exactly one unit without a number ("a minute", "einer Minute", "минуту"),
/// used when a language does not show the number for one.
public struct WordForms: Hashable, Sendable {
    public var forms: [PluralCategory: String]
    public var single: String?

    public init(_ forms: [PluralCategory: String] = [:], single: String? = nil) {
        self.forms = forms
        self.single = single
    }

    /// English-like: one and other.
    public init(one: String, other: String, single: String? = nil) {
        self.init([.one: one, .other: other], single: single)
    }

    /// Russian/Ukrainian-like: one, few, many and other (the decimals: "1,5 дня").
    public init(one: String, few: String, many: String, other: String, single: String? = nil) {
        self.init([.one: one, .few: few, .many: many, .other: other], single: single)
    }

    /// These forms with the ones given in `overlay` replacing them.
    public func overlaid(with overlay: WordForms) -> WordForms {
        WordForms(forms.merging(overlay.forms) { _, new in new }, single: overlay.single ?? single)
    }
}

/// A format with the keys `<VALUE>` and `<TIME_COMPONENT>` and the case its word takes.
public struct Phrase: Hashable, Sendable {
    public var format: String
    public var grammaticalCase: GrammaticalCase

    public init(_ format: String, case grammaticalCase: GrammaticalCase = .nominative) {
        self.format = format
        self.grammaticalCase = grammaticalCase
    }
}
