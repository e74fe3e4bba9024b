import CLibPQ
import Foundation

/// A session with a PostgreSQL server through libpq, made read-only and bounded before any
/// SQL of the site runs in it:
///
/// - `default_transaction_read_only = on`: a statement that writes (`INSERT`, `CREATE`, a
///   `WITH … DELETE`) is refused by the server itself;
/// - `statement_timeout`: the server cancels a query that runs longer than `seconds`;
/// - `TimeZone = 'UTC'`, `DateStyle = 'ISO, YMD'`, `extra_float_digits = 3`: the texts of
///   instants, dates and floating-point numbers are the same whatever the server's settings,
///   and a double comes back as the same double.
///
/// These are `SET` statements sent after the login, not startup options: a connection pooler
/// (PgBouncer) and several servers that speak PostgreSQL's protocol refuse the `options`
/// startup parameter.
///
/// Read-only holds whatever the site's SQL says:
///
/// - the role is read first: a superuser, or a member of `pg_write_server_files`,
///   `pg_execute_server_program` or `pg_read_server_files` (who may write a server file with
///   `lo_export`, run a shell command with `COPY … TO PROGRAM`), is refused unless the
///   connection says `trusted_role: true`;
/// - the SQL must start as a query does (`SELECT`, `WITH`, `VALUES`, `TABLE`): `DO`, `CALL`,
///   `COPY`, `SET` and the rest are refused unrun;
/// - it is prepared (the extended protocol takes exactly one statement:
///   `SET default_transaction_read_only = off; DELETE …` is refused as two) and described
///   before it runs: a statement that returns no columns is refused unrun;
/// - it runs inside `BEGIN TRANSACTION READ ONLY`, ended by `ROLLBACK`: a procedure cannot
///   `COMMIT` its way out of a transaction block it did not start.
public final class PostgresConnection: @unchecked Sendable {
    let handle: OpaquePointer
    public let settings: PostgresSettings

    /// Connects and makes the session read-only and bounded. A connection that does not open
    /// (no server, a wrong password, a certificate `sslmode` refuses) is a `.connection` error
    /// with libpq's words.
    public init(_ settings: PostgresSettings) throws(PostgresError) {
        self.settings = settings
        let pairs = settings.keywords + [("client_encoding", "UTF8")]
        let keywords = pairs.map { strdup($0.0) } + [nil]
        let values = pairs.map { strdup($0.1) } + [nil]
        defer { for pointer in keywords + values { free(pointer) } }
        let connection = keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { keywordList in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valueList in
                PQconnectdbParams(keywordList.baseAddress, valueList.baseAddress, 0)
            }
        }
        guard let connection else { throw PostgresError(.connection, "libpq could not allocate a connection") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.words(PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(.connection, message)
        }
        handle = connection
        let milliseconds = max(1, Int((settings.seconds * 1000).rounded()))
        let session =
            "SET default_transaction_read_only = on; SET statement_timeout = \(milliseconds); "
            + "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET extra_float_digits = 3"
        let result = PQexec(handle, session)
        defer { PQclear(result) }
        // Once `handle` is set, a throw still runs `deinit`, which closes the connection:
        // closing it here too would free it twice.
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            let error = Self.error(of: result, on: handle)
            throw PostgresError(.connection, "the server did not take the session's settings (read-only, the time limit): \(error.message)")
        }
        if !settings.trustedRole { try checkRole() }
    }

    /// The client's own bound on a query (`armDeadline`): armed, holding the cancel request
    /// it sends when the time is up; fired; or off.
    private enum Deadline {
        case off
        /// The cancel request, and which query's deadline it is: a timer left from an
        /// earlier query of the connection does not fire on a later one.
        case armed(OpaquePointer?, query: Int)
        case fired
    }

    private let deadlineLock = NSLock()
    private var deadline = Deadline.off
    private var queries = 0

    /// How long past `settings.seconds` the client waits before it gives a query up: the
    /// server's own `statement_timeout` ends a query first, and says so, while it can.
    static let clientGrace = 5.0

    deinit {
        disarmDeadline()
        // A query's transaction is rolled back; closing would end it as well.
        if PQstatus(handle) == CONNECTION_OK,
            PQtransactionStatus(handle) == PQTRANS_INTRANS || PQtransactionStatus(handle) == PQTRANS_INERROR
        {
            PQclear(PQexec(handle, "ROLLBACK"))
        }
        PQfinish(handle)
    }

    /// What the role may do besides read, asked of the server: a superuser, and membership
    /// (direct or not) of the roles that reach the server's files and programs. A server
    /// without `pg_roles` (not PostgreSQL itself) cannot say: refused too.
    static let roleQuery = """
        SELECT current_user, r.rolsuper,
          coalesce((SELECT pg_has_role(current_user, p.oid, 'MEMBER') FROM pg_roles p WHERE p.rolname = 'pg_write_server_files'), false),
          coalesce((SELECT pg_has_role(current_user, p.oid, 'MEMBER') FROM pg_roles p WHERE p.rolname = 'pg_execute_server_program'),
            false),
          coalesce((SELECT pg_has_role(current_user, p.oid, 'MEMBER') FROM pg_roles p WHERE p.rolname = 'pg_read_server_files'), false)
        FROM pg_roles r WHERE r.rolname = current_user
        """

    private func checkRole() throws(PostgresError) {
        let result = PQexec(handle, Self.roleQuery)
        defer { PQclear(result) }
        let advice =
            "connect as a role that may only read (`GRANT SELECT` on what the site shows; see the PostgreSQL page of the docs), "
            + "or set `trusted_role: true` on the connection if every line of the site's SQL is trusted"
        guard PQresultStatus(result) == PGRES_TUPLES_OK, PQntuples(result) == 1, PQnfields(result) == 5 else {
            let why = PQresultStatus(result) == PGRES_TUPLES_OK ? "the role is not in pg_roles" : Self.error(of: result, on: handle).message
            throw PostgresError(.role, "could not find out what the role may do besides read (\(why)); \(advice)")
        }
        let value = { (column: Int32) in String(cString: PQgetvalue(result, 0, column)) }
        let powers = [
            (1, "a superuser"), (2, "a member of pg_write_server_files (it may write the server's files)"),
            (3, "a member of pg_execute_server_program (it may run programs on the server)"),
            (4, "a member of pg_read_server_files (it may read the server's files)"),
        ]
        .filter { value(Int32($0.0)) == "t" }.map(\.1)
        guard powers.isEmpty else {
            throw PostgresError(
                .role,
                "the role `\(value(0))` is \(powers.joined(separator: ", ")): "
                    + "SQL run as it could change the server whatever ttsite does; \(advice)"
            )
        }
    }

    /// The first word of `sql` past blanks, comments and opening parentheses, in lower case.
    static func firstWord(of sql: String) -> String {
        var rest = Substring(sql)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "(" }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
                rest = rest[end.upperBound...]
            } else {
                break
            }
        }
        return rest.prefix { $0.isLetter }.lowercased()
    }

    /// The words a query may start with.
    static let queryWords: Set<String> = ["select", "with", "values", "table"]

    /// Bounds the query about to run on the client too: `seconds` and `clientGrace` from now,
    /// a server that has sent nothing it was waiting for (a backend stopped, a network that
    /// drops packets) is asked to cancel, and the connection's socket is shut down, which
    /// wakes whatever waits on it with an error; that error is then a `.timeout`
    /// (`timedOut(_:)`). The connection is not used again.
    func armDeadline() {
        let cancel = PQgetCancel(handle)
        let socket = PQsocket(handle)
        let query = deadlineLock.withLock {
            queries += 1
            deadline = .armed(cancel, query: queries)
            return queries
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + settings.seconds + Self.clientGrace) { [weak self] in
            guard let self else { return }
            let request = deadlineLock.withLock { () -> OpaquePointer?? in
                guard case .armed(let cancel, query) = deadline else { return nil }
                deadline = .fired
                // Under the lock: the socket is not closed (`disarmDeadline` comes first).
                shutdown(socket, Int32(SHUT_RDWR))
                return .some(cancel)
            }
            if case .some(.some(let cancel)) = request {
                var buffer = [CChar](repeating: 0, count: 256)
                _ = PQcancel(cancel, &buffer, Int32(buffer.count))
                PQfreeCancel(cancel)
            }
        }
    }

    /// The query has ended: the deadline no longer applies.
    func disarmDeadline() {
        deadlineLock.withLock {
            if case .armed(let cancel, _) = deadline { PQfreeCancel(cancel) }
            if case .armed = deadline { deadline = .off }
        }
    }

    /// `error`, or the `.timeout` it is when the client's deadline gave the query up.
    func timedOut(_ error: PostgresError) -> PostgresError {
        guard deadlineLock.withLock({ if case .fired = deadline { true } else { false } }) else { return error }
        return PostgresError(
            .timeout,
            "the server sent nothing for longer than the query may run (`seconds`, \(settings.seconds.formatted()) s) "
                + "and \(Self.clientGrace.formatted()) s more, so ttsite gave it up and asked the server to cancel it"
        )
    }

    /// Whether the connection is encrypted with TLS.
    public var usesTLS: Bool { PQsslInUse(handle) == 1 }

    /// Sends `sql` and waits for the result's first row (or its end, for no rows): the
    /// columns are then known. The rows follow as `PostgresRows.forEachRow` reads them.
    /// Instants written without a zone (`timestamp`) are read in `timeZone`.
    public func query(_ sql: String, timeZone: TimeZone) throws(PostgresError) -> PostgresRows {
        armDeadline()
        do {
            return try start(sql, timeZone: timeZone)
        } catch {
            disarmDeadline()
            throw timedOut(error)
        }
    }

    private func start(_ sql: String, timeZone: TimeZone) throws(PostgresError) -> PostgresRows {
        let word = Self.firstWord(of: sql)
        guard Self.queryWords.contains(word) else {
            let what = word.isEmpty ? "holds no statement" : "starts with `\(word.uppercased())`"
            throw PostgresError(
                .notAQuery,
                "the SQL \(what): it must be one query that returns rows (`SELECT`, `WITH`, `VALUES` or `TABLE`); "
                    + "`DO`, `CALL`, `COPY`, `SET` and the like are refused unrun"
            )
        }
        try command("BEGIN TRANSACTION READ ONLY")
        let prepared = PQprepare(handle, "", sql, 0, nil)
        guard PQresultStatus(prepared) == PGRES_COMMAND_OK else {
            let error = Self.error(of: prepared, on: handle)
            PQclear(prepared)
            throw error
        }
        PQclear(prepared)
        let description = PQdescribePrepared(handle, "")
        defer { PQclear(description) }
        guard PQresultStatus(description) == PGRES_COMMAND_OK else { throw Self.error(of: description, on: handle) }
        guard PQnfields(description) > 0 else {
            throw PostgresError(
                .notAQuery, "the SQL returns no rows: it must be one query (a SELECT, a VALUES, a TABLE, a WITH …); it was not run")
        }
        guard PQsendQueryPrepared(handle, "", 0, nil, nil, nil, 0) == 1 else {
            throw PostgresError(PQstatus(handle) == CONNECTION_OK ? .query : .lost, Self.words(PQerrorMessage(handle)))
        }
        // Rows one at a time, as they arrive: a result of any size is held one row at a time.
        _ = PQsetSingleRowMode(handle)
        let first = PQgetResult(handle)
        switch PQresultStatus(first) {
        case PGRES_SINGLE_TUPLE, PGRES_TUPLES_OK:
            return PostgresRows(connection: self, first: first!, timeZone: timeZone)
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            PQclear(first)
            drain()
            throw PostgresError(.notAQuery, "the SQL returns no rows: it must be one query (a SELECT, a VALUES, a TABLE, a WITH …)")
        default:
            let error = Self.error(of: first, on: handle)
            PQclear(first)
            drain()
            throw error
        }
    }

    /// Runs a statement of ttsite's own that returns no rows.
    private func command(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else { throw Self.error(of: result, on: handle) }
    }

    /// Asks the server to stop the query running, then reads what is left of its result.
    func cancel() {
        if let cancel = PQgetCancel(handle) {
            var buffer = [CChar](repeating: 0, count: 256)
            _ = PQcancel(cancel, &buffer, Int32(buffer.count))
            PQfreeCancel(cancel)
        }
        drain()
    }

    /// Reads and lets go of every result still coming, so the connection is idle again.
    func drain() {
        while let result = PQgetResult(handle) { PQclear(result) }
    }

    /// The error of a failed result, sorted by what it means for the build: a write the
    /// read-only session refused, a query the time limit cancelled, a connection that broke,
    /// or SQL the server refused (with the position it names).
    static func error(of result: OpaquePointer?, on handle: OpaquePointer) -> PostgresError {
        let field = { (code: Character) -> String? in
            PQresultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) }
        }
        let state = field("C")
        var message = field("M") ?? words(PQerrorMessage(handle))
        if let detail = field("D") { message += " (\(detail))" }
        if let hint = field("H") { message += "; hint: \(hint)" }
        let position = field("P").flatMap { Int($0) }
        if PQstatus(handle) != CONNECTION_OK || state?.hasPrefix("08") == true || state?.hasPrefix("57P") == true {
            return PostgresError(.lost, message.isEmpty ? "the server closed the connection" : message, sqlState: state)
        }
        switch state {
        case "25006": return PostgresError(.write, message, sqlState: state, position: position)
        case "57014": return PostgresError(.timeout, message, sqlState: state)
        case "42601" where message.contains("multiple commands"):
            return PostgresError(.notAQuery, "the SQL must be one statement, not several: \(message)", sqlState: state)
        default: return PostgresError(.query, message, sqlState: state, position: position)
        }
    }

    /// libpq's message on one line, without its trailing newline or its `FATAL:  ` prefix.
    static func words(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "" }
        return String(cString: text)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
            .replacingOccurrences(of: "FATAL:  ", with: "")
            .replacingOccurrences(of: "ERROR:  ", with: "")
    }
}
