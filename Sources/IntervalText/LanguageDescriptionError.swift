import Foundation

/// Why a `LanguageDescription` from `ttsite.yml` cannot be used, in words for a site author.
/// `description` names the key as written in the file: `interval_text.fr.plural_rule`.
public enum LanguageDescriptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `plural_rule` names no known rule.
    case unknownPluralRule(language: String, name: String)
    /// A condition of a `plural_rule` in CLDR's notation cannot be read.
    case invalidPluralRule(language: String, error: PluralRuleError)
    /// A new language lacks a key it needs.
    case missingKey(language: String, key: String)
    /// A format contains a `<…>` placeholder other than `<VALUE>` and `<TIME_COMPONENT>`.
    case unknownPlaceholder(language: String, key: String, placeholder: String)
    /// A new language's word has no `other` form to fall back to.
    case missingOtherForm(language: String, component: TimeComponent)

    static var knownRuleNames: String {
        PluralRules.byName.keys.sorted().joined(separator: ", ")
            + "; or the rule's conditions in CLDR's notation, such as { one: \"i = 0,1\" }"
    }

    public var description: String {
        switch self {
        case .unknownPluralRule(let language, let name):
            "interval_text.\(language).plural_rule: unknown plural rule \"\(name)\" (known: \(Self.knownRuleNames))"
        case .invalidPluralRule(let language, let error):
            "interval_text.\(language).plural_rule.\(error)"
        case .missingKey(let language, "plural_rule"):
            "interval_text.\(language): \"\(language)\" is not a built-in language, "
                + "so it needs plural_rule (one of: \(Self.knownRuleNames))"
        case .missingKey(let language, let key):
            "interval_text.\(language): \"\(language)\" is not a built-in language, so it needs \(key)"
        case .unknownPlaceholder(let language, let key, let placeholder):
            "interval_text.\(language).\(key): unknown placeholder \(placeholder) (use <VALUE> and <TIME_COMPONENT>)"
        case .missingOtherForm(let language, let component):
            "interval_text.\(language).words.\(component.rawValue): needs an \"other\" form"
        }
    }
}
