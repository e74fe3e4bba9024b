import Foundation

/// Any value ⇄ its string form: a value → `String(describing:)` (numbers locale-independent,
/// dates in ISO 8601, URLs absolute), and a string → any `LosslessStringConvertible` type
/// (`Int`, `Double`, `Bool`, `Character`, your own) through `init?(_ description:)`.
public struct StringFormTransformer: ValueTransforming {
    public let name = "string form"

    public init() {}

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        if TypeName.isString(destination) { return !(source is NSNull.Type) && !(source is any OptionalType.Type) }
        return TypeName.isString(source) && destination is any LosslessStringConvertible.Type
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        if TypeName.isString(destination) {
            guard !(value is NSNull), !((value as? any OptionalType)?.isNone ?? false) else {
                throw .badInput(value, for: destination, "null has no string form")
            }
            if let text = StringValue.read(value) { return text }
            if let number = NumericValue(value) { return number.description }
            switch value {
            case let date as Date: return ISO8601DateParser.format(date)
            case let url as URL: return url.absoluteString
            case let json as JSONValue: return json.description
            default: return String(describing: value)
            }
        }
        guard let text = StringValue.read(value) else { throw .badInput(value, for: destination, "expected a string") }
        guard let type = destination as? any LosslessStringConvertible.Type else {
            throw .unsupported(value, to: destination, by: name)
        }
        guard let result = type.init(text) else { throw .badInput(value, for: destination) }
        return result
    }
}
