/// Why a MariaDB or MySQL source gave no table, in words for a site author: the server's own
/// message, and what it means for the build. Never holds a password (the client library's
/// messages do not repeat one, and the settings hold none).
public struct MySQLError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// No connection: the server is down or unreachable, refused the login (a wrong
        /// password, no such user or database), or its certificate did not pass `sslmode`.
        case connection
        /// The server refused the SQL (a syntax error, no such table), with its message.
        case query
        /// The SQL would write: the read-only transaction refused it.
        case write
        /// The query ran longer than `seconds` and the server stopped it, or the client gave
        /// it up.
        case timeout
        /// The result had more rows, or more bytes, than the source allows.
        case limit
        /// The connection broke while the result was arriving.
        case lost
        /// The SQL is not one query that returns rows (a `SET`, two statements, nothing).
        case notAQuery
        /// The user may do more than read (`INSERT`, `FILE`, `SUPER`, `ALL PRIVILEGES` …),
        /// and the connection does not say `trusted_role: true`.
        case role
    }

    public var kind: Kind
    public var message: String
    /// The server's error number (`1146`, `1969`) or the client library's (`2013`), when
    /// there was one.
    public var code: Int?
    /// The SQLSTATE the server gave with it (`42S02`, `25006`), when it gave one.
    public var sqlState: String?
    /// The setting whose limit a `.limit` error hit: `rows` or `megabytes`.
    public var setting: String?

    public init(_ kind: Kind, _ message: String, code: Int? = nil, sqlState: String? = nil) {
        self.kind = kind
        self.message = message
        self.code = code
        self.sqlState = sqlState
    }

    public var description: String { message }
}
