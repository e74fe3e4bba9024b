import Foundation

/// A source that could not be read and has no usable cached copy (exit code 3 in the CLI),
/// or one that would have fallen back to its cached copy under `--strict`.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file path relative to the site folder, or the URL.
    public var source: String
    /// What went wrong, in words for a site author.
    public var reason: String
    /// The server did not answer at all (no connection, or a time-out), as opposed to
    /// answering with an error or a bad body: its other URLs will likely fare no better.
    public var unreachable: Bool
    /// The server answered, but with what may be gone by the next try (a 5xx, a 429, a
    /// connection lost halfway), as opposed to an answer that will stand (a 404, a body that
    /// is not what was asked for).
    public var transient: Bool

    public init(source: String, reason: String, unreachable: Bool = false, transient: Bool = false) {
        self.source = source
        self.reason = reason
        self.unreachable = unreachable
        self.transient = transient
    }

    public var description: String { "\(source): \(reason)" }
}

/// Thrown by a `validate` closure when a document is not valid data for its kind
/// (an HTML page, an error object, an empty result where the cached copy had records).
public struct DocumentRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the document is not usable, e.g. "the response is an error object: rate limited".
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
