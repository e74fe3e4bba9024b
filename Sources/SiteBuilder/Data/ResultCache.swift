import Crypto
import Foundation

/// The last good result of each table of `data:` that ttsite makes by running something: the
/// SQL of a table in a server (under `.ttsite/cache/servers/`) or a data loader's program
/// (under `.ttsite/cache/loaders/`). Each result is two files: `<stem><suffix>` (the table as
/// SQLite stores it, or the loader's output) and `<stem>.json` (its rows, its digest, its
/// file's size, when it was made and, for a loader, what made it).
///
/// The file is renamed into place before its record, and the record names the file's size:
/// a crash between the two reads as no cached result, never a wrong one.
struct ResultCache: Sendable {
    let folder: URL
    /// `.sqlite` for a server's table, `.out` for a loader's output.
    let suffix: String

    /// The results of tables whose SQL runs in a server. A stem is the table's name and a
    /// hash of the server as libpq would reach it (kind, host, port, database, user: never a
    /// password) and the SQL, so a result is used again only for the same SQL on the same server.
    static func servers(siteFolder: URL) -> ResultCache {
        ResultCache(folder: siteFolder.appendingPathComponent(".ttsite/cache/servers", isDirectory: true), suffix: ".sqlite")
    }

    /// The outputs of data loaders. A stem is the table's name: one last good output a
    /// loader, whatever command or loader file made it (the record's `key` says which).
    static func loaders(siteFolder: URL) -> ResultCache {
        ResultCache(folder: siteFolder.appendingPathComponent(LoaderTable.outputFolder, isDirectory: true), suffix: ".out")
    }

    struct Record: Codable, Equatable {
        var rows: Int
        /// SHA-256 of the result: the columns and every value as the server wrote them, or
        /// the bytes of a loader's output.
        var digest: String
        /// The size of the table file, which the record must match.
        var bytes: Int
        /// Seconds since 1970 when the result arrived.
        var fetched: Double
        /// A loader's: the hash of its command, loader file and inputs when it ran.
        var key: String?
        /// A loader's: how long its program ran, in seconds.
        var seconds: Double?
        /// A loader's: the format its output was read in (`csv`, `tsv`, `json`, `sqlite`).
        var format: String?
    }

    func tableFile(_ stem: String) -> URL { folder.appendingPathComponent(stem + suffix) }
    func recordFile(_ stem: String) -> URL { folder.appendingPathComponent(stem + ".json") }

    /// The cached result of `stem`, nil when there is none or its files do not belong together.
    func record(_ stem: String) -> Record? {
        guard let bytes = try? Data(contentsOf: recordFile(stem)), let record = try? JSONDecoder().decode(Record.self, from: bytes),
            let size = (try? FileManager.default.attributesOfItem(atPath: tableFile(stem).path))?[.size] as? Int,
            size == record.bytes
        else { return nil }
        return record
    }

    /// A new temporary file beside the cache's, for a result arriving.
    func temporaryFile(_ stem: String) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(".\(stem).\(UUID().uuidString).tmp")
    }

    /// Makes the whole result in `file` the cached one of `stem`: its record is `record`
    /// with the file's size.
    func keep(_ file: URL, as stem: String, record: Record) throws {
        var record = record
        record.bytes = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        try replace(tableFile(stem), with: file)
        let recordTemporary = try temporaryFile(stem)
        try JSONEncoder().encode(record).write(to: recordTemporary)
        try replace(recordFile(stem), with: recordTemporary)
    }

    /// Removes the results of tables and SQL the config no longer has (`kept` are the stems
    /// still in use), and the temporary files of results that a stopped build left, a day
    /// old (a younger one may be a result arriving for `ttsite query` beside a build).
    func prune(keeping kept: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            let stem = (name as NSString).deletingPathExtension
            let file = folder.appendingPathComponent(name)
            let stale =
                name.hasPrefix(".") && name.hasSuffix(".tmp")
                && ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date).map {
                    -$0.timeIntervalSinceNow > 86_400
                } == true
            if name.hasPrefix(".") ? stale : !kept.contains(stem) {
                try? FileManager.default.removeItem(at: file)
            }
        }
    }

    /// 16 hex digits of SHA-256 over `parts`, each ended by a NUL.
    static func hash(_ parts: [String]) -> String {
        var hasher = SHA256()
        for part in parts { hasher.update(data: Data((part + "\u{0}").utf8)) }
        return hasher.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    private func replace(_ target: URL, with file: URL) throws {
        guard rename(file.path, target.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: file)
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSFilePathErrorKey: target.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
        }
    }
}
