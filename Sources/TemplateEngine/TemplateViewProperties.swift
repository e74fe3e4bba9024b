/// What a view's property is to its template besides its value, for `TemplateValueEncoder`:
/// a path from the site's root (`LinkPath`), a value that is `false` when missing (`OrFalse`),
/// a view whose keys are the enclosing view's own (`Inline`), what it does not see (`Omitted`).

/// A path from the site's root that a render writes after its `linkBase` (`.link`): one value
/// serves a page at any depth. Nil leaves the key out.
@propertyWrapper
public struct LinkPath<Path: LinkPathValue>: Sendable, Hashable {
    public var wrappedValue: Path

    public init(wrappedValue: Path) {
        self.wrappedValue = wrappedValue
    }
}

/// What a `LinkPath` holds: a path, or an optional one.
public protocol LinkPathValue: Sendable, Hashable {
    var linkPath: String? { get }
}

extension String: LinkPathValue {
    public var linkPath: String? { self }
}

extension Optional: LinkPathValue where Wrapped == String {
    public var linkPath: String? { self }
}

extension LinkPath: Encodable {
    public func encode(to encoder: any Encoder) throws {
        guard let path = wrappedValue.linkPath else { return }
        var container = encoder.singleValueContainer()
        try container.encode(TemplateValue.link(path))
    }
}

/// A value that is `false` where there is none, rather than no key: a template must not find
/// that name in an enclosing value instead (an event without a picture would show its
/// timeline's; a table cell without a sort key would look through the whole table for one).
@propertyWrapper
public struct OrFalse<Value: Encodable & Sendable>: Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }
}

extension OrFalse: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encode(false) }
    }
}

extension OrFalse: Equatable where Value: Equatable {}
extension OrFalse: Hashable where Value: Hashable {}

/// A view whose keys are the enclosing view's own, as if written there (a timeline's heading
/// in the timeline): encoded first, so the enclosing view's later properties win. Another
/// encoder gets it under its own key.
@propertyWrapper
public struct Inline<Value: Encodable & Sendable>: Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Inline: Encodable {
    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? any InliningEncoder, try encoder.inline(wrappedValue) { return }
        try wrappedValue.encode(to: encoder)
    }
}

extension Inline: Equatable where Value: Equatable {}
extension Inline: Hashable where Value: Hashable {}

/// What a view holds for the build, not for its template: it encodes nothing, so the
/// template has no such key.
@propertyWrapper
public struct Omitted<Value: Sendable>: Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Omitted: Encodable {
    public func encode(to encoder: any Encoder) throws {}
}

extension Omitted: Equatable where Value: Equatable {}
extension Omitted: Hashable where Value: Hashable {}
