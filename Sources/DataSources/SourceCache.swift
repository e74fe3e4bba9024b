import Foundation

/// The last good copy of each URL, under `.ttsite/cache/` in the site folder.
///
/// Each URL has two files named after `key(for:)`: `<key>.body` (the bytes as fetched,
/// decompressed) and `<key>.json` (the URL, the validators and the body's size). The body is
/// written first and the metadata second, each to a temporary file renamed into place, so a
/// crash leaves either the old pair, or a new body whose metadata does not match — which reads
/// as "no cached copy", never as a wrong one.
public struct SourceCache: Sendable {
    /// The folder holding the cache files.
    public let folder: URL

    /// The cache of a site: `<siteFolder>/.ttsite/cache`.
    public init(siteFolder: URL) {
        self.init(folder: siteFolder.appendingPathComponent(".ttsite/cache", isDirectory: true))
    }

    public init(folder: URL) {
        self.folder = folder
    }

    /// A cached copy and the validators it was served with.
    public struct Entry: Sendable, Equatable {
        public var body: Data
        public var etag: String?
        public var lastModified: String?
        /// When the server last gave this copy, or confirmed it for a reader that counts
        /// freshness (pictures); absent in caches written before this was recorded.
        public var checked: Date?

        public init(body: Data, etag: String? = nil, lastModified: String? = nil, checked: Date? = nil) {
            self.body = body
            self.etag = etag
            self.lastModified = lastModified
            self.checked = checked
        }
    }

    /// What `<key>.json` holds.
    struct Metadata: Codable, Equatable {
        var url: String
        var etag: String?
        var lastModified: String?
        var bytes: Int
        /// Seconds since 1970 when the server last gave or confirmed the copy.
        var checked: Double?
    }

    /// The file name stem for `url`: its host, then a 64-bit FNV-1a hash of the whole address,
    /// e.g. `randomuser.me-5f1c0a4e9b2d7783`. Deterministic across runs and machines.
    public static func key(for url: URL) -> String {
        let host = (url.host ?? "source").lowercased().unicodeScalars
            .map { CharacterSet.lowercaseLetters.contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" ? String($0) : "_" }
            .joined()
        return "\(host.prefix(60))-\(StableHash.hex(of: url.absoluteString.utf8))"
    }

    public func bodyFile(for url: URL) -> URL {
        folder.appendingPathComponent(Self.key(for: url) + ".body")
    }

    public func metadataFile(for url: URL) -> URL {
        folder.appendingPathComponent(Self.key(for: url) + ".json")
    }

    /// The cached copy of `url`, or `nil` when there is none or its files do not belong together.
    public func entry(for url: URL) -> Entry? {
        guard let metadataBytes = try? Data(contentsOf: metadataFile(for: url)),
            let metadata = try? JSONDecoder().decode(Metadata.self, from: metadataBytes),
            metadata.url == url.absoluteString,
            let body = try? Data(contentsOf: bodyFile(for: url)),
            body.count == metadata.bytes
        else { return nil }
        return Entry(
            body: body, etag: metadata.etag, lastModified: metadata.lastModified,
            checked: metadata.checked.map { Date(timeIntervalSince1970: $0) })
    }

    /// Stores `body` as the last good copy of `url`, fetched at `checked`.
    public func save(_ body: Data, etag: String?, lastModified: String?, checked: Date? = nil, for url: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try writeAtomically(body, to: bodyFile(for: url))
        let metadata = Metadata(
            url: url.absoluteString, etag: etag, lastModified: lastModified, bytes: body.count,
            checked: checked?.timeIntervalSince1970)
        try saveMetadata(metadata, for: url)
    }

    /// Replaces the validators of the cached copy of `url` and the time it was confirmed
    /// (after a 304).
    public func updateValidators(etag: String?, lastModified: String?, checked: Date? = nil, for url: URL) throws {
        guard let entry = entry(for: url) else { return }
        let metadata = Metadata(
            url: url.absoluteString, etag: etag, lastModified: lastModified, bytes: entry.body.count,
            checked: checked?.timeIntervalSince1970 ?? entry.checked?.timeIntervalSince1970)
        try saveMetadata(metadata, for: url)
    }

    private func saveMetadata(_ metadata: Metadata, for url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try writeAtomically(try encoder.encode(metadata), to: metadataFile(for: url))
    }

    /// Writes to a temporary file beside `file`, then renames it over `file`.
    private func writeAtomically(_ data: Data, to file: URL) throws {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        try data.write(to: temporary)
        if rename(temporary.path, file.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSFilePathErrorKey: file.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
        }
    }
}
