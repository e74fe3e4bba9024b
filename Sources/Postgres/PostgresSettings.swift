import CLibPQ
import Foundation

/// Where a PostgreSQL server is and how to reach it, and the bounds every session keeps.
///
/// There is no password here: libpq reads it from `PGPASSWORD` or the password file
/// (`~/.pgpass`, or `PGPASSFILE`) when the server asks for one, as every PostgreSQL tool does.
/// A setting left out is libpq's: its `PG…` variable (`PGHOST`, `PGUSER` …), else its default.
public struct PostgresSettings: Sendable, Hashable {
    /// A host name, an IP address, or a folder holding the server's Unix socket.
    public var host: String?
    public var port: Int?
    public var database: String?
    public var user: String?
    /// `disable`, `allow`, `prefer` (libpq's default), `require`, `verify-ca`, `verify-full`.
    public var sslMode: SSLMode?
    /// The certificate authorities a server's certificate must be signed by (`verify-ca`,
    /// `verify-full`).
    public var sslRootCert: String?
    /// A client certificate and its key, for servers that ask for one.
    public var sslCert: String?
    public var sslKey: String?
    /// The longest a query may run in the server, in seconds (its `statement_timeout`).
    public var seconds = 60.0
    /// The longest the connection may take to open, in seconds.
    public var connectSeconds = 10
    /// The most rows a result may have.
    public var rows = 10_000_000
    /// The most bytes a result's values may hold, as the server sends them as text.
    public var bytes = 2 * 1024 * 1024 * 1024
    /// Run SQL as a role that may do more than read (a superuser; a member of
    /// `pg_write_server_files`, `pg_execute_server_program` or `pg_read_server_files`):
    /// refused unless this says the site's author trusts every line of its SQL.
    public var trustedRole = false

    public enum SSLMode: String, Sendable, Hashable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public init() {}

    /// libpq's keywords and values for `PQconnectdbParams`, the settings given and no others.
    /// `application_name` shows the server's administrators who is asking.
    var keywords: [(String, String)] {
        var list: [(String, String)] = []
        if let host { list.append(("host", host)) }
        if let port { list.append(("port", String(port))) }
        if let database { list.append(("dbname", database)) }
        if let user { list.append(("user", user)) }
        if let sslMode { list.append(("sslmode", sslMode.rawValue)) }
        if let sslRootCert { list.append(("sslrootcert", sslRootCert)) }
        if let sslCert { list.append(("sslcert", sslCert)) }
        if let sslKey { list.append(("sslkey", sslKey)) }
        list.append(("connect_timeout", String(connectSeconds)))
        list.append(("application_name", "ttsite"))
        return list
    }

    /// The host, port, database and user a connection would use, each as given or as libpq
    /// fills it in from its `PG…` variables and defaults: what tells two servers apart, and no
    /// password. `PGHOST=db1` and `PGHOST=db2` are two servers, though `ttsite.yml` is the same.
    public var resolved: (host: String, port: String, database: String, user: String) {
        var values: [String: String] = [:]
        if let defaults = PQconndefaults() {
            var option = defaults
            while let keyword = option.pointee.keyword {
                if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
                option += 1
            }
            PQconninfoFree(defaults)
        }
        for (keyword, value) in keywords { values[keyword] = value }
        let user = values["user"] ?? ""
        return (
            values["host"] ?? values["hostaddr"] ?? "", values["port"] ?? "5432",
            values["dbname"].flatMap { $0.isEmpty ? nil : $0 } ?? user, user
        )
    }

    /// `reporter@db.example.org:5432/sales`: the server as messages name it (never with a
    /// password, which these settings do not hold).
    public var described: String {
        let (host, port, database, user) = resolved
        let place = host.hasPrefix("/") || host.isEmpty ? "socket \(host.isEmpty ? "default" : host)" : host
        return "\(user)@\(place):\(port)/\(database)"
    }
}
