import Foundation

/// Where a MariaDB or MySQL server is and how to reach it, and the bounds every connection keeps.
///
/// There is no password here: the client library reads it from `MYSQL_PWD` or from the option
/// file's `[client]` group (`~/.my.cnf`, or `optionFile`), as the `mariadb` and `mysql` tools
/// do. A setting left out is the option file's, else the library's default (`localhost`, which
/// is the server's Unix socket; port 3306; the login name as the user).
public struct MySQLSettings: Sendable, Hashable {
    /// A host name or an IP address; `localhost` is the server's Unix socket unless a port is
    /// given (as for MariaDB's own tools).
    public var host: String?
    public var port: Int?
    public var database: String?
    public var user: String?
    /// `disable`, `prefer` (TLS when the server offers it, unchecked), `require` (TLS, its
    /// certificate unchecked), `verify-ca` (signed by `sslRootCert`), `verify-full` (and made
    /// out to the host). Left out, the option file's or the library's default.
    public var sslMode: SSLMode?
    /// The certificate authorities a server's certificate must be signed by (`verify-ca`,
    /// `verify-full`).
    public var sslRootCert: String?
    /// A client certificate and its key, for servers that ask for one.
    public var sslCert: String?
    public var sslKey: String?
    /// An option file read instead of the usual ones (`/etc/mysql/my.cnf`, `~/.my.cnf` …):
    /// its `[client]` group, as `--defaults-file` does for the `mariadb` tool.
    public var optionFile: String?
    /// The longest a query may run in the server, in seconds (MariaDB's `max_statement_time`,
    /// MySQL's `max_execution_time`), and, 5 s later, on the client.
    public var seconds = 60.0
    /// The longest the connection may take to open, in seconds.
    public var connectSeconds = 10
    /// The most rows a result may have.
    public var rows = 10_000_000
    /// The most bytes a result's values may hold, as the server sends them as text.
    public var bytes = 2 * 1024 * 1024 * 1024
    /// Run SQL as a user that may do more than read (`INSERT`, `CREATE`, `FILE`, `SUPER`,
    /// `ALL PRIVILEGES`, `GRANT OPTION` … anywhere): refused unless this says the site's
    /// author trusts every line of its SQL.
    public var trustedRole = false

    public enum SSLMode: String, Sendable, Hashable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public init() {}

    /// The port a connection uses over TCP when none is given (nor in the option file).
    public static let defaultPort = 3306

    /// The host, port, database and user a connection would use, each as given or as the
    /// client library fills it in from its variables (`MYSQL_TCP_PORT`, `USER`)
    /// and defaults: what tells two servers apart, and no password. What an option file says
    /// is not read here: it is the library's, at the connection.
    public var resolved: (host: String, port: String, database: String, user: String) {
        let environment = ProcessInfo.processInfo.environment
        let host = host ?? "localhost"
        let port = port.map(String.init) ?? environment["MYSQL_TCP_PORT"] ?? String(Self.defaultPort)
        let user = user ?? environment["USER"] ?? ""
        return (host, port, database ?? "", user)
    }

    /// `reporter@db.example.org:3306/sales`: the server as messages name it (never with a
    /// password, which these settings do not hold).
    public var described: String {
        let (host, port, database, user) = resolved
        let place = host == "localhost" && self.port == nil ? "socket localhost" : host
        return "\(user)@\(place):\(port)/\(database)"
    }
}
