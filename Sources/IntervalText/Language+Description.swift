import Foundation
import TextFormatting

extension Language {
    /// The languages of a site: the built-in ones with `descriptions` (from `ttsite.yml`,
    /// keyed by language code) applied, plus the new ones they describe.
    ///
    ///     let overrides = try YAMLDecoder().decode([String: LanguageDescription].self, from: yaml)
    ///     let languages = try Language.languages(applying: overrides)
    ///     languages["en"]!.configuration()
    public static func languages(applying descriptions: [String: LanguageDescription]) throws -> [String: Language] {
        var languages = builtIn
        for (code, description) in descriptions {
            languages[code] = try resolve(code: code, description: description)
        }
        return languages
    }

    /// The built-in language for `code` with `description` applied, or a new language built
    /// from `description` when there is no built-in one.
    public static func resolve(code: String, description: LanguageDescription) throws -> Language {
        if let language = builtIn(code: code) {
            var overridden = try language.applying(description)
            overridden.code = code
            return overridden
        }
        return try Language(code: code, description: description)
    }

    /// A new language from a complete description: `plural_rule` (unless `code` names a
    /// built-in rule), `past`, `future`, `zero` and `words` are required; every word
    /// needs an `other` form. `today` defaults to `zero`.
    public init(code: String, description: LanguageDescription) throws {
        func required<Value>(_ value: Value?, _ key: String) throws -> Value {
            guard let value else { throw LanguageDescriptionError.missingKey(language: code, key: key) }
            return value
        }
        let choice = try required(description.pluralRule ?? (PluralRules.named(code) != nil ? .named(code) : nil), "plural_rule")
        let pluralRules = try Self.pluralRules(choice, language: code)
        let zero = try required(description.zero, "zero")
        guard !description.words.isEmpty else { throw LanguageDescriptionError.missingKey(language: code, key: "words") }
        for (component, forms) in description.words where forms.forms[.other] == nil {
            throw LanguageDescriptionError.missingOtherForm(language: code, component: component)
        }
        let template = Language(
            code: code, pluralRules: pluralRules,
            numberSymbols: NumberSymbols(),
            past: Phrase(try required(description.past, "past")),
            future: Phrase(try required(description.future, "future")),
            zero: zero, today: description.today ?? zero, words: [:]
        )
        self = try template.applying(description)
    }

    /// This language with everything `description` sets replacing what it had. Word forms
    /// are merged form by form: `days: { other: Tage }` keeps the built-in `one`.
    public func applying(_ description: LanguageDescription) throws -> Language {
        var language = self
        for (key, format) in [("past", description.past), ("future", description.future)] {
            if let format { try Self.checkPlaceholders(in: format, key: key, language: code) }
        }
        if let choice = description.pluralRule {
            language.pluralRules = try Self.pluralRules(choice, language: code)
        }
        if let format = description.past { language.past.format = format }
        if let format = description.future { language.future.format = format }
        if let grammaticalCase = description.pastCase { language.past.grammaticalCase = grammaticalCase }
        if let grammaticalCase = description.futureCase { language.future.grammaticalCase = grammaticalCase }
        if let zero = description.zero { language.zero = zero }
        if let today = description.today { language.today = today }
        if let numberForOne = description.numberForOne { language.showsNumberForOne = numberForOne }
        if let separator = description.decimalSeparator { language.numberSymbols.decimalSeparator = separator }
        if let separator = description.groupingSeparator { language.numberSymbols.groupingSeparator = separator }
        var tables = description.cases
        if !description.words.isEmpty { tables[.nominative] = description.words }
        for (grammaticalCase, table) in tables {
            for (component, forms) in table {
                let current = language.words[grammaticalCase]?[component] ?? WordForms()
                language.words[grammaticalCase, default: [:]][component] = current.overlaid(with: forms)
            }
        }
        return language
    }

    private static func pluralRules(_ choice: PluralRuleChoice, language: String) throws -> PluralRules {
        switch choice {
        case .named(let name):
            guard let rules = PluralRules.named(name) else {
                throw LanguageDescriptionError.unknownPluralRule(language: language, name: name)
            }
            return rules
        case .conditions(let conditions):
            do {
                return try PluralRules(name: language, conditions: conditions)
            } catch {
                throw LanguageDescriptionError.invalidPluralRule(language: language, error: error)
            }
        }
    }

    /// Rejects `<…>` placeholders other than the two keys: a typo such as `<VALUES>` would
    /// otherwise be printed on every page.
    private static func checkPlaceholders(in format: String, key: String, language: String) throws {
        let known = [IntervalTextConfiguration.numberValueKey, IntervalTextConfiguration.timeComponentValueKey]
        var rest = Substring(format)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return }
            let placeholder = String(rest[open...close])
            if !known.contains(placeholder) {
                throw LanguageDescriptionError.unknownPlaceholder(language: language, key: key, placeholder: placeholder)
            }
            rest = rest[rest.index(after: close)...]
        }
    }
}
