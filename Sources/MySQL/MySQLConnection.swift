import CMariaDB
import Foundation

/// A connection to a MariaDB or MySQL server through MariaDB Connector/C, made bounded before
/// any SQL of the site runs in it:
///
/// - `time_zone = '+00:00'`: a `TIMESTAMP` is written in UTC, whatever the server's zone;
/// - `max_statement_time` (MariaDB) or `max_execution_time` (MySQL): the server stops a query
///   that runs longer than `seconds`; the client gives it up 5 s later (`armDeadline`);
/// - the character set is `utf8mb4`, so every text arrives as UTF-8;
/// - `LOAD DATA LOCAL` is off: a server cannot ask for a file of the machine that builds.
///
/// Read-only holds whatever the site's SQL says:
///
/// - the user's grants are read first: a user that may do more than read (`INSERT`, `CREATE`,
///   `FILE`, `SUPER`, `ALL PRIVILEGES`, `GRANT OPTION` … on anything) is refused unless the
///   connection says `trusted_role: true`;
/// - the SQL must start as a query does (`SELECT`, `WITH`, `VALUES`, `TABLE`), and must be one
///   statement: the client never allows several (`CLIENT_MULTI_STATEMENTS` is off), and a `;`
///   before more SQL is refused unrun;
/// - it is prepared before it runs: a statement that returns no columns is refused unrun;
/// - it runs inside `START TRANSACTION READ ONLY`, ended by `ROLLBACK`: a function that would
///   write is refused by the server.
public final class MySQLConnection: @unchecked Sendable {
    let handle: UnsafeMutablePointer<MYSQL>
    public let settings: MySQLSettings
    /// The server is MariaDB (else MySQL, or a server that speaks as it does).
    public let isMariaDB: Bool

    /// Connects and makes the connection bounded. A connection that does not open (no server, a
    /// wrong password, a certificate `sslmode` refuses) is a `.connection` error with the
    /// client library's words.
    public init(_ settings: MySQLSettings) throws(MySQLError) {
        self.settings = settings
        handle = try Self.open(settings)
        isMariaDB = String(cString: mysql_get_server_info(handle)).contains("MariaDB")
        // Once `handle` is set, a throw still runs `deinit`, which closes the connection.
        let limit =
            isMariaDB
            ? "max_statement_time = \(settings.seconds)"
            : "max_execution_time = \(max(1, Int((settings.seconds * 1000).rounded())))"
        do {
            try command("SET time_zone = '+00:00', \(limit)")
        } catch {
            throw MySQLError(
                .connection, "the server did not take the connection's settings (the time zone, the time limit): \(error.message)")
        }
        if !settings.trustedRole { try checkRole() }
    }

    /// A handle connected as `settings` say, or the error.
    private static func open(_ settings: MySQLSettings) throws(MySQLError) -> UnsafeMutablePointer<MYSQL> {
        guard let handle = mysql_init(nil) else { throw MySQLError(.connection, "the client library could not allocate a connection") }
        if let file = settings.optionFile { mysql_options(handle, MYSQL_READ_DEFAULT_FILE, file) }
        mysql_options(handle, MYSQL_READ_DEFAULT_GROUP, "client")
        mysql_options(handle, MYSQL_SET_CHARSET_NAME, "utf8mb4")
        var off: UInt32 = 0
        mysql_options(handle, MYSQL_OPT_LOCAL_INFILE, &off)
        var connectTimeout = UInt32(max(1, settings.connectSeconds))
        mysql_options(handle, MYSQL_OPT_CONNECT_TIMEOUT, &connectTimeout)
        // Past the client's own deadline: that one says it gave the query up.
        var ioTimeout = UInt32(min(Double(UInt32.max / 4), (settings.seconds + clientGrace).rounded(.up) + 1))
        mysql_options(handle, MYSQL_OPT_READ_TIMEOUT, &ioTimeout)
        mysql_options(handle, MYSQL_OPT_WRITE_TIMEOUT, &ioTimeout)
        mysql_options4(handle, MYSQL_OPT_CONNECT_ATTR_ADD, "program_name", "ttsite")
        // A port given means TCP, even to `localhost` (as for MariaDB's own tools since 10.6).
        if settings.port != nil {
            var tcp = MYSQL_PROTOCOL_TCP.rawValue
            mysql_options(handle, MYSQL_OPT_PROTOCOL, &tcp)
        }
        if let mode = settings.sslMode {
            // `MYSQL_OPT_SSL_ENFORCE` asks for TLS, and the library goes on without it when the
            // server offers none (unless it checks the certificate): `require` and the checks
            // are made sure of once connected. A certificate authority given makes the library
            // check the chain; `MYSQL_OPT_SSL_VERIFY_SERVER_CERT` adds the host's name.
            guard mode != .verifyCA || settings.sslRootCert != nil else {
                mysql_close(handle)
                throw MySQLError(
                    .connection, "`sslmode: verify-ca` needs `sslrootcert`, the authorities the server's certificate is checked against")
            }
            var enforce: my_bool = mode == .disable ? 0 : 1
            var verify: my_bool = mode == .verifyFull ? 1 : 0
            if mode != .disable {
                if let path = settings.sslRootCert { mysql_options(handle, MYSQL_OPT_SSL_CA, path) }
                if let path = settings.sslCert { mysql_options(handle, MYSQL_OPT_SSL_CERT, path) }
                if let path = settings.sslKey { mysql_options(handle, MYSQL_OPT_SSL_KEY, path) }
            }
            mysql_options(handle, MYSQL_OPT_SSL_ENFORCE, &enforce)
            mysql_options(handle, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &verify)
        }
        // No password: the library takes `MYSQL_PWD` or the option file's.
        let connected = mysql_real_connect(
            handle, settings.host, settings.user, nil, settings.database, UInt32(settings.port ?? 0), nil, 0)
        guard connected != nil else {
            let message = String(cString: mysql_error(handle))
            let code = Int(mysql_errno(handle))
            mysql_close(handle)
            throw MySQLError(.connection, message, code: code)
        }
        if let mode = settings.sslMode, mode != .disable, mode != .prefer, mysql_get_ssl_cipher(handle) == nil {
            mysql_close(handle)
            throw MySQLError(.connection, "the server does not offer TLS, and `sslmode: \(mode.rawValue)` requires it")
        }
        // Whatever an option file said: no file of this machine is sent to the server.
        handle.pointee.options.client_flag &= ~UInt(CLIENT_LOCAL_FILES)
        return handle
    }

    /// The client's own bound on a query (`armDeadline`): armed, for which query; fired; or off.
    private enum Deadline {
        case off
        case armed(query: Int)
        case fired
    }

    private let lock = NSLock()
    private var deadline = Deadline.off
    private var queries = 0
    /// The socket was shut down (a deadline, a result given up midway): the connection is not
    /// used again.
    private var abandoned = false

    /// How long past `settings.seconds` the client waits before it gives a query up: the
    /// server's own time limit ends a query first, and says so, while it can.
    static let clientGrace = 5.0

    deinit {
        disarmDeadline()
        if !lock.withLock({ abandoned }), handle.pointee.server_status & UInt32(SERVER_STATUS_IN_TRANS) != 0 {
            // A query's transaction is rolled back; closing would end it as well.
            _ = mysql_real_query(handle, "ROLLBACK", 8)
        }
        mysql_close(handle)
    }

    /// Bounds the query about to run on the client too: `seconds` and `clientGrace` from now,
    /// the connection's socket is shut down, which wakes whatever waits on it with an error;
    /// that error is then a `.timeout` (`timedOut(_:)`). The server stops a query whose
    /// client has gone when it next writes to it.
    func armDeadline() {
        let query = lock.withLock {
            queries += 1
            deadline = .armed(query: queries)
            return queries
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + settings.seconds + Self.clientGrace) { [weak self] in
            guard let self else { return }
            lock.withLock {
                guard case .armed(query) = deadline else { return }
                deadline = .fired
                abandonLocked()
            }
        }
    }

    /// The query has ended: the deadline no longer applies.
    func disarmDeadline() {
        lock.withLock {
            if case .armed = deadline { deadline = .off }
        }
    }

    /// Shuts the socket down, so that the server stops sending and a wait for it ends: how a
    /// result given up midway ends without reading the rest of it.
    func abandon() {
        lock.withLock { abandonLocked() }
    }

    private func abandonLocked() {
        guard !abandoned else { return }
        abandoned = true
        shutdown(Int32(mysql_get_socket(handle)), Int32(SHUT_RDWR))
    }

    /// `error`, or the `.timeout` it is when the client's deadline gave the query up.
    func timedOut(_ error: MySQLError) -> MySQLError {
        guard lock.withLock({ if case .fired = deadline { true } else { false } }) else { return error }
        return MySQLError(
            .timeout,
            "the server sent nothing for longer than the query may run (`seconds`, \(settings.seconds.formatted()) s) "
                + "and \(Self.clientGrace.formatted()) s more, so ttsite gave it up and closed the connection"
        )
    }

    /// Whether the connection is encrypted with TLS.
    public var usesTLS: Bool { mysql_get_ssl_cipher(handle) != nil }

    /// Sends `sql` and waits for the result's columns. The rows follow as
    /// `MySQLRows.forEachRow` reads them. Instants written without a zone (`DATETIME`) are read
    /// in `timeZone`.
    public func query(_ sql: String, timeZone: TimeZone) throws(MySQLError) -> MySQLRows {
        armDeadline()
        do {
            return try start(sql, timeZone: timeZone)
        } catch {
            disarmDeadline()
            throw timedOut(error)
        }
    }

    private func start(_ sql: String, timeZone: TimeZone) throws(MySQLError) -> MySQLRows {
        let statement = try SQLText.oneQuery(sql)
        try command("START TRANSACTION READ ONLY")
        // Prepared, not run: what the statement returns is known before it runs.
        guard let prepared = mysql_stmt_init(handle) else { throw MySQLError(.query, "the client library could not prepare the SQL") }
        let refused = mysql_stmt_prepare(prepared, statement, UInt(statement.utf8.count)) != 0
        let columns = mysql_stmt_field_count(prepared)
        let failure =
            refused ? Self.error(code: mysql_stmt_errno(prepared), mysql_stmt_error(prepared), mysql_stmt_sqlstate(prepared)) : nil
        mysql_stmt_close(prepared)
        if let failure { throw failure }
        guard columns > 0 else {
            throw MySQLError(
                .notAQuery, "the SQL returns no rows: it must be one query (a SELECT, a VALUES, a TABLE, a WITH …); it was not run")
        }
        guard mysql_real_query(handle, statement, UInt(statement.utf8.count)) == 0 else { throw error() }
        // Rows one at a time, as they arrive: a result of any size is held one row at a time.
        guard let result = mysql_use_result(handle) else {
            if mysql_errno(handle) != 0 { throw error() }
            throw MySQLError(.notAQuery, "the SQL returns no rows: it must be one query (a SELECT, a VALUES, a TABLE, a WITH …)")
        }
        return MySQLRows(connection: self, result: result, timeZone: timeZone)
    }

    /// Runs a statement of ttsite's own that returns no rows.
    func command(_ sql: String) throws(MySQLError) {
        guard mysql_real_query(handle, sql, UInt(sql.utf8.count)) == 0 else { throw error() }
        if let result = mysql_store_result(handle) { mysql_free_result(result) }
    }

    /// The rows of a statement of ttsite's own, each value a text (NULL as nil).
    func texts(_ sql: String) throws(MySQLError) -> [[String?]] {
        guard mysql_real_query(handle, sql, UInt(sql.utf8.count)) == 0 else { throw error() }
        guard let result = mysql_store_result(handle) else { throw error() }
        defer { mysql_free_result(result) }
        let width = Int(mysql_num_fields(result))
        var rows: [[String?]] = []
        while let row = mysql_fetch_row(result) {
            rows.append((0..<width).map { row[$0].map { String(cString: $0) } })
        }
        return rows
    }

    /// Ends the query's transaction, after its last row.
    func finish() {
        guard !lock.withLock({ abandoned }) else { return }
        _ = mysql_real_query(handle, "ROLLBACK", 8)
    }

    /// The connection's last error, sorted by what it means for the build.
    func error() -> MySQLError {
        Self.error(code: mysql_errno(handle), mysql_error(handle), mysql_sqlstate(handle))
    }

    /// An error of the server or the client library, sorted by what it means for the build: a
    /// write the read-only transaction refused, a query the time limit stopped, a connection
    /// that broke, or SQL the server refused.
    static func error(code: UInt32, _ text: UnsafePointer<CChar>?, _ state: UnsafePointer<CChar>?) -> MySQLError {
        let message = text.map { String(cString: $0) } ?? ""
        let sqlState = state.map { String(cString: $0) }.flatMap { $0.isEmpty || $0 == "00000" || $0 == "HY000" ? nil : $0 }
        let code = Int(code)
        switch code {
        // ER_STATEMENT_TIMEOUT (MariaDB), ER_QUERY_TIMEOUT (MySQL).
        case 1969, 3024: return MySQLError(.timeout, message, code: code, sqlState: sqlState ?? "70100")
        // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION; ER_OPTION_PREVENTS_STATEMENT (a read-only server).
        case 1792, 1290: return MySQLError(.write, message, code: code, sqlState: sqlState)
        // CR_SERVER_GONE_ERROR, CR_SERVER_LOST, CR_SSL_CONNECTION_ERROR (TLS's end of the
        // same), CR_SERVER_LOST_EXTENDED; the server's ER_SERVER_SHUTDOWN, ER_CONNECTION_KILLED.
        case 2006, 2013, 2026, 2055, 1053, 1927:
            return MySQLError(.lost, message.isEmpty ? "the server closed the connection" : message, code: code, sqlState: sqlState)
        default: return MySQLError(.query, message, code: code, sqlState: sqlState)
        }
    }
}
