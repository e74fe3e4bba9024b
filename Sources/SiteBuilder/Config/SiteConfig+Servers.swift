import Foundation
import MySQL
import Postgres
import Yams

extension SiteConfig {
    /// `connections:`, the database servers tables of `data:` may run their SQL in:
    ///
    ///     connections:
    ///       warehouse:
    ///         type: postgres
    ///         host: db.example.org
    ///         port: 5432
    ///         database: sales
    ///         user: reporter
    ///         sslmode: verify-full
    ///         sslrootcert: certs/warehouse-ca.pem
    ///         seconds: 120          # the longest a query may run in the server
    ///         rows: 1000000         # the most rows a result may have
    ///         megabytes: 500        # the most a result may hold
    ///       shop: { type: mysql, host: db.example.org, database: shop, user: reporter, sslmode: verify-full }
    ///
    /// A password is refused here: it comes from `PGPASSWORD` or `~/.pgpass` (`MYSQL_PWD` or
    /// `~/.my.cnf`), never from a file that is kept in version control and copied around.
    static func connections(_ node: Node, _ reader: YAMLReader) throws -> [String: ServerConnection] {
        var connections: [String: ServerConnection] = [:]
        for (nameNode, entry) in try reader.mapping(node, "connections") {
            let name = nameNode.string ?? ""
            let context = "connections.\(name)"
            let settings = try reader.mapping(entry, context)
            let typeNode = settings["type"]
            let typeText = try typeNode.map { try reader.string($0, "type") }
            if let password = settings.keys.first(where: { ["password", "passfile"].contains($0.string) }) {
                throw reader.error(
                    "`\(context).\(password.string ?? "")`: a password is never read from ttsite.yml; "
                        + Self.passwordAdvice(typeText == "mysql" ? .mysql : .postgres),
                    at: password)
            }
            try reader.requireKnownKeys(
                settings,
                [
                    "type", "host", "port", "database", "user", "sslmode", "sslrootcert", "sslcert", "sslkey",
                    "seconds", "rows", "megabytes", "trusted_role",
                ], context: context)
            guard let typeNode, let typeText else {
                throw reader.error("`\(context)` needs `type: postgres` or `type: mysql`", at: entry)
            }
            guard let kind = ServerConnection.Kind(rawValue: typeText) else {
                throw reader.error(
                    "`\(context).type` must be \(ServerConnection.Kind.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")), "
                        + "found `\(typeText)`",
                    at: typeNode)
            }
            let server: ServerSettings =
                switch kind {
                case .postgres: .postgres(try connectionSettings(PostgresSettings.self, settings, context, kind, reader))
                case .mysql: .mysql(try connectionSettings(MySQLSettings.self, settings, context, kind, reader))
                }
            connections[name] = ServerConnection(name: name, settings: server, line: nameNode.mark?.line)
        }
        return connections
    }

    /// The keys of a connection both client libraries take alike, read into `Settings`;
    /// a key left out keeps the library's default.
    private static func connectionSettings<Settings: ConnectionSettings>(
        _: Settings.Type, _ settings: Node.Mapping, _ context: String, _ kind: ServerConnection.Kind, _ reader: YAMLReader
    ) throws -> Settings {
        var server = Settings()
        let text = { (key: String) throws -> String? in try settings[key].map { try reader.string($0, "\(context).\(key)") } }
        let advice = Self.passwordAdvice(kind)
        server.host = try credentialFree(text("host"), settings["host"], "\(context).host", advice, reader)
        server.database = try credentialFree(text("database"), settings["database"], "\(context).database", advice, reader)
        server.user = try credentialFree(text("user"), settings["user"], "\(context).user", advice, reader)
        server.sslRootCert = try text("sslrootcert")
        server.sslCert = try text("sslcert")
        server.sslKey = try text("sslkey")
        if let value = settings["port"] {
            let port = try reader.int(value, "\(context).port")
            guard (1...65535).contains(port) else {
                throw reader.error("`\(context).port` must be from 1 to 65535, found \(port)", at: value)
            }
            server.port = port
        }
        if let value = settings["sslmode"] {
            let mode = try reader.string(value, "\(context).sslmode")
            guard let known = Settings.SSLMode(rawValue: mode) else {
                throw reader.error(
                    "`\(context).sslmode` must be \(Settings.SSLMode.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")), "
                        + "found `\(mode)`",
                    at: value)
            }
            server.sslMode = known
        }
        if let value = settings["seconds"] {
            server.seconds = try reader.number(value, "\(context).seconds")
            guard server.seconds > 0, server.seconds <= 86_400 else {
                throw reader.error("`\(context).seconds` must be more than 0 and at most 86400", at: value)
            }
        }
        if let value = settings["rows"] {
            server.rows = try reader.int(value, "\(context).rows")
            guard server.rows >= 1 else {
                throw reader.error("`\(context).rows` must be a whole number of rows, 1 or more", at: value)
            }
        }
        if let value = settings["megabytes"] {
            let megabytes = try reader.number(value, "\(context).megabytes")
            guard megabytes > 0, megabytes <= 65_536 else {
                throw reader.error("`\(context).megabytes` must be more than 0 and at most 65536", at: value)
            }
            server.bytes = Int(megabytes * 1_048_576)
        }
        if let value = settings["trusted_role"] {
            server.trustedRole = try reader.bool(value, "\(context).trusted_role")
        }
        return server
    }

    /// Where a password comes from instead, for the client library of `kind`.
    static func passwordAdvice(_ kind: ServerConnection.Kind) -> String {
        switch kind {
        case .postgres:
            "set `PGPASSWORD` in the build's environment, "
                + "or give it a line in `~/.pgpass` (`host:port:database:user:password`, mode 0600)"
        case .mysql:
            "set `MYSQL_PWD` in the build's environment, "
                + "or write it in the `[client]` group of `~/.my.cnf` (`password = …`, mode 0600)"
        }
    }

    /// `value` of `key`, refused — and not repeated in the message — when it looks like more
    /// than a host, database or user name: a connection URI (`postgresql://u:pw@db/sales`,
    /// which may carry a password), a `password=` of a connection string, or a `user:pw@`
    /// before a host. A client library would take such a value as a name and say it in its errors.
    private static func credentialFree(_ value: String?, _ node: Node?, _ key: String, _ advice: String, _ reader: YAMLReader) throws
        -> String?
    {
        guard let value else { return nil }
        let lowered = value.lowercased()
        let what: String? =
            if lowered.contains("://") { "a URI" } else if lowered.replacingOccurrences(of: " ", with: "").contains("password=") {
                "a password setting"
            } else if key.hasSuffix(".host") && value.contains("@") { "a user (and maybe a password) before the host" } else { nil }
        guard let what else { return value }
        throw reader.error(
            "`\(key)` holds \(what), not shown here: give `host`, `port`, `database` and `user` each as a name of its own, "
                + "and the password so: \(advice); never in ttsite.yml",
            at: node)
    }

    /// A table of `data:` with `connection:`: its SQL from `sql:` or `sql_file:` (a path from
    /// the site folder).
    static func serverTable(
        _ name: String, _ settings: Node.Mapping, at nameNode: Node, _ reader: YAMLReader,
        connections: [String: ServerConnection]
    ) throws -> ServerTable {
        let context = "data.\(name)"
        try reader.requireKnownKeys(settings, ["connection", "sql", "sql_file", "index"], context: context)
        let connectionNode = settings["connection"]!
        let connectionName = try reader.string(connectionNode, "\(context).connection")
        guard let connection = connections[connectionName] else {
            let known = connections.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
            throw reader.error(
                "`\(context).connection` names `\(connectionName)`, which `connections:` does not declare"
                    + (known.isEmpty ? "" : "; it declares \(known)"), at: connectionNode)
        }
        let sql: String
        var sqlFile: String?
        switch (settings["sql"], settings["sql_file"]) {
        case (let text?, nil):
            sql = try reader.string(text, "\(context).sql")
        case (nil, let file?):
            // Read with the sources, from the site folder.
            sqlFile = try reader.string(file, "\(context).sql_file")
            sql = ""
        default:
            throw reader.error(
                "`\(context)` runs its SQL in `\(connectionName)`: "
                    + "it needs exactly one of `sql:` (the SQL) or `sql_file:` (a file holding it)",
                at: nameNode)
        }
        guard sqlFile != nil || !sql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw reader.error("`\(context)` has no SQL", at: settings["sql"] ?? settings["sql_file"])
        }
        var table = ServerTable(name: name, connection: connection, sql: sql, sqlFile: sqlFile, line: nameNode.mark?.line)
        if let value = settings["index"] { table.indexed = try indexes(value, context: context, reader) }
        return table
    }

    /// `index: entity`, `index: [entity, sector]` (an index each), `index: [[entity, quarter]]`
    /// (one index on both).
    static func indexes(_ value: Node, context: String, _ reader: YAMLReader) throws -> [[String]] {
        let items = value.sequence.map(Array.init) ?? [value]
        return try items.map { item in
            let columns = try reader.strings(item, "\(context).index")
            guard !columns.isEmpty else { throw reader.error("\(context).index: an index needs at least one column", at: item) }
            return columns
        }
    }
}

/// What the settings of both client libraries hold alike, so that `connections:` reads them once.
protocol ConnectionSettings {
    associatedtype SSLMode: RawRepresentable & CaseIterable where SSLMode.RawValue == String
    init()
    var host: String? { get set }
    var port: Int? { get set }
    var database: String? { get set }
    var user: String? { get set }
    var sslMode: SSLMode? { get set }
    var sslRootCert: String? { get set }
    var sslCert: String? { get set }
    var sslKey: String? { get set }
    var seconds: Double { get set }
    var rows: Int { get set }
    var bytes: Int { get set }
    var trustedRole: Bool { get set }
}

extension PostgresSettings: ConnectionSettings {}
extension MySQLSettings: ConnectionSettings {}
