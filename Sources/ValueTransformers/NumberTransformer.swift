import Foundation

/// Numbers ⇄ `String`, and numbers between numeric types, independent of the locale:
/// `"1378767519.18176508"` parses the same in Germany. Any `BinaryInteger`,
/// `BinaryFloatingPoint`, `NSNumber` or `Decimal` is a number.
///
/// A number only becomes a type it fits exactly: `"3.5"` is not an `Int`, `300` not an `Int8`.
/// Text must be in the JSON number grammar (no spaces, `inf`, hexadecimal or grouping).
public struct NumberTransformer: ValueTransforming {
    public let name = "number"

    public init() {}

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        let sourceIsNumber = NumericValue.isNumericType(source)
        if sourceIsNumber { return NumericValue.isNumericType(destination) || TypeName.isString(destination) }
        return TypeName.isString(source) && NumericValue.isNumericType(destination)
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        if let text = StringValue.read(value) {
            guard NumericValue.isNumericType(destination) else { throw .unsupported(value, to: destination, by: name) }
            guard let number = NumericValue(parsing: text) else { throw .badInput(value, for: destination) }
            return try convert(value, number, to: destination)
        }
        guard let number = NumericValue(value) else { throw .badInput(value, for: destination, "expected a number") }
        if TypeName.isString(destination) { return number.description }
        return try convert(value, number, to: destination)
    }

    private func convert(_ value: Any, _ number: NumericValue, to destination: Any.Type) throws(TransformationError) -> Any {
        if destination == Decimal.self || destination is NSDecimalNumber.Type, let text = StringValue.read(value),
            let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        {
            return destination == Decimal.self ? decimal : NSDecimalNumber(decimal: decimal)
        }
        guard NumericValue.isNumericType(destination) else { throw .unsupported(value, to: destination, by: name) }
        guard let result = number.converted(to: destination) else {
            throw .badInput(value, for: destination, "it does not fit exactly")
        }
        // `1e400` is valid JSON, but as a `Double` it is infinity, which no axis, age or
        // date can use: out of range, like 300 for an `Int8`.
        if let floating = result as? any BinaryFloatingPoint, floating.isInfinite {
            throw .badInput(value, for: destination, "it is too large (it would be infinite)")
        }
        return result
    }
}
