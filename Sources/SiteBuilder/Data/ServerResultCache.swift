import Crypto
import Foundation

/// The last good result of each table of `data:` that runs its SQL in a server, under
/// `.ttsite/cache/servers/`: `<table>-<key>.sqlite` (the table, as SQLite stores it) and
/// `<table>-<key>.json` (its rows, its digest, its file's size and when it was fetched).
///
/// The key is a hash of the server as libpq would reach it (kind, host, port, database,
/// user: never a password) and the SQL, so a result is used again only for the same SQL on
/// the same server. The table file is renamed into place before its record, and the record
/// names the file's size: a crash between the two reads as no cached result, never a wrong one.
struct ServerResultCache: Sendable {
    let folder: URL

    init(siteFolder: URL) {
        folder = siteFolder.appendingPathComponent(".ttsite/cache/servers", isDirectory: true)
    }

    struct Record: Codable, Equatable {
        var rows: Int
        /// SHA-256 of the columns and every value as the server wrote them.
        var digest: String
        /// The size of the table file, which the record must match.
        var bytes: Int
        /// Seconds since 1970 when the result arrived.
        var fetched: Double
    }

    /// `monthly-1f0c…`: the table's name and 16 hex digits of the key.
    static func stem(of table: ServerTable, sql: String) -> String {
        let server = table.connection.settings.resolved
        let identity = [table.connection.kind.rawValue, server.host, server.port, server.database, server.user, sql].joined(
            separator: "\u{0}")
        let hash = SHA256.hash(data: Data(identity.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        return "\(table.name)-\(hash)"
    }

    func tableFile(_ stem: String) -> URL { folder.appendingPathComponent(stem + ".sqlite") }
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

    /// Makes the whole result in `file` the cached one of `stem`.
    func keep(_ file: URL, as stem: String, rows: Int, digest: String, fetched: Date) throws {
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        try replace(tableFile(stem), with: file)
        let record = Record(rows: rows, digest: digest, bytes: size, fetched: fetched.timeIntervalSince1970)
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
