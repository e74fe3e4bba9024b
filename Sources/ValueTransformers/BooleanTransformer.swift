import Foundation

/// Booleans from `true`/`false`, `"true"`/`"false"`, `"yes"`/`"no"`, `"1"`/`"0"` (any case)
/// and the numbers 1 and 0; and a `Bool` → `"true"`/`"false"` or 1/0.
public struct BooleanTransformer: ValueTransforming {
    public let name = "Boolean"

    public init() {}

    private static let words: [String: Bool] = ["true": true, "false": false, "yes": true, "no": false, "1": true, "0": false]

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        if destination == Bool.self {
            return source == Bool.self || TypeName.isString(source) || NumericValue.isNumericType(source)
        }
        return source == Bool.self && (TypeName.isString(destination) || NumericValue.isNumericType(destination))
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        if destination == Bool.self { return try boolean(from: value) }
        guard let bool = Self.exactBool(value) else { throw .badInput(value, for: destination, "expected a Boolean") }
        if TypeName.isString(destination) { return bool ? "true" : "false" }
        guard let number = NumericValue.integer(bool ? 1 : 0).converted(to: destination) else {
            throw .unsupported(value, to: destination, by: name)
        }
        return number
    }

    private func boolean(from value: Any) throws(TransformationError) -> Bool {
        if let bool = Self.exactBool(value) { return bool }
        if let text = StringValue.read(value) {
            guard let bool = Self.words[text.lowercased()] else {
                throw .badInput(value, for: Bool.self, "expected true, false, yes, no, 1 or 0")
            }
            return bool
        }
        if let number = NumericValue(value) {
            switch number.doubleValue {
            case 1: return true
            case 0: return false
            default: throw .badInput(value, for: Bool.self, "only 1 and 0 are Booleans")
            }
        }
        throw .badInput(value, for: Bool.self)
    }

    /// A real Boolean: Swift's `Bool` or a JSON `true`/`false` from `JSONSerialization`.
    static func exactBool(_ value: Any) -> Bool? {
        if let number = value as? NSNumber {
            return NumericValue.isBoolean(number) ? number.boolValue : nil
        }
        return value as? Bool
    }
}
