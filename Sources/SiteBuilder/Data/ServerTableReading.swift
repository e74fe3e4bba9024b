import Crypto
import DataTables
import Foundation
import MySQL
import Postgres

/// A table of `data:` whose SQL ran in a server (or whose last result came from the cache):
/// the SQLite file that holds it, ready to be copied into the build's database.
struct ServerTableReading: Sendable {
    let table: ServerTable
    /// The cached result's file.
    let file: URL
    let rows: Int
    /// SHA-256 of the result, as the server wrote it: what tells the build whether it changed.
    let digest: String
    /// Where the rows came from, for `--verbose`: "fetched", "cached copy, because …".
    let origin: String
    let warnings: [String]
}

/// Runs the SQL of each server table in its server, a read-only and bounded session, and
/// streams the result into the cache, the rules of every source kept:
///
/// - a result replaces the cached one only once all of it has arrived and been stored;
/// - when the server cannot be reached or the query fails (refused, cancelled by the time
///   limit, over a limit, a connection that broke midway), the cached result is used with a
///   warning, or, without one (or with `--strict`), the build stops with exit 3;
/// - `--offline` uses only the cache.
///
/// Messages name the table, the config line, the server (`user@host:port/database`) and the
/// server's words: never a password, which ttsite never holds.
struct ServerTableReader {
    let siteFolder: URL
    let offline: Bool
    let strict: Bool
    let timeZone: TimeZone
    let configName: String
    let clock: @Sendable () -> Date
    var cache: ResultCache { .servers(siteFolder: siteFolder) }

    /// Every table read, and the cache's results of tables no longer in the config removed.
    func read(_ tables: [ServerTable]) throws -> [ServerTableReading] {
        var readings: [ServerTableReading] = []
        var stems: Set<String> = []
        for table in tables {
            let sql = try self.sql(of: table)
            let stem = Self.stem(of: table, sql: sql)
            stems.insert(stem)
            readings.append(try read(table, sql: sql, stem: stem))
        }
        if !tables.isEmpty { cache.prune(keeping: stems) }
        return readings
    }

    private func read(_ table: ServerTable, sql: String, stem: String) throws -> ServerTableReading {
        if offline {
            guard let record = cache.record(stem) else {
                throw BuildError(
                    .source,
                    "`data.\(table.name)`: there is no cached result of its SQL to build offline with; "
                        + "build once with `\(table.connection.name)` reachable",
                    in: configName, line: table.line)
            }
            return reading(table, stem: stem, record: record, origin: "cached copy (offline)", warnings: [])
        }
        do {
            do {
                return try fetch(table, sql: sql, stem: stem)
            } catch let error as PostgresError {
                throw ServerQueryFailure(error)
            } catch let error as MySQLError {
                throw ServerQueryFailure(error)
            }
        } catch let error as ServerQueryFailure {
            let message = describe(error, of: table, sql: sql)
            // A role that may do more than read is a mistake of the configuration: no
            // cached result stands in for it.
            if error.kind == .role {
                throw BuildError(.configuration, message, in: configName, line: table.connection.line ?? table.line)
            }
            if !strict, let record = cache.record(stem) {
                let fetched = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: record.fetched))
                return reading(
                    table, stem: stem, record: record, origin: "cached copy, because \(error.kind.rawValue) failed",
                    warnings: ["\(message); using the result cached at \(fetched) (\(record.rows) rows)"])
            }
            throw BuildError(
                .source, message + (strict ? "" : "; there is no cached result to fall back on, and the published site is kept"),
                in: configName, line: table.line)
        }
    }

    /// The query run, its rows stored in a new file, and the file made the cached result.
    private func fetch(_ table: ServerTable, sql: String, stem: String) throws -> ServerTableReading {
        switch table.connection.settings {
        case .postgres(let settings):
            return try store(try PostgresConnection(settings).query(sql, timeZone: timeZone), of: table, stem: stem) {
                ($0.count, $0.digest, $0.notes)
            }
        case .mysql(let settings):
            return try store(try MySQLConnection(settings).query(sql, timeZone: timeZone), of: table, stem: stem) {
                ($0.count, $0.digest, $0.notes)
            }
        }
    }

    /// The rows streamed from the server into a new file, and the file made the cached
    /// result. `told` gives what the rows say once all have arrived: their count, their
    /// digest and the notes about their values.
    private func store<Rows: BatchedRowSource>(
        _ rows: Rows, of table: ServerTable, stem: String, told: (Rows) -> (count: Int, digest: String, notes: [String])
    ) throws -> ServerTableReading {
        let file = try cache.temporaryFile(stem)
        var finished = false
        defer { if !finished { try? FileManager.default.removeItem(at: file) } }
        do {
            let database = try SQLDatabase(creatingFile: file)
            try database.load(table.name, rows)
        } catch let error as PostgresError {
            throw error
        } catch let error as MySQLError {
            throw error
        } catch {
            throw BuildError(.source, "`data.\(table.name)`: cannot store the result: \(error)", in: configName, line: table.line)
        }
        let (count, digest, notes) = told(rows)
        try cache.keep(file, as: stem, record: .init(rows: count, digest: digest, bytes: 0, fetched: clock().timeIntervalSince1970))
        finished = true
        let record = cache.record(stem)!
        return reading(table, stem: stem, record: record, origin: "fetched", warnings: notes.map { "\(place(of: table)): \($0)" })
    }

    private func reading(_ table: ServerTable, stem: String, record: ResultCache.Record, origin: String, warnings: [String])
        -> ServerTableReading
    {
        ServerTableReading(
            table: table, file: cache.tableFile(stem), rows: record.rows, digest: record.digest, origin: origin, warnings: warnings)
    }

    /// `monthly-1f0c…`: the table's name and 16 hex digits of a hash of the server as libpq
    /// would reach it (kind, host, port, database, user: never a password) and the SQL.
    static func stem(of table: ServerTable, sql: String) -> String {
        let server = table.connection.settings.resolved
        let identity = [table.connection.kind.rawValue, server.host, server.port, server.database, server.user, sql].joined(
            separator: "\u{0}")
        let hash = SHA256.hash(data: Data(identity.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        return "\(table.name)-\(hash)"
    }

    /// The SQL of `sql:`, or of the file `sql_file:` names.
    private func sql(of table: ServerTable) throws -> String {
        guard let path = table.sqlFile else { return table.sql }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path)
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw BuildError(
                .configuration, "`data.\(table.name).sql_file`: cannot read `\(path)`: \(fileErrorText(error))", in: configName,
                line: table.line)
        }
    }

    /// The table as messages name it, before what happened.
    private func place(of table: ServerTable) -> String {
        "`data.\(table.name)`"
    }

    /// The error in words: what happened, where in the SQL, on which server.
    func describe(_ error: ServerQueryFailure, of table: ServerTable, sql: String) -> String {
        let connection = table.connection
        let server = "`\(connection.name)` (\(connection.settings.product), \(connection.settings.described))"
        let subject = place(of: table)
        switch error.kind {
        case .connection:
            return "\(subject): cannot connect to \(server): \(error.message)"
        case .query:
            let line =
                error.position.map { position in
                    let prefix = sql.prefix(max(0, position - 1))
                    let number = prefix.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                    return " at line \(number) of its SQL" + (table.sqlFile.map { " (\($0))" } ?? "")
                } ?? ""
            return "\(subject): \(server) refused the SQL\(line): \(error.message)"
        case .write:
            return
                "\(subject): the SQL would write, and the session with \(server) is read-only, so the server refused it: \(error.message)"
        case .timeout where !error.serverAnswered:
            // The client's deadline: the server said nothing.
            return "\(subject): \(server): \(error.message) (`connections.\(connection.name).seconds`)"
        case .timeout:
            return
                "\(subject): the query ran longer than \(connection.settings.seconds.formatted()) seconds "
                + "(`connections.\(connection.name).seconds`), and \(server) cancelled it"
        case .limit:
            return "\(subject): \(error.message) (`connections.\(connection.name).\(error.setting ?? "rows")`)"
        case .lost:
            return "\(subject): \(server): \(error.message)"
        case .notAQuery:
            return "\(subject): \(error.message)"
        case .role:
            return "\(subject): \(server): \(error.message)"
        }
    }
}

/// What went wrong in a server, from either client library: their kinds are the same.
struct ServerQueryFailure: Error {
    enum Kind: String {
        case connection, query, write, timeout, limit, lost, notAQuery, role
    }

    var kind: Kind
    var message: String
    /// Where in the SQL the server points (PostgreSQL's `position`, from 1), when it does.
    var position: Int?
    /// The server said why (a SQLSTATE came with the error); else the client gave up.
    var serverAnswered: Bool
    /// The setting a limit is (`rows`, `megabytes`).
    var setting: String?

    init(_ error: PostgresError) {
        kind = Kind(rawValue: error.kind.rawValue)!
        message = error.message
        position = error.position
        serverAnswered = error.sqlState != nil
        setting = error.setting
    }

    init(_ error: MySQLError) {
        kind = Kind(rawValue: error.kind.rawValue)!
        message = error.message
        serverAnswered = error.sqlState != nil
        setting = error.setting
    }
}
