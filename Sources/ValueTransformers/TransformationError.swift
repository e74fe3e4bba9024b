import Foundation

/// Why a value could not be transformed: the input, the requested type and the reason,
/// with a message a person understands.
public struct TransformationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Reason: String, Sendable, Equatable {
        /// The input is not of a type or form the transformer accepts ("31-02-1990" as a date).
        case badInput = "bad input"
        /// The transformer does not produce the requested type.
        case unsupportedDestination = "unsupported destination"
        /// The transformer accepted the input but the transformation did not succeed.
        case failed
    }

    /// One member's answer inside a compound transformer's error.
    public struct Attempt: Sendable, Equatable {
        public let transformer: String
        public let error: TransformationError
    }

    public let reason: Reason
    /// The input as it would be written in JSON: `"31-02-1990"`, `42`, `null`.
    public let input: String
    /// The input's type, e.g. `String`.
    public let inputType: String
    /// The requested type, e.g. `Date`.
    public let destination: String
    /// What went wrong, in words; already mentions the input where that helps.
    public let message: String
    /// For a compound transformer: what each member that was tried said, in order.
    public let attempts: [Attempt]

    public init(
        _ reason: Reason, input: Any, destination: Any.Type, message: String, attempts: [Attempt] = []
    ) {
        self.reason = reason
        self.input = ValueDescription.describe(input)
        self.inputType = TypeName.describe(type(of: input))
        self.destination = TypeName.describe(destination)
        self.message = message
        self.attempts = attempts
    }

    /// `"31-02-1990" is not a date: February 1990 has no day 31`.
    public var description: String { message }

    /// The message followed by one line per attempt, for logs and `--verbose`.
    public var detailedDescription: String {
        ([message] + attempts.map { "  \($0.transformer): \($0.error.message)" }).joined(separator: "\n")
    }

    /// A bad-input error with the usual wording: `<input> is not <a destination>: <why>`.
    public static func badInput(_ input: Any, for destination: Any.Type, _ why: String? = nil) -> Self {
        let head = "\(ValueDescription.describe(input)) is not \(TypeName.noun(destination))"
        return Self(.badInput, input: input, destination: destination, message: why.map { "\(head): \($0)" } ?? head)
    }

    /// An unsupported-destination error: `<transformer> cannot produce <type> from <type>`.
    public static func unsupported(_ input: Any, to destination: Any.Type, by transformer: String) -> Self {
        Self(
            .unsupportedDestination, input: input, destination: destination,
            message: "\(transformer) cannot turn \(TypeName.noun(type(of: input))) into \(TypeName.noun(destination))"
        )
    }
}
