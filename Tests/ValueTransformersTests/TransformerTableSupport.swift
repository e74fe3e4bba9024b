import Foundation
import Testing

@testable import ValueTransformers

/// One row of a validation table: does `transformer` handle `source` → `destination`?
struct ValidationCase: @unchecked Sendable, CustomTestStringConvertible {
    let transformer: any ValueTransforming
    let source: Any.Type
    let destination: Any.Type
    let expected: Bool

    init(_ transformer: any ValueTransforming, _ source: Any.Type, _ destination: Any.Type, _ expected: Bool) {
        self.transformer = transformer
        self.source = source
        self.destination = destination
        self.expected = expected
    }

    var testDescription: String { "\(transformer.name): \(source) → \(destination) \(expected ? "yes" : "no")" }
}

/// One row of a transformation table: `input` → `destination` gives `expected`, or fails with `reason`.
struct TransformCase: @unchecked Sendable, CustomTestStringConvertible {
    let transformer: any ValueTransforming
    let input: Any
    let destination: Any.Type
    let expected: Any?
    let reason: TransformationError.Reason?

    init(_ transformer: any ValueTransforming, _ input: Any, _ destination: Any.Type, _ expected: Any) {
        self.transformer = transformer
        self.input = input
        self.destination = destination
        self.expected = expected
        self.reason = nil
    }

    init(_ transformer: any ValueTransforming, _ input: Any, _ destination: Any.Type, fails reason: TransformationError.Reason) {
        self.transformer = transformer
        self.input = input
        self.destination = destination
        self.expected = nil
        self.reason = reason
    }

    var testDescription: String {
        "\(transformer.name): \(String(reflecting: input)) → \(destination)" + (reason.map { " fails (\($0.rawValue))" } ?? "")
    }

    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let result = try transformer.transformValue(input, to: destination)
            guard let expected else {
                Issue.record("expected a \(reason!.rawValue) error, got \(String(reflecting: result))", sourceLocation: sourceLocation)
                return
            }
            #expect(
                Self.same(result, expected), "got \(String(reflecting: result)) of type \(type(of: result))", sourceLocation: sourceLocation
            )
        } catch {
            #expect(error.reason == reason, "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        }
    }

    static func same(_ result: Any, _ expected: Any) -> Bool {
        if let optional = result as? any OptionalType, optional.isNone {
            return (expected as? any OptionalType)?.isNone ?? false
        }
        guard type(of: result) == type(of: expected) else { return false }
        if let left = result as? AnyHashable, let right = expected as? AnyHashable { return left == right }
        return String(reflecting: result) == String(reflecting: expected)
    }
}
