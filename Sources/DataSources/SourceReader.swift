import Foundation

/// Reads the documents of a source: a file, a folder of `*.json`, or a URL fetched with
/// retries and revalidated against the cache of its last good copy.
///
/// For a URL:
/// - with `offline`, only the cached copy is used (no warning); none is a `SourceError`;
/// - a 304 re-uses the cached copy;
/// - a new copy is checked (not empty, not HTML), then given to `validate`, and only when
///   both accept it is it written to the cache;
/// - a failed fetch or a rejected copy falls back to the cached copy with a warning, or is a
///   `SourceError` when there is no cached copy, and always with `strict`.
public struct SourceReader: Sendable {
    public let siteFolder: URL
    public let fetcher: any Fetcher
    public let settings: FetchSettings
    public let offline: Bool
    public let strict: Bool
    public let cache: SourceCache
    /// The time the cache's "checked" stamps are written and compared with.
    public let clock: @Sendable () -> Date

    public init(
        siteFolder: URL, fetcher: any Fetcher, settings: FetchSettings, offline: Bool, strict: Bool,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.siteFolder = siteFolder.standardizedFileURL
        self.fetcher = fetcher
        self.settings = settings
        self.offline = offline
        self.strict = strict
        self.cache = SourceCache(siteFolder: self.siteFolder)
        self.clock = clock
    }

    /// Reads every document of `location`: a file; a folder's `*.json` in name order; or a URL.
    ///
    /// `validate` is called with each candidate document and, for URLs, the cached copy if any;
    /// it throws (ideally a `DocumentRejection`) when the bytes are not valid data for their kind.
    /// A rejected file is a `SourceError`; a rejected URL copy falls back like a failed fetch.
    ///
    /// A file read whole is at most `settings.maxBytes` long, as a fetched body is. One that is
    /// opened `inPlace` (a SQLite database, which SQLite reads page by page) is not held:
    /// only its first bytes are read, for `validate`, and `max_bytes` does not bound it.
    public func read(
        _ location: SourceLocation,
        inPlace: Bool = false,
        validate: (_ candidate: Data, _ cached: Data?) throws -> Void
    ) throws(SourceError) -> SourceReading {
        switch location {
        case .file(let path): return try readFiles(at: path, inPlace: inPlace, validate: validate)
        case .url(let url): return try readURL(url, validate: validate)
        }
    }

    /// Reads `location` and checks only that it is not empty or HTML.
    public func read(_ location: SourceLocation) throws(SourceError) -> SourceReading {
        try read(location, validate: { _, _ in })
    }
}
