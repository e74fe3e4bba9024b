import Foundation

/// A transformer made of two closures: one that validates a type pair, one that transforms.
///
///     let uppercase = BlockTransformer.converting(String.self, to: String.self, name: "uppercase") {
///         $0.uppercased()
///     }
public struct BlockTransformer: ValueTransforming {
    public let name: String
    private let validation: @Sendable (Any.Type, Any.Type) -> Bool
    private let transformation: @Sendable (Any, Any.Type) throws -> Any

    /// A transformer from raw closures. An error thrown by `transform` that is not a
    /// `TransformationError` is reported as a `.failed` one.
    public init(
        name: String,
        canTransform: @escaping @Sendable (_ source: Any.Type, _ destination: Any.Type) -> Bool,
        transform: @escaping @Sendable (_ value: Any, _ destination: Any.Type) throws -> Any
    ) {
        self.name = name
        self.validation = canTransform
        self.transformation = transform
    }

    /// A transformer from `Input` (or a subclass) to exactly `Output`, checking both before
    /// calling `body`.
    public static func converting<Input, Output>(
        _ input: Input.Type, to output: Output.Type, name: String,
        _ body: @escaping @Sendable (Input) throws -> Output
    ) -> BlockTransformer {
        BlockTransformer(
            name: name,
            canTransform: { source, destination in
                (source == input || source is Input.Type) && destination == output
            },
            transform: { value, destination in
                guard destination == output else { throw TransformationError.unsupported(value, to: destination, by: name) }
                guard let typed = value as? Input else { throw TransformationError.badInput(value, for: destination) }
                return try body(typed)
            }
        )
    }

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        validation(source, destination)
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        do {
            return try transformation(value, destination)
        } catch let error as TransformationError {
            throw error
        } catch {
            throw TransformationError(
                .failed, input: value, destination: destination,
                message: "\(name) could not turn \(ValueDescription.describe(value)) into \(TypeName.noun(destination)): \(error)"
            )
        }
    }
}
