/// A value a template shows: what view models and front matter hand to a template. Typed, so
/// rendering never asks a value at run time which protocols it conforms to.
public enum TemplateValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case list([TemplateValue])
    case map([String: TemplateValue])
    case null
    /// A path relative to a base known only when it is rendered: the render's `linkBase` is
    /// written before it. One value then serves every place it is shown (a site's pages at
    /// every depth: `people/anna/index.html` is written `../../people/anna/index.html` on a
    /// page two folders down).
    case link(String)
    /// Text that holds such paths among other text (a `srcset`), each written after the
    /// render's `linkBase`.
    case links(LinkText)

    /// The value of `key` in a map; nil for anything else or a key it lacks.
    @inlinable
    public subscript(key: String) -> TemplateValue? {
        if case .map(let values) = self { return values[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral
{
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

/// Pieces of text and paths, written in order; each path after the render's `linkBase`.
public struct LinkText: Sendable, Hashable {
    public enum Piece: Sendable, Hashable {
        case text(String)
        case path(String)
    }

    public var pieces: [Piece]

    public init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    /// The text with `base` before each path.
    public func written(after base: String) -> String {
        pieces.reduce(into: "") { text, piece in
            switch piece {
            case .text(let piece): text += piece
            case .path(let path): text += base + path
            }
        }
    }
}

extension TemplateValue {
    /// The value with every `.links` in it written after `base`, as `.string`s: what a render
    /// with that `linkBase` shows.
    public func resolvingLinks(after base: String) -> TemplateValue {
        switch self {
        case .link(let path): .string(base + path)
        case .links(let text): .string(text.written(after: base))
        case .list(let values): .list(values.map { $0.resolvingLinks(after: base) })
        case .map(let values): .map(values.mapValues { $0.resolvingLinks(after: base) })
        case .string, .int, .double, .bool, .null: self
        }
    }

    /// `Optional` as a template value: `.null` for nil.
    public init(_ value: String?) { self = value.map(TemplateValue.string) ?? .null }
}
