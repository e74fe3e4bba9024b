import CLibPQ
import Crypto
import DataTables
import Foundation

/// A query's result as it arrives: the columns, known from its first row, and the rows,
/// read once by `forEachRow`.
///
/// The rows are received and turned into table values on a thread of their own while the
/// caller stores them (SQLite's inserts take as long as the receiving), and handed over in
/// batches through a queue of a few batches: a result of any size holds a few thousand rows
/// in memory at a time, never all of them. A result with more rows or bytes than the
/// settings allow is cancelled in the server and is an error, as is a connection that breaks.
public final class PostgresRows: BatchedRowSource, @unchecked Sendable {
    public let columns: [Column]
    private let connection: PostgresConnection
    private let described: [PostgresColumn]
    private var first: OpaquePointer?

    /// After `forEachRow`: the rows given.
    public private(set) var count = 0
    /// After `forEachRow`: the SHA-256 of the columns' names and types and every value as
    /// the server wrote it, in hex; equal digests, equal tables.
    public private(set) var digest = ""
    /// After `forEachRow`: values the table could not hold as written, as warnings
    /// ("column `valid_to`: 2 values `infinity` stored as NULL").
    public private(set) var notes: [String] = []

    /// Rows a batch holds: enough that handing one over (a lock, perhaps a wake-up) costs
    /// nothing beside its rows. 512 spent a fifth of the time in the kernel's wake-ups.
    static let batchRows = 4096
    /// Batches waiting at most.
    static let queuedBatches = 3

    init(connection: PostgresConnection, first: OpaquePointer, timeZone: TimeZone) {
        self.connection = connection
        self.first = first
        described = (0..<PQnfields(first)).map { index in
            PostgresColumn(
                name: String(cString: PQfname(first, index)), oid: PQftype(first, index), typmod: PQfmod(first, index), timeZone: timeZone)
        }
        columns = described.map { Column($0.name, $0.type) }
    }

    deinit {
        if let first {
            PQclear(first)
            connection.cancel()
        }
    }

    /// Each row as values of SQLite's storage classes (a boolean as 0 or 1, a date or an
    /// instant as its text), as `forEachBatch` gives them.
    public func forEachRow(_ body: ([TableValue]) throws -> Void) throws {
        let width = columns.count
        try forEachBatch { batch in try batch.forEachRow(columns: width, body) }
    }

    public func forEachBatch(_ body: (RowBatch) throws -> Void) throws {
        guard let first else { preconditionFailure("a PostgreSQL result is read once") }
        self.first = nil
        let queue = BatchQueue<PostgresError>(capacity: Self.queuedBatches)
        let receiver = Receiver(connection: connection, columns: described, first: first, queue: queue)
        // Made here, used from here: the receiver may be waiting for the server when the
        // storing side gives up, and only a cancel request wakes it.
        let cancel = PQgetCancel(connection.handle)
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
            if !taken, let cancel {
                var buffer = [CChar](repeating: 0, count: 256)
                _ = PQcancel(cancel, &buffer, Int32(buffer.count))
            }
            // Bounded: a receiver the server leaves waiting is woken by the deadline.
            done.wait()
            connection.disarmDeadline()
            PQfreeCancel(cancel)
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

/// Receives the rows on its own thread: each row's values read from libpq, counted against
/// the limits, added to the digest, and put into the queue a batch at a time.
private final class Receiver: @unchecked Sendable {
    let connection: PostgresConnection
    let columns: [PostgresColumn]
    var result: OpaquePointer?
    let queue: BatchQueue<PostgresError>
    var count = 0
    var digest = ""
    var unheld = UnheldValues()
    private var hasher = SHA256()
    private var hashed: [UInt8] = []

    init(connection: PostgresConnection, columns: [PostgresColumn], first: OpaquePointer, queue: BatchQueue<PostgresError>) {
        self.connection = connection
        self.columns = columns
        result = first
        self.queue = queue
        hashed.reserveCapacity(1 << 16)
        for column in columns {
            hashed += Array(column.name.utf8) + [0]
            withUnsafeBytes(of: column.oid.littleEndian) { hashed += $0 }
        }
    }

    func run() {
        // Locals, not the object's properties, in the loop: each access to a class's property
        // is checked for exclusivity at run time, which cost 5 % of the receiving.
        var count = 0
        var bytes = 0
        var unheld = UnheldValues()
        var hashed = self.hashed
        var hasher = self.hasher
        let settings = connection.settings
        var batch = queue.emptyBatch()
        var scratch: [UInt8] = []
        scratch.reserveCapacity(32)
        let width = Int32(columns.count)
        while let current = result {
            switch PQresultStatus(current) {
            case PGRES_SINGLE_TUPLE:
                for index in 0..<width {
                    if PQgetisnull(current, 0, index) == 1 {
                        batch.appendNull()
                        hashed += [0xFF, 0xFF, 0xFF, 0xFF]
                        continue
                    }
                    let length = Int(PQgetlength(current, 0, index))
                    let text = UnsafeBufferPointer(
                        start: UnsafeRawPointer(PQgetvalue(current, 0, index)).assumingMemoryBound(to: UInt8.self), count: length)
                    bytes += length
                    withUnsafeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian) { hashed += $0 }
                    hashed += text
                    columns[Int(index)].append(text, to: &batch, column: Int(index), unheld: &unheld, scratch: &scratch)
                }
                batch.endRow()
                PQclear(current)
                count += 1
                if hashed.count >= 1 << 16 {
                    hasher.update(data: hashed)
                    hashed.removeAll(keepingCapacity: true)
                }
                if count > settings.rows {
                    var error = PostgresError(.limit, "the result has more than \(settings.rows.formatted()) rows, the source's limit")
                    error.setting = "rows"
                    return fail(error)
                }
                if bytes > settings.bytes {
                    var error = PostgresError(.limit, "the result holds more than \(settings.bytes / 1_048_576) MB, the source's limit")
                    error.setting = "megabytes"
                    return fail(error)
                }
                if batch.rows == PostgresRows.batchRows {
                    guard queue.put(batch) else { return connection.cancel() }
                    batch = queue.emptyBatch()
                }
            case PGRES_TUPLES_OK:
                PQclear(current)
            default:
                let error = PostgresConnection.error(of: current, on: connection.handle)
                PQclear(current)
                connection.drain()
                let lost =
                    error.kind == .lost
                    ? PostgresError(
                        .lost, "the connection broke after \(count.formatted()) rows: \(error.message)", sqlState: error.sqlState) : error
                return queue.finish(.failure(connection.timedOut(lost)))
            }
            result = PQgetResult(connection.handle)
        }
        hasher.update(data: hashed)
        digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        // Before the last batch and the end are handed over: the taker reads them then.
        self.count = count
        self.unheld = unheld
        if batch.rows > 0, !queue.put(batch) { return }
        queue.finish(.success(()))
    }

    private func fail(_ error: PostgresError) {
        connection.cancel()
        queue.finish(.failure(error))
    }
}
