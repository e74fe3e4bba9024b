import Foundation

/// One document of a source: a file, or the body of a URL.
public struct SourceDocument: Sendable, Equatable {
    /// Where the bytes come from, for messages: a path relative to the site folder
    /// (`Content/data/people.json`), an absolute path outside it, or the URL.
    public var name: String
    public var data: Data
    public var origin: Origin

    public init(name: String, data: Data, origin: Origin) {
        self.name = name
        self.data = data
        self.origin = origin
    }

    /// How the bytes were obtained.
    public enum Origin: Sendable, Equatable {
        /// Read from a local file.
        case file
        /// Fetched just now; the cache now holds this copy.
        case network
        /// The server answered 304 Not Modified; the bytes are the cached copy.
        case notModified
        /// The cached copy, confirmed by the server more recently than the reader's
        /// `freshFor` allows asking again (pictures): no request was made.
        case fresh
        /// The cached copy, used because of `reason` ("offline", or why the fetch was not usable).
        case cache(reason: String)
    }
}

/// Every document of one source, and the warnings reading it produced.
public struct SourceReading: Sendable, Equatable {
    public var documents: [SourceDocument]
    /// Each names the source and the cause, e.g.
    /// `https://x/api: HTTP 500 Internal Server Error after 3 attempts; using the cached copy`.
    public var warnings: [String]
    /// The server did not answer at all and the cached copy stands in (see `SourceError.unreachable`).
    public var unreachable: Bool
    /// For a URL: when its server last gave or confirmed these bytes, when known.
    public var checked: Date?

    public init(documents: [SourceDocument], warnings: [String] = [], unreachable: Bool = false, checked: Date? = nil) {
        self.documents = documents
        self.warnings = warnings
        self.unreachable = unreachable
        self.checked = checked
    }
}
