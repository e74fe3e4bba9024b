/// Encodes a value as what a template sees, as `JSONEncoder` encodes one as JSON: a view
/// struct's stored properties become a map's keys (its `CodingKeys`, when it names them), so
/// that each field is written once, in the struct.
///
/// - `String`, `Bool`, integers and floating-point numbers become `.string`, `.bool`, `.int`
///   and `.double`; arrays `.list`, dictionaries with `String` keys and structs `.map`.
/// - A `TemplateValue` is taken as it is (`.link` and `.links` among them: see `LinkPath`).
/// - An optional that is nil leaves its key out (`encodeIfPresent`, `encodeNil(forKey:)`), so
///   that a template finds that name in an enclosing value, as it would in a map that lacks
///   it; `OrFalse` writes `false` instead. A value that encodes nothing at all leaves its key
///   out too. In a list, nil is `.null`: a list keeps its positions.
/// - A property marked `Inline` adds its keys to the map around it instead of a key of its own;
///   one marked `Omitted` adds nothing.
///
/// It never throws of its own: only a value's own `encode(to:)` can.
public struct TemplateValueEncoder: Sendable {
    public init() {}

    public func encode<Value: Encodable>(_ value: Value) throws -> TemplateValue {
        try Self.value(of: value) ?? .null
    }

    /// The value of `value`; nil when it encoded nothing. `around` is the map of the view
    /// whose property it is, which an `Inline` property adds its keys to.
    static func value<Value: Encodable>(of value: Value, around: Encoding? = nil) throws -> TemplateValue? {
        // The values views hold most, without an encoder each: comparisons of type metadata,
        // not casts, as this runs for every property that is not a string, a number or a
        // flag (those the containers take directly).
        let type = ObjectIdentifier(Value.self)
        if type == Known.templateValue { return (value as! TemplateValue) }
        if type == Known.link { return .link((value as! LinkPath<String>).wrappedValue) }
        if type == Known.optionalLink { return (value as! LinkPath<String?>).wrappedValue.map(TemplateValue.link) }
        if type == Known.textOrFalse { return (value as! OrFalse<String>).wrappedValue.map(TemplateValue.string) ?? .bool(false) }
        if type == Known.list { return .list(value as! [TemplateValue]) }
        let encoder = Encoding(around: around)
        try value.encode(to: encoder)
        return encoder.value
    }
}

/// The types `TemplateValueEncoder.value(of:around:)` takes without an encoder, known once:
/// the metadata of a generic type is looked up each time it is named.
private enum Known {
    static let templateValue = ObjectIdentifier(TemplateValue.self)
    static let link = ObjectIdentifier(LinkPath<String>.self)
    static let optionalLink = ObjectIdentifier(LinkPath<String?>.self)
    static let textOrFalse = ObjectIdentifier(OrFalse<String>.self)
    static let list = ObjectIdentifier([TemplateValue].self)
}

/// An encoder that can add a property's keys to the map around it (`Inline`).
protocol InliningEncoder {
    /// Adds `value`'s keys to the map around; false when there is none (a value encoded on
    /// its own, or in a list).
    func inline<Value: Encodable>(_ value: Value) throws -> Bool
}

/// One value being encoded, and the encoder that encodes it: nothing yet, a single value, a
/// map or a list, each written in place (one object a value: a view of many small views
/// makes many). Nested containers and encoders each have one of their own, read when the
/// value around them is.
final class Encoding: Encoder, InliningEncoder {
    private enum Kind {
        case nothing
        case single
        case map
        case list
    }

    // Not checked for exclusive access at run time (a tenth of the encoder's cost): an
    // encoding is made and read on one thread, by one value at a time.
    @exclusivity(unchecked) private var kind = Kind.nothing
    @exclusivity(unchecked) fileprivate var single = TemplateValue.null
    @exclusivity(unchecked) fileprivate var map: [String: TemplateValue] = [:]
    @exclusivity(unchecked) fileprivate var list: [TemplateValue] = []
    @exclusivity(unchecked) fileprivate var pendingKeys: [(key: String, encoder: Encoding)] = []
    @exclusivity(unchecked) fileprivate var pendingPlaces: [(index: Int, encoder: Encoding)] = []
    /// The view whose property this encoder encodes.
    private let around: Encoding?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(around: Encoding? = nil) {
        self.around = around
    }

    /// What was encoded; nil for nothing.
    var value: TemplateValue? {
        switch kind {
        case .nothing:
            return nil
        case .single:
            return single
        case .map:
            guard !pendingKeys.isEmpty else { return .map(map) }
            var values = map
            for (key, encoder) in pendingKeys {
                if let value = encoder.value { values[key] = value }
            }
            return .map(values)
        case .list:
            guard !pendingPlaces.isEmpty else { return .list(list) }
            var values = list
            for (index, encoder) in pendingPlaces { values[index] = encoder.value ?? .null }
            return .list(values)
        }
    }

    func inline<Value: Encodable>(_ value: Value) throws -> Bool {
        guard let around else { return false }
        if case .map(let values)? = try TemplateValueEncoder.value(of: value) {
            around.map.merge(values) { _, new in new }
        }
        return true
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(MapContainer(encoder: asMap()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ListContainer(encoder: asList())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueContainer(encoder: self)
    }

    fileprivate func set(_ value: TemplateValue) {
        kind = .single
        single = value
    }

    /// Itself as a map: a keyed container asked for twice writes into the same one.
    fileprivate func asMap() -> Encoding {
        if kind != .map {
            kind = .map
            // Room for the keys of most views, so that the map is not made again as it grows.
            map.reserveCapacity(12)
        }
        return self
    }

    fileprivate func asList() -> Encoding {
        kind = .list
        return self
    }
}

private struct MapContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: Encoding
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.map[key.stringValue] = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoder.map[key.stringValue] = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoder.map[key.stringValue] = .double(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { encoder.map[key.stringValue] = .double(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.map[key.stringValue] = .int(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoder.map[key.stringValue] = .int(Int(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoder.map[key.stringValue] = .int(Int(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoder.map[key.stringValue] = .int(Int(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoder.map[key.stringValue] = .int(Int(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoder.map[key.stringValue] = .int(Int(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoder.map[key.stringValue] = .int(Int(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoder.map[key.stringValue] = .int(Int(value)) }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        encoder.map[key.stringValue] = value <= UInt(Int.max) ? .int(Int(value)) : .double(Double(value))
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        encoder.map[key.stringValue] = value <= UInt64(Int.max) ? .int(Int(value)) : .double(Double(value))
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        if let value = try TemplateValueEncoder.value(of: value, around: encoder) {
            encoder.map[key.stringValue] = value
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(MapContainer<NestedKey>(encoder: nested(forKey: key.stringValue).asMap()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ListContainer(encoder: nested(forKey: key.stringValue).asList())
    }

    mutating func superEncoder() -> any Encoder { nested(forKey: "super") }

    mutating func superEncoder(forKey key: Key) -> any Encoder { nested(forKey: key.stringValue) }

    private func nested(forKey key: String) -> Encoding {
        let nested = Encoding()
        encoder.pendingKeys.append((key, nested))
        return nested
    }
}

private struct ListContainer: UnkeyedEncodingContainer {
    let encoder: Encoding
    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.list.count }

    mutating func encodeNil() throws { encoder.list.append(.null) }
    mutating func encode(_ value: Bool) throws { encoder.list.append(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.list.append(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.list.append(.double(value)) }
    mutating func encode(_ value: Int) throws { encoder.list.append(.int(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        encoder.list.append(try TemplateValueEncoder.value(of: value) ?? .null)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(MapContainer<NestedKey>(encoder: placeholder().asMap()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        ListContainer(encoder: placeholder().asList())
    }

    mutating func superEncoder() -> any Encoder {
        placeholder()
    }

    /// A place in the list for a value still to be encoded.
    private func placeholder() -> Encoding {
        let nested = Encoding()
        encoder.pendingPlaces.append((encoder.list.count, nested))
        encoder.list.append(.null)
        return nested
    }
}

private struct ValueContainer: SingleValueEncodingContainer {
    let encoder: Encoding
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.set(.null) }
    mutating func encode(_ value: Bool) throws { encoder.set(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.set(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.set(.double(value)) }
    mutating func encode(_ value: Float) throws { encoder.set(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { encoder.set(.int(value)) }
    mutating func encode(_ value: Int8) throws { encoder.set(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { encoder.set(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { encoder.set(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { encoder.set(.int(Int(value))) }
    mutating func encode(_ value: UInt8) throws { encoder.set(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { encoder.set(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { encoder.set(.int(Int(value))) }

    mutating func encode(_ value: UInt) throws {
        encoder.set(value <= UInt(Int.max) ? .int(Int(value)) : .double(Double(value)))
    }

    mutating func encode(_ value: UInt64) throws {
        encoder.set(value <= UInt64(Int.max) ? .int(Int(value)) : .double(Double(value)))
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        if let value = try TemplateValueEncoder.value(of: value) { encoder.set(value) }
    }
}
