import Foundation

/// One value of a document that could not be read: where, what, and why.
public struct DecodingProblem: Sendable, Equatable, CustomStringConvertible {
    public let path: JSONPath
    /// The value found; nil when it was missing.
    public let value: JSONValue?
    /// Why it could not be read, in words, e.g. `"31-02-1990" is not a date (tried: ISO 8601, …)`.
    public let message: String
    /// The transformer's error when a transformation failed.
    public let error: TransformationError?

    public init(path: JSONPath, value: JSONValue?, message: String, error: TransformationError? = nil) {
        self.path = path
        self.value = value
        self.message = message
        self.error = error
    }

    /// `results[3].dob.date: "31-02-1990" is not a date (tried: ISO 8601, UNIX time, …)`.
    public var description: String { "\(path): \(message)" }
}

/// Collects every problem found while reading a document, so that one bad value does not hide
/// the others. Shared by all the `JSONNode`s of a document; safe to use from several tasks.
///
/// To skip a bad record and go on, compare `count` before and after reading it.
public final class DecodingProblems: @unchecked Sendable, CustomStringConvertible {
    private let lock = NSLock()
    private var problems: [DecodingProblem] = []

    public init() {}

    /// Every problem so far, in the order found.
    public var all: [DecodingProblem] { lock.withLock { problems } }
    public var count: Int { lock.withLock { problems.count } }
    public var isEmpty: Bool { count == 0 }

    /// The problems recorded after the first `count` ones: `problems.since(mark)`.
    public func since(_ count: Int) -> [DecodingProblem] {
        lock.withLock { Array(problems.dropFirst(count)) }
    }

    public func record(_ problem: DecodingProblem) {
        lock.withLock { problems.append(problem) }
    }

    /// One problem per line.
    public var description: String { all.map(\.description).joined(separator: "\n") }
}
