/// A value a template shows: what view models and front matter hand to a template. Typed, so
/// rendering never asks a value at run time which protocols it conforms to.
public indirect enum TemplateValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case list([TemplateValue])
    case map([String: TemplateValue])
    case null

    /// The value of `key` in a map; nil for anything else or a key it lacks.
    @inlinable
    public subscript(key: String) -> TemplateValue? {
        if case .map(let values) = self { return values[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .map(Dictionary(elements) { _, last in last })
    }
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue {
    /// `Optional` as a template value: `.null` for nil.
    public init(_ value: String?) { self = value.map(TemplateValue.string) ?? .null }
}
