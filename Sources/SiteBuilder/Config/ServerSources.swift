import Postgres

/// A database server of `connections:` in `ttsite.yml`, which tables of `data:` run their
/// SQL in. PostgreSQL is the one kind so far (and what speaks its protocol: Citus,
/// CockroachDB, YugabyteDB, Redshift, AlloyDB).
public struct ServerConnection: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case postgres
    }

    public var name: String
    public var kind: Kind
    /// Where the server is, how it is reached, and the bounds of every session (`seconds`,
    /// `rows`, `megabytes`). Never a password: libpq reads it from `PGPASSWORD` or `~/.pgpass`.
    public var settings: PostgresSettings
    /// The line of `ttsite.yml` that names it.
    public var line: Int?
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
