import Foundation

/// JSON `null` (`NSNull`) → `nil` of any optional type, and `nil` → `NSNull`.
///
///     let missing: Date? = try NullTransformer().transform(NSNull(), to: Date?.self)   // nil
public struct NullTransformer: ValueTransforming {
    public let name = "null"

    public init() {}

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        (source is NSNull.Type && destination is any OptionalType.Type)
            || (source is any OptionalType.Type && destination is NSNull.Type)
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        if value is NSNull {
            guard let optional = destination as? any OptionalType.Type else { throw .unsupported(value, to: destination, by: name) }
            return optional.noneValue
        }
        guard destination is NSNull.Type else { throw .unsupported(value, to: destination, by: name) }
        guard let optional = value as? any OptionalType, optional.isNone else {
            throw .badInput(value, for: destination, "only nil becomes null")
        }
        return NSNull()
    }
}
