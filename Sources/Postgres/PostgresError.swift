/// Why a PostgreSQL source gave no table, in words for a site author: the server's own
/// message, and what it means for the build. Never holds a password (libpq's messages do not
/// repeat one, and the settings hold none).
public struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// No connection: the server is down or unreachable, refused the login (a wrong
        /// password, no such user or database), or its certificate did not pass `sslmode`.
        case connection
        /// The server refused the SQL (a syntax error, no such table), with its message.
        case query
        /// The SQL would write: the read-only session refused it.
        case write
        /// The query ran longer than `seconds` and the server cancelled it.
        case timeout
        /// The result had more rows, or more bytes, than the source allows.
        case limit
        /// The connection broke while the result was arriving.
        case lost
        /// The SQL is not one query that returns rows (a `SET`, two statements, nothing).
        case notAQuery
        /// The role may do more than read (a superuser, or a member of the roles that write
        /// or read the server's files or run programs there), and the connection does not
        /// say `trusted_role: true`.
        case role
    }

    public var kind: Kind
    public var message: String
    /// The server's SQLSTATE code (`42P01`, `25006`), when it gave one.
    public var sqlState: String?
    /// The character (not byte) offset into the SQL, from 1, of the error, when the server
    /// gave one: `PG_DIAG_STATEMENT_POSITION`.
    public var position: Int?
    /// The setting whose limit a `.limit` error hit: `rows` or `megabytes`.
    public var setting: String?

    public init(_ kind: Kind, _ message: String, sqlState: String? = nil, position: Int? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.position = position
    }

    public var description: String { message }
}
