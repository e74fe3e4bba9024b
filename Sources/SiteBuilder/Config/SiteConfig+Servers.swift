import Foundation
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
    ///
    /// A password is refused here: it comes from `PGPASSWORD` or `~/.pgpass`, never from a
    /// file that is kept in version control and copied around.
    static func connections(_ node: Node, _ reader: YAMLReader) throws -> [String: ServerConnection] {
        var connections: [String: ServerConnection] = [:]
        for (nameNode, entry) in try reader.mapping(node, "connections") {
            let name = nameNode.string ?? ""
            let context = "connections.\(name)"
            let settings = try reader.mapping(entry, context)
            if let password = settings.keys.first(where: { ["password", "passfile"].contains($0.string) }) {
                throw reader.error(
                    "`\(context).\(password.string ?? "")`: a password is never read from ttsite.yml; "
                        + "set `PGPASSWORD` in the build's environment, "
                        + "or give it a line in `~/.pgpass` (`host:port:database:user:password`, mode 0600)",
                    at: password)
            }
            try reader.requireKnownKeys(
                settings,
                [
                    "type", "host", "port", "database", "user", "sslmode", "sslrootcert", "sslcert", "sslkey",
                    "seconds", "rows", "megabytes", "trusted_role",
                ], context: context)
            guard let typeNode = settings["type"] else {
                throw reader.error("`\(context)` needs `type: postgres`", at: entry)
            }
            let typeText = try reader.string(typeNode, "type")
            guard let kind = ServerConnection.Kind(rawValue: typeText) else {
                throw reader.error(
                    "`\(context).type` must be \(ServerConnection.Kind.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")), "
                        + "found `\(typeText)`",
                    at: typeNode)
            }
            var postgres = PostgresSettings()
            let text = { (key: String) throws -> String? in try settings[key].map { try reader.string($0, "\(context).\(key)") } }
            postgres.host = try credentialFree(text("host"), settings["host"], "\(context).host", reader)
            postgres.database = try credentialFree(text("database"), settings["database"], "\(context).database", reader)
            postgres.user = try credentialFree(text("user"), settings["user"], "\(context).user", reader)
            postgres.sslRootCert = try text("sslrootcert")
            postgres.sslCert = try text("sslcert")
            postgres.sslKey = try text("sslkey")
            if let value = settings["port"] {
                let port = try reader.int(value, "\(context).port")
                guard (1...65535).contains(port) else {
                    throw reader.error("`\(context).port` must be from 1 to 65535, found \(port)", at: value)
                }
                postgres.port = port
            }
            if let value = settings["sslmode"] {
                let mode = try reader.string(value, "\(context).sslmode")
                guard let known = PostgresSettings.SSLMode(rawValue: mode) else {
                    throw reader.error(
                        "`\(context).sslmode` must be "
                            + "\(PostgresSettings.SSLMode.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")), found `\(mode)`",
                        at: value)
                }
                postgres.sslMode = known
            }
            if let value = settings["seconds"] {
                postgres.seconds = try reader.number(value, "\(context).seconds")
                guard postgres.seconds > 0, postgres.seconds <= 86_400 else {
                    throw reader.error("`\(context).seconds` must be more than 0 and at most 86400", at: value)
                }
            }
            if let value = settings["rows"] {
                postgres.rows = try reader.int(value, "\(context).rows")
                guard postgres.rows >= 1 else {
                    throw reader.error("`\(context).rows` must be a whole number of rows, 1 or more", at: value)
                }
            }
            if let value = settings["megabytes"] {
                let megabytes = try reader.number(value, "\(context).megabytes")
                guard megabytes > 0, megabytes <= 65_536 else {
                    throw reader.error("`\(context).megabytes` must be more than 0 and at most 65536", at: value)
                }
                postgres.bytes = Int(megabytes * 1_048_576)
            }
            if let value = settings["trusted_role"] {
                postgres.trustedRole = try reader.bool(value, "\(context).trusted_role")
            }
            connections[name] = ServerConnection(name: name, kind: kind, settings: postgres, line: nameNode.mark?.line)
        }
        return connections
    }

    /// `value` of `key`, refused — and not repeated in the message — when it looks like more
    /// than a host, database or user name: a connection URI (`postgresql://u:pw@db/sales`,
    /// which may carry a password), a `password=` of a connection string, or a `user:pw@`
    /// before a host. libpq would take such a value as a name and say it in its errors.
    private static func credentialFree(_ value: String?, _ node: Node?, _ key: String, _ reader: YAMLReader) throws -> String? {
        guard let value else { return nil }
        let lowered = value.lowercased()
        let what: String? =
            if lowered.contains("://") { "a URI" } else if lowered.replacingOccurrences(of: " ", with: "").contains("password=") {
                "a password setting"
            } else if key.hasSuffix(".host") && value.contains("@") { "a user (and maybe a password) before the host" } else { nil }
        guard let what else { return value }
        throw reader.error(
            "`\(key)` holds \(what), not shown here: give `host`, `port`, `database` and `user` each as a name of its own, "
                + "and the password through `PGPASSWORD` or a line in `~/.pgpass` (`host:port:database:user:password`, "
                + "mode 0600), never in ttsite.yml",
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
