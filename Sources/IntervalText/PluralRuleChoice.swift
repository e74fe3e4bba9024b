/// `plural_rule:` in a language description: a rule's name or a built-in language's code, or
/// the rule itself in CLDR's notation, a condition per category (as in CLDR's plurals.xml):
///
/// ```yaml
/// plural_rule: one_other
/// plural_rule:
///   one: i = 0,1
///   many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5
/// ```
public enum PluralRuleChoice: Decodable, Hashable, Sendable, ExpressibleByStringLiteral {
    case named(String)
    case conditions([PluralCategory: String])

    public init(stringLiteral name: String) {
        self = .named(name)
    }

    public init(from decoder: Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self = .named(name)
            return
        }
        try DynamicKey.rejectUnknownKeys(in: decoder, allowed: Set(PluralCategory.allCases.map(\.rawValue)))
        let container = try decoder.container(keyedBy: DynamicKey.self)
        var conditions: [PluralCategory: String] = [:]
        for key in container.allKeys {
            if let category = PluralCategory(rawValue: key.stringValue) {
                conditions[category] = try container.decodeIfPresent(String.self, forKey: key) ?? ""
            }
        }
        self = .conditions(conditions)
    }
}
