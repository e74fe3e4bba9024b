import CMariaDB
import Crypto
import DataTables
import Foundation

/// A query's result as it arrives: the columns, known before its first row, and the rows,
/// read once by `forEachRow`.
///
/// The rows are received and turned into table values on a thread of their own while the
/// caller stores them (SQLite's inserts take as long as the receiving), and handed over in
/// batches through a queue of a few batches: a result of any size holds a few thousand rows
/// in memory at a time, never all of them. A result with more rows or bytes than the
/// settings allow is given up midway (the connection's socket shut down, so the server stops)
/// and is an error, as is a connection that breaks.
public final class MySQLRows: BatchedRowSource, @unchecked Sendable {
    public let columns: [Column]
    private let connection: MySQLConnection
    private let described: [MySQLColumn]
    private var result: UnsafeMutablePointer<MYSQL_RES>?

    /// After `forEachRow`: the rows given.
    public private(set) var count = 0
    /// After `forEachRow`: the SHA-256 of the columns' names and types and every value as
    /// the server wrote it, in hex; equal digests, equal tables.
    public private(set) var digest = ""
    /// After `forEachRow`: values the table could not hold as written, as warnings
    /// ("column `born`: 2 values `0000-00-00` stored as NULL").
    public private(set) var notes: [String] = []

    /// Rows a batch holds: enough that handing one over (a lock, perhaps a wake-up) costs
    /// nothing beside its rows.
    static let batchRows = 4096
    /// Batches waiting at most.
    static let queuedBatches = 3

    init(connection: MySQLConnection, result: UnsafeMutablePointer<MYSQL_RES>, timeZone: TimeZone) {
        self.connection = connection
        self.result = result
        let count = Int(mysql_num_fields(result))
        let fields = mysql_fetch_fields(result)!
        described = (0..<count).map { index in
            let field = fields[index]
            return MySQLColumn(
                name: String(cString: field.name), fieldType: field.type.rawValue, flags: field.flags, length: Int(field.length),
                decimals: Int(field.decimals), charset: field.charsetnr, timeZone: timeZone)
        }
        columns = described.map { Column($0.name, $0.type) }
    }

    deinit {
        if let result {
            connection.abandon()
            mysql_free_result(result)
            connection.disarmDeadline()
        }
    }

    /// Each row as values of SQLite's storage classes (a boolean as 0 or 1, a date or an
    /// instant as its text), as `forEachBatch` gives them.
    public func forEachRow(_ body: ([TableValue]) throws -> Void) throws {
        let width = columns.count
        try forEachBatch { batch in try batch.forEachRow(columns: width, body) }
    }

    public func forEachBatch(_ body: (RowBatch) throws -> Void) throws {
        guard let result else { preconditionFailure("a MySQL result is read once") }
        self.result = nil
        let queue = BatchQueue<MySQLError>(capacity: Self.queuedBatches)
        let receiver = Receiver(connection: connection, columns: described, result: result, queue: queue)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            receiver.run()
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        var taken = false
        defer {
            queue.stop()
            // The receiver may be waiting for the server when the storing side gives up: only
            // the socket's shutdown wakes it.
            if !taken { connection.abandon() }
            done.wait()
            connection.disarmDeadline()
        }
        while let batch = try queue.take() {
            try body(batch)
            queue.giveBack(consume batch)
        }
        taken = true
        count = receiver.count
        digest = receiver.digest
        notes = receiver.unheld.notes(columns: described)
    }
}

/// Receives the rows on its own thread: each row's values read from the client library,
/// counted against the limits, added to the digest, and put into the queue a batch at a time.
private final class Receiver: @unchecked Sendable {
    let connection: MySQLConnection
    let columns: [MySQLColumn]
    let result: UnsafeMutablePointer<MYSQL_RES>
    let queue: BatchQueue<MySQLError>
    var count = 0
    var digest = ""
    var unheld = UnheldMySQLValues()
    private var hashed: [UInt8] = []

    init(connection: MySQLConnection, columns: [MySQLColumn], result: UnsafeMutablePointer<MYSQL_RES>, queue: BatchQueue<MySQLError>) {
        self.connection = connection
        self.columns = columns
        self.result = result
        self.queue = queue
        hashed.reserveCapacity(1 << 16)
        for column in columns {
            hashed += Array(column.name.utf8) + [0]
            withUnsafeBytes(of: column.fieldType.littleEndian) { hashed += $0 }
            hashed += Array(column.type.rawValue.utf8) + [0]
        }
    }

    func run() {
        // Locals, not the object's properties, in the loop: each access to a class's property
        // is checked for exclusivity at run time.
        var count = 0
        var bytes = 0
        var unheld = UnheldMySQLValues()
        var hashed = self.hashed
        var hasher = SHA256()
        let settings = connection.settings
        var batch = queue.emptyBatch()
        var scratch: [UInt8] = []
        scratch.reserveCapacity(64)
        let width = columns.count
        while let row = mysql_fetch_row(result) {
            let lengths = mysql_fetch_lengths(result)!
            for index in 0..<width {
                guard let value = row[index] else {
                    batch.appendNull()
                    hashed += [0xFF, 0xFF, 0xFF, 0xFF]
                    continue
                }
                let length = Int(lengths[index])
                let text = UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: length)
                bytes += length
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian) { hashed += $0 }
                hashed += text
                columns[index].append(text, to: &batch, column: index, unheld: &unheld, scratch: &scratch)
            }
            batch.endRow()
            count += 1
            if hashed.count >= 1 << 16 {
                hasher.update(data: hashed)
                hashed.removeAll(keepingCapacity: true)
            }
            if count > settings.rows {
                var error = MySQLError(.limit, "the result has more than \(settings.rows.formatted()) rows, the source's limit")
                error.setting = "rows"
                return fail(error)
            }
            if bytes > settings.bytes {
                var error = MySQLError(.limit, "the result holds more than \(settings.bytes / 1_048_576) MB, the source's limit")
                error.setting = "megabytes"
                return fail(error)
            }
            if batch.rows == MySQLRows.batchRows {
                guard queue.put(batch) else { return fail(nil) }
                batch = queue.emptyBatch()
            }
        }
        if mysql_errno(connection.handle) != 0 {
            let error = connection.error()
            // Midway, any error of the client library's own (2000 to 2999) is the connection's.
            let lost =
                error.kind == .lost || (2000..<3000).contains(error.code ?? 0)
                ? MySQLError(.lost, "the connection broke after \(count.formatted()) rows: \(error.message)", code: error.code) : error
            mysql_free_result(result)
            return queue.finish(.failure(connection.timedOut(lost)))
        }
        mysql_free_result(result)
        connection.finish()
        hasher.update(data: hashed)
        digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        // Before the last batch and the end are handed over: the taker reads them then.
        self.count = count
        self.unheld = unheld
        if batch.rows > 0, !queue.put(batch) { return }
        queue.finish(.success(()))
    }

    /// Gives the rest of the result up: the socket shut down, so that freeing the result
    /// reads nothing more.
    private func fail(_ error: MySQLError?) {
        connection.abandon()
        mysql_free_result(result)
        if let error { queue.finish(.failure(error)) }
    }
}
