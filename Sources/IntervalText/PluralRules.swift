import Foundation

/// A language's CLDR cardinal plural rule, implemented from the CLDR rule text
/// (common/supplemental/plurals.xml); the conditions are quoted in the comments.
public struct PluralRules: Sendable {
    /// The rule's name, as a site author refers to it in `plural_rule`.
    public let name: String
    private let rule: @Sendable (PluralOperands) -> PluralCategory

    public init(name: String, rule: @escaping @Sendable (PluralOperands) -> PluralCategory) {
        self.name = name
        self.rule = rule
    }

    /// The category of a number as written.
    public func category(for operands: PluralOperands) -> PluralCategory {
        rule(operands)
    }

    /// The category of `value` as ttsite writes it (so 1.0 is "1": one; 1.5: other in English).
    public func category(for value: Double) -> PluralCategory {
        rule(PluralOperands(value))
    }

    /// English, German and many others. one: `i = 1 and v = 0`; other: everything else.
    public static let oneOther = PluralRules(name: "one_other") { op in
        op.i == 1 && op.v == 0 ? .one : .other
    }

    /// Russian and Ukrainian (identical rules in CLDR 38 and later).
    /// - one: `v = 0 and i % 10 = 1 and i % 100 != 11`
    /// - few: `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`
    /// - many: `v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14`
    /// - other: everything else, i.e. every number with visible decimals ("1,5 дня")
    public static let eastSlavic = PluralRules(name: "east_slavic") { op in
        guard op.v == 0 else { return .other }
        let mod10 = op.i % 10, mod100 = op.i % 100
        if mod10 == 1 && mod100 != 11 { return .one }
        if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
        return .many
    }

    /// Languages without plural forms (Japanese, Chinese, …): always other.
    public static let otherOnly = PluralRules(name: "other_only") { _ in .other }

    /// Rules by the names a site author may write in `plural_rule`: a rule name or a
    /// language code of a built-in language.
    public static let byName: [String: PluralRules] = [
        "one_other": .oneOther, "en": .oneOther, "de": .oneOther,
        "east_slavic": .eastSlavic, "ru": .eastSlavic, "uk": .eastSlavic,
        "other_only": .otherOnly,
    ]

    /// The rule named `name` (case-insensitive; "en-GB" finds "en"), or nil.
    public static func named(_ name: String) -> PluralRules? {
        let key = name.lowercased().replacingOccurrences(of: "-", with: "_")
        if let rule = byName[key] { return rule }
        let language = key.split(separator: "_").first.map(String.init) ?? key
        return byName[language]
    }
}
