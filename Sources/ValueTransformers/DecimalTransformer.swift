import Foundation

/// `Decimal` ⇄ numbers and ⇄ `String`, exactly: `"3.4593895835"` keeps every digit.
public struct DecimalTransformer: ValueTransforming {
    public let name = "decimal"
    private let numbers = NumberTransformer()

    public init() {}

    private static func isDecimal(_ type: Any.Type) -> Bool {
        type == Decimal.self || type is NSDecimalNumber.Type
    }

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        if Self.isDecimal(destination) { return NumericValue.isNumericType(source) || TypeName.isString(source) }
        return Self.isDecimal(source) && (NumericValue.isNumericType(destination) || TypeName.isString(destination))
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        let sourceIsDecimal = value is Decimal || value is NSDecimalNumber
        guard Self.isDecimal(destination) || sourceIsDecimal else { throw .unsupported(value, to: destination, by: name) }
        return try numbers.transformValue(value, to: destination)
    }
}
