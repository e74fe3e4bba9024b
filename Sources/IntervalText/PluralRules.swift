import Foundation

/// A language's CLDR cardinal plural rule, read from its text in CLDR's notation
/// (common/supplemental/plurals.xml) and evaluated on the operands of a number as written.
public struct PluralRules: Sendable {
    /// The rule's name, as a site author refers to it in `plural_rule`.
    public let name: String
    /// The categories the rule can give, in CLDR's order, `other` last (all six when the rule
    /// is a closure, which cannot tell).
    public private(set) var categories: [PluralCategory] = PluralCategory.allCases
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

    /// A rule from CLDR's own notation: the condition of each category that has one, e.g.
    /// French `[.one: "i = 0,1", .many: "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5"]`.
    /// A number is in the first category, in the order zero, one, two, few, many, whose
    /// condition holds, else in `other`, whose condition may be given only empty.
    public init(name: String, conditions: [PluralCategory: String]) throws(PluralRuleError) {
        var parsed: [(category: PluralCategory, condition: PluralCondition)] = []
        for category in PluralCategory.allCases {
            guard let text = conditions[category] else { continue }
            let condition: PluralCondition?
            do {
                condition = try PluralRuleParser.condition(text)
            } catch {
                throw PluralRuleError(category: category, condition: text, offset: error.offset, reason: error.reason)
            }
            switch (category, condition) {
            case (.other, nil): continue
            case (.other, _):
                throw PluralRuleError(
                    category: category, condition: text, offset: 1,
                    reason: "`other` is what no other condition holds for, so it takes no condition")
            case (_, nil):
                throw PluralRuleError(category: category, condition: text, offset: 1, reason: "the condition is empty")
            case (_, let condition?):
                parsed.append((category, condition))
            }
        }
        let compiled = CompiledPluralRule(parsed)
        self.init(name: name) { operands in compiled.category(for: operands) }
        self.categories = parsed.map(\.category) + [.other]
    }

    /// English, German and many others: one is `i = 1 and v = 0`.
    public static let oneOther = builtIn("one_other", [.one: "i = 1 and v = 0"])

    /// Russian and Ukrainian (identical rules in CLDR 38 and later); every number with
    /// visible decimals is other ("1,5 дня").
    public static let eastSlavic = builtIn(
        "east_slavic",
        [
            .one: "v = 0 and i % 10 = 1 and i % 100 != 11",
            .few: "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
            .many: "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14",
        ])

    /// Languages without plural forms (Japanese, Chinese, …): always other.
    public static let otherOnly = builtIn("other_only", [:])

    /// A rule written into ttsite, whose text the tests read against Babel's.
    private static func builtIn(_ name: String, _ conditions: [PluralCategory: String]) -> PluralRules {
        do {
            return try PluralRules(name: name, conditions: conditions)
        } catch {
            preconditionFailure("the built-in plural rule \(name) does not parse: \(error)")
        }
    }

    /// Rules by the names a site author may write in `plural_rule`: a rule name or a
    /// language code of a built-in language.
    public static let byName: [String: PluralRules] = [
        "one_other": .oneOther, "en": .oneOther, "de": .oneOther,
        "east_slavic": .eastSlavic, "ru": .eastSlavic, "uk": .eastSlavic,
        "other_only": .otherOnly,
    ]

    /// The rule named `name` (case-insensitive; "en-GB" finds "en"), or nil.
    public static func named(_ name: String) -> PluralRules? {
        let key = name.lowercased().replacingOccurrences(of: "-", with: "_")  // Not per page: once per language.
        if let rule = byName[key] { return rule }
        let language = key.split(separator: "_").first.map(String.init) ?? key
        return byName[language]
    }
}
