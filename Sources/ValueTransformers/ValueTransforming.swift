import Foundation

/// Something that converts a value from one type into another, or says precisely why it cannot.
///
/// The Swift form of RKValueTransformers' `RKValueTransforming`: a transformer first says whether
/// it handles a (source type, destination type) pair, then transforms a value to a requested type.
/// Named `ValueTransforming` so that it never clashes with Foundation's `ValueTransformer` class.
public protocol ValueTransforming: Sendable {
    /// A short name for people, used in error messages ("ISO 8601", "UNIX time").
    var name: String { get }

    /// Whether this transformer handles values of `source` type turned into `destination` type.
    /// Answering from the types alone, without a value: `true` does not promise success.
    func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool

    /// Transforms `value` into an instance of `destination`, or throws why it cannot.
    /// Callers usually use the typed `transform(_:to:)` instead.
    func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any
}

extension ValueTransforming {
    /// Transforms `value` into a `T`, checking the result's type.
    ///
    ///     let date = try ISO8601DateTransformer().transform("2013-04-23T16:29:05Z", to: Date.self)
    public func transform<T>(_ value: Any, to destination: T.Type = T.self) throws(TransformationError) -> T {
        let result = try transformValue(value, to: destination)
        guard let typed = result as? T else {
            throw TransformationError(
                .failed, input: value, destination: destination,
                message: "\(name) produced \(TypeName.describe(type(of: result))) instead of \(TypeName.describe(destination))"
            )
        }
        return typed
    }

    /// Whether this transformer handles `value` turned into `destination`.
    public func canTransform(_ value: Any, to destination: Any.Type) -> Bool {
        canTransform(from: type(of: value), to: destination)
    }
}
