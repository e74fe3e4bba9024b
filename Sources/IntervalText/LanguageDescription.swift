import Foundation

/// A language as a site author writes it in `ttsite.yml` under `interval_text.<code>`:
/// overrides for a built-in language, or a whole new one. Every key is optional when
/// overriding; unknown keys make decoding throw (see `allowedKeys`).
///
/// ```yaml
/// interval_text:
///   en:
///     past: "<VALUE> <TIME_COMPONENT> ago"
///     future: "in <VALUE> <TIME_COMPONENT>"
///     zero: "just now"
///     number_for_one: false            # "a day ago" instead of "1 day ago"
///     words:
///       days: { one: day, other: days, single: a day }
///   de:
///     cases:
///       dative:                        # after "vor" and "in"
///         days: { other: Tagen }
/// ```
public struct LanguageDescription: Decodable, Hashable, Sendable {
    /// Format for the past, with `<VALUE>` and `<TIME_COMPONENT>`.
    public var past: String?
    /// Format for the future.
    public var future: String?
    /// The case the word takes in `past` (nominative, accusative, dative, genitive).
    public var pastCase: GrammaticalCase?
    /// The case the word takes in `future`.
    public var futureCase: GrammaticalCase?
    /// Text for a zero interval ("now").
    public var zero: String?
    /// Text for a zero interval in days ("today").
    public var today: String?
    /// False for "a minute ago" instead of "1 minute ago".
    public var numberForOne: Bool?
    /// A plural rule name (`one_other`, `east_slavic`, `other_only`), a built-in language
    /// code (`en`, `de`, `ru`, `uk`), or the rule in CLDR's notation.
    public var pluralRule: PluralRuleChoice?
    public var decimalSeparator: String?
    public var groupingSeparator: String?
    /// Nominative word forms (standing alone; the fallback for every case).
    public var words: [TimeComponent: WordForms]
    /// Word forms of other cases, only where they differ from the nominative.
    public var cases: [GrammaticalCase: [TimeComponent: WordForms]]

    public init(
        past: String? = nil, future: String? = nil,
        pastCase: GrammaticalCase? = nil, futureCase: GrammaticalCase? = nil,
        zero: String? = nil, today: String? = nil, numberForOne: Bool? = nil, pluralRule: PluralRuleChoice? = nil,
        decimalSeparator: String? = nil, groupingSeparator: String? = nil,
        words: [TimeComponent: WordForms] = [:], cases: [GrammaticalCase: [TimeComponent: WordForms]] = [:]
    ) {
        self.past = past
        self.future = future
        self.pastCase = pastCase
        self.futureCase = futureCase
        self.zero = zero
        self.today = today
        self.numberForOne = numberForOne
        self.pluralRule = pluralRule
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.words = words
        self.cases = cases
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case past, future, zero, today, words, cases
        case pastCase = "past_case"
        case futureCase = "future_case"
        case numberForOne = "number_for_one"
        case pluralRule = "plural_rule"
        case decimalSeparator = "decimal_separator"
        case groupingSeparator = "grouping_separator"
    }

    /// The keys a language mapping may contain.
    public static let allowedKeys: Set<String> = Set(CodingKeys.allCases.map(\.rawValue))
    /// The keys of `words` and of each case in `cases`.
    public static let allowedComponentKeys: Set<String> = Set(TimeComponent.allCases.map(\.rawValue))
    /// The keys of `cases`.
    public static let allowedCaseKeys: Set<String> = Set(GrammaticalCase.allCases.map(\.rawValue))

    public init(from decoder: Decoder) throws {
        try DynamicKey.rejectUnknownKeys(in: decoder, allowed: Self.allowedKeys)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        past = try container.decodeIfPresent(String.self, forKey: .past)
        future = try container.decodeIfPresent(String.self, forKey: .future)
        pastCase = try container.decodeIfPresent(GrammaticalCase.self, forKey: .pastCase)
        futureCase = try container.decodeIfPresent(GrammaticalCase.self, forKey: .futureCase)
        zero = try container.decodeIfPresent(String.self, forKey: .zero)
        today = try container.decodeIfPresent(String.self, forKey: .today)
        numberForOne = try container.decodeIfPresent(Bool.self, forKey: .numberForOne)
        pluralRule = try container.decodeIfPresent(PluralRuleChoice.self, forKey: .pluralRule)
        decimalSeparator = try container.decodeIfPresent(String.self, forKey: .decimalSeparator)
        groupingSeparator = try container.decodeIfPresent(String.self, forKey: .groupingSeparator)
        words = try container.decodeIfPresent(ComponentWords.self, forKey: .words)?.words ?? [:]
        cases = try container.decodeIfPresent(CaseWords.self, forKey: .cases)?.cases ?? [:]
    }
}

/// `words:` — word forms keyed by component name.
private struct ComponentWords: Decodable {
    var words: [TimeComponent: WordForms] = [:]

    init(from decoder: Decoder) throws {
        try DynamicKey.rejectUnknownKeys(in: decoder, allowed: LanguageDescription.allowedComponentKeys)
        let container = try decoder.container(keyedBy: DynamicKey.self)
        for key in container.allKeys {
            if let component = TimeComponent(rawValue: key.stringValue) {
                words[component] = try container.decode(WordForms.self, forKey: key)
            }
        }
    }
}

/// `cases:` — component words keyed by case name.
private struct CaseWords: Decodable {
    var cases: [GrammaticalCase: [TimeComponent: WordForms]] = [:]

    init(from decoder: Decoder) throws {
        try DynamicKey.rejectUnknownKeys(in: decoder, allowed: LanguageDescription.allowedCaseKeys)
        let container = try decoder.container(keyedBy: DynamicKey.self)
        for key in container.allKeys {
            if let grammaticalCase = GrammaticalCase(rawValue: key.stringValue) {
                cases[grammaticalCase] = try container.decode(ComponentWords.self, forKey: key).words
            }
        }
    }
}

extension WordForms: Decodable {
    /// The keys of one word's forms: the plural categories, and `single`.
    public static let allowedKeys: Set<String> = Set(PluralCategory.allCases.map(\.rawValue) + ["single"])

    public init(from decoder: Decoder) throws {
        try DynamicKey.rejectUnknownKeys(in: decoder, allowed: Self.allowedKeys)
        let container = try decoder.container(keyedBy: DynamicKey.self)
        var forms: [PluralCategory: String] = [:]
        var single: String?
        for key in container.allKeys {
            let value = try container.decode(String.self, forKey: key)
            if key.stringValue == "single" {
                single = value
            } else if let category = PluralCategory(rawValue: key.stringValue) {
                forms[category] = value
            }
        }
        self.init(forms, single: single)
    }
}

/// A key read from the document as it is, to find keys that are not allowed.
struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// Throws `DecodingError.dataCorrupted` naming the first unknown key (in sorted order,
    /// so the message does not depend on hashing), with the key in the coding path.
    static func rejectUnknownKeys(in decoder: Decoder, allowed: Set<String>) throws {
        let container = try decoder.container(keyedBy: DynamicKey.self)
        let unknown = container.allKeys.filter { !allowed.contains($0.stringValue) }
            .sorted { $0.stringValue < $1.stringValue }
        guard let key = unknown.first else { return }
        let expected = allowed.sorted().joined(separator: ", ")
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: container.codingPath + [key],
                debugDescription: "unknown key \"\(key.stringValue)\" (expected one of: \(expected))"
            ))
    }
}
