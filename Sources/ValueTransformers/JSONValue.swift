import Foundation
import OrderedCollections

/// A JSON number kept as written, so that `1378767519.18176508` or a 20-digit id loses nothing
/// until it is read as a particular type.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text in the document.
    public let text: String

    /// Nil unless `text` is in the JSON number grammar.
    public init?(_ text: String) {
        guard NumericValue.isNumberSyntax(text.utf8) else { return nil }
        self.text = text
    }

    public var doubleValue: Double { Double(text) ?? .nan }
    /// The value as an `Int` when it is integral and fits.
    public var intValue: Int? { NumericValue(parsing: text)?.converted(to: Int.self) as? Int }
    public var decimalValue: Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }
    public var description: String { text }

    var value: NumericValue { NumericValue(parsing: text) ?? .floating(doubleValue) }
}

/// A JSON document's value, with object keys in document order.
public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(OrderedDictionary<String, JSONValue>)

    /// Parses a JSON document (UTF-8).
    public init(parsing data: Data) throws(JSONSyntaxError) {
        self = try JSONParser.parse(data)
    }

    /// Parses a JSON document.
    public init(parsing text: String) throws(JSONSyntaxError) {
        self = try JSONParser.parse(Data(text.utf8))
    }

    /// Converts the output of `JSONSerialization.jsonObject(with:)`; nil for anything else.
    public init?(jsonObject: Any) {
        switch jsonObject {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        case let number as NSNumber:
            if NumericValue.isBoolean(number) {
                self = .bool(number.boolValue)
                return
            }
            guard let value = NumericValue(number), let json = JSONNumber(value.description) else { return nil }
            self = .number(json)
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array {
                guard let value = JSONValue(jsonObject: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let object as [String: Any]:
            var values = OrderedDictionary<String, JSONValue>()
            for key in object.keys.sorted() {
                guard let value = JSONValue(jsonObject: object[key]!) else { return nil }
                values[key] = value
            }
            self = .object(values)
        default: return nil
        }
    }

    /// The kind of value, for messages: "a string", "the number 42", "null".
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "the Boolean \(value)"
        case .number(let value): "the number \(value)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The plain Swift value given to transformers: `String`, `Int` or `Double`, `Bool`,
    /// `NSNull`, `[Any]` or `[String: Any]`.
    public var anyValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let number):
            switch number.value {
            case .integer(let value): value
            case .floating(let value): value
            case .decimal(let value): value
            }
        case .string(let value): value
        case .array(let values): values.map(\.anyValue)
        case .object(let values): Dictionary(uniqueKeysWithValues: values.map { ($0.key, $0.value.anyValue) })
        }
    }

    /// Compact JSON text.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): value.text
        case .string(let value): ValueDescription.quoted(value)
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let values):
            "{" + values.map { ValueDescription.quoted($0.key) + ":" + $0.value.description }.joined(separator: ",") + "}"
        }
    }
}
