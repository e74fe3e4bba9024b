import MySQL
import Postgres

/// A database server of `connections:` in `ttsite.yml`, which tables of `data:` run their
/// SQL in: PostgreSQL (and what speaks its protocol: Citus, CockroachDB, YugabyteDB,
/// Redshift, AlloyDB), or MySQL and MariaDB (and what speaks theirs: TiDB, Vitess,
/// SingleStore, PlanetScale).
public struct ServerConnection: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case postgres, mysql
    }

    public var name: String
    public var kind: Kind { settings.kind }
    /// Where the server is, how it is reached, and the bounds of every session (`seconds`,
    /// `rows`, `megabytes`). Never a password: the client library reads it from the
    /// environment or its own file (`PGPASSWORD` or `~/.pgpass`; `MYSQL_PWD` or `~/.my.cnf`).
    public var settings: ServerSettings
    /// The line of `ttsite.yml` that names it.
    public var line: Int?
}

/// A connection's settings, as its client library takes them.
public enum ServerSettings: Sendable, Equatable {
    case postgres(PostgresSettings)
    case mysql(MySQLSettings)

    public var kind: ServerConnection.Kind {
        switch self {
        case .postgres: .postgres
        case .mysql: .mysql
        }
    }

    /// The PostgreSQL settings, when the server is one.
    public var postgres: PostgresSettings? {
        if case .postgres(let settings) = self { settings } else { nil }
    }

    /// The MySQL settings, when the server is one.
    public var mysql: MySQLSettings? {
        if case .mysql(let settings) = self { settings } else { nil }
    }

    /// The host, port, database and user the client would use: what tells two servers apart.
    var resolved: (host: String, port: String, database: String, user: String) {
        switch self {
        case .postgres(let settings): settings.resolved
        case .mysql(let settings): settings.resolved
        }
    }

    /// `reporter@db.example.org:5432/sales`, never with a password.
    var described: String {
        switch self {
        case .postgres(let settings): settings.described
        case .mysql(let settings): settings.described
        }
    }

    /// The longest one query may run in the server.
    var seconds: Double {
        switch self {
        case .postgres(let settings): settings.seconds
        case .mysql(let settings): settings.seconds
        }
    }

    /// The product, as messages name the server.
    var product: String {
        switch self {
        case .postgres: "PostgreSQL"
        case .mysql: "MySQL"
        }
    }
}

/// A table of `data:` whose SQL runs in a database server (`connection:`): the result of
/// that SQL, not the server's tables, becomes the build's table, so a sum over 500 million
/// rows arrives as its 1,000.
public struct ServerTable: Sendable, Equatable {
    /// The table's name in the build's SQL.
    public var name: String
    public var connection: ServerConnection
    /// The SQL of `sql:`; empty when it is in `sqlFile`.
    public var sql: String
    /// `sql_file:`, the file holding the SQL, from the site folder; read with the sources.
    public var sqlFile: String?
    /// The indexes of the table (`index:`), as for a file's table.
    public var indexed: [[String]] = []
    /// The line of `ttsite.yml` that names the table.
    public var line: Int?
}
