/// Where a decoded record came from: the source's name and the record's JSON path in it.
/// Kept so that a later problem (two records wanting one page) can name both records.
public struct RecordOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The file or URL, as the caller named it.
    public let source: String
    /// The record's JSON path, e.g. `results[3]` or `scenarios[1]`; `(document)` for a document
    /// that is the record itself.
    public let path: String

    public init(source: String, path: String) {
        self.source = source
        self.path = path
    }

    /// `people.json results[3]`.
    public var description: String { "\(source) \(path)" }
}
