import CSQLite
import CivilTime
import Foundation

/// The rows of a CSV table straight into a prepared INSERT, without a `TableValue` per cell:
/// the second pass tokenizes the file into batches of values ready to bind (numbers as
/// numbers, a text as a span of the file's bytes, bound `SQLITE_STATIC` where it lies), and
/// the database's thread binds and steps them. A large file is tokenized on a thread of its
/// own while the database stores the batch before: the two take turns with three batches, so
/// the memory it needs stays a few hundred kilobytes whatever the file's size.
///
/// The values, the problems and their lines are `forEachRow`'s: a cell holds what
/// `TypeInference.value` reads, written as `SQLStatement.bind` writes it (a Boolean as 0 or
/// 1, a date or an instant as its ISO 8601 text).
extension CSVTable {
    /// Files smaller than this are tokenized on the database's thread: a thread costs more.
    static let threadedFileSize = 1 << 20

    /// Binds and steps every row; returns how many rows were stored. `failure` is the error
    /// for the rows (numbered from 1) of an INSERT that SQLite refused.
    func insertRows(_ inserter: inout BatchInserter, failure: (_ rows: ClosedRange<Int>) -> Error) throws -> Int {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> Int in
            let bytes = raw.bindMemory(to: UInt8.self)
            let text = (bytes.baseAddress.map(UnsafeRawPointer.init) ?? BatchInserter.emptyText).assumingMemoryBound(to: CChar.self)
            let producer = CSVBatchProducer(
                bytes, delimiter: delimiter, hasHeader: hasHeader, columns: columns, inference: inference,
                missing: missing, rowsPerBatch: inserter.rowsPerBatch)
            if bytes.count < Self.threadedFileSize {
                var producer = producer
                var batch = ValueBatch()
                while try producer.fill(&batch) {
                    guard inserter.insert(batch, text: text) else { throw failure(inserter.failedRows) }
                }
            } else {
                try BatchPipe.run(producer: producer) { batch in
                    guard inserter.insert(batch, text: text) else { throw failure(inserter.failedRows) }
                }
            }
            return inserter.count
        }
    }
}

/// One value ready to bind: its kind, and the number, or where its text is.
struct BoundValue: Sendable {
    enum Kind: UInt8, Sendable {
        case null, integer, real
        /// Bytes of the file: `payload` is their offset.
        case fileText
        /// Bytes of the batch: `payload` is their offset in `ValueBatch.bytes`.
        case batchText
    }

    var kind: Kind
    /// The length of a text.
    var count: Int32
    /// An integer, a Double's bits, or a text's offset.
    var payload: Int64

    static let null = BoundValue(kind: .null, count: 0, payload: 0)
}

/// Rows of values ready to bind, one after the other, and the bytes of the texts that are
/// not in the file as written (a quoted field with `""`, a date or date-time rewritten).
struct ValueBatch: Sendable {
    var values: [BoundValue] = []
    var bytes: [UInt8] = []
    var rows = 0

    init() {
        values.reserveCapacity(BatchInserter.valuesPerBatch)
        bytes.reserveCapacity(4096)
    }

    mutating func reset() {
        values.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        rows = 0
    }

    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: text)
        values.append(BoundValue(kind: .batchText, count: Int32(clamping: text.count), payload: Int64(start)))
    }

    mutating func appendText(_ text: String) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        values.append(BoundValue(kind: .batchText, count: Int32(clamping: bytes.count - start), payload: Int64(start)))
    }

    /// A row of values as SQLite stores them.
    mutating func append(_ row: [TableValue]) {
        for value in row { append(value) }
        rows += 1
    }

    /// A value as SQLite stores it: a Boolean as 0 or 1, a date or an instant as its ISO 8601
    /// text (`SQLStatement.bind` writes the same).
    mutating func append(_ value: TableValue) {
        switch value {
        case .null: values.append(.null)
        case .integer(let number): values.append(BoundValue(kind: .integer, count: 0, payload: number))
        case .real(let number): values.append(BoundValue(kind: .real, count: 0, payload: Int64(bitPattern: number.bitPattern)))
        case .boolean(let flag): values.append(BoundValue(kind: .integer, count: 0, payload: flag ? 1 : 0))
        case .date(let date): appendDate(date)
        case .dateTime(let instant): appendInstant(instant)
        case .text(let text): appendText(text)
        }
    }

    mutating func appendInstant(_ instant: Date) {
        let start = bytes.count
        SQLText.appendInstant(instant, to: &bytes)
        values.append(BoundValue(kind: .batchText, count: Int32(clamping: bytes.count - start), payload: Int64(start)))
    }

    mutating func appendDate(_ date: CalendarDate) {
        let start = bytes.count
        SQLText.appendISO(date, to: &bytes)
        values.append(BoundValue(kind: .batchText, count: Int32(clamping: bytes.count - start), payload: Int64(start)))
    }
}

/// The second pass over a CSV file, a batch at a time.
struct CSVBatchProducer {
    private var tokenizer: CSVTokenizer
    private var skipHeader: Bool
    private let columns: [Column]
    private let types: [ColumnType]
    private let inference: TypeInference
    private let missing: MissingValues
    private let rowsPerBatch: Int

    init(
        _ text: UnsafeBufferPointer<UInt8>, delimiter: UInt8, hasHeader: Bool, columns: [Column], inference: TypeInference,
        missing: MissingValues, rowsPerBatch: Int
    ) {
        self.missing = missing
        self.rowsPerBatch = rowsPerBatch
        tokenizer = CSVTokenizer(text, delimiter: delimiter)
        skipHeader = hasHeader
        self.columns = columns
        types = columns.map(\.type)
        self.inference = inference
    }

    /// Fills `batch` with the next rows; false when there were none left.
    mutating func fill(_ batch: inout ValueBatch) throws -> Bool {
        batch.reset()
        // Locals, so that the closure below does not copy `self` for every record.
        let columnCount = columns.count
        let columns = columns
        let types = types
        let inference = inference
        let missing = missing
        while batch.rows < rowsPerBatch, try tokenizer.next() {
            if skipHeader {
                skipHeader = false
                continue
            }
            let line = tokenizer.recordLine
            let problem: TableProblem? = tokenizer.withRecord { record in
                guard record.count == columnCount else {
                    return TableProblem("the row has \(record.count) fields, the header has \(columnCount)", line: line)
                }
                for index in 0..<columnCount where !Self.append(record, index, as: types[index], inference, missing, to: &batch) {
                    return CSVTable.mismatch(
                        record.string(index), types[index], inference: inference, line: line, column: columns[index].name)
                }
                return nil
            }
            // `read` checked every row; only a changed file or a bug lands here.
            if let problem { throw problem }
            batch.rows += 1
        }
        return batch.rows > 0
    }

    /// The field as a value of its column's type (`CSVTable.value`); false when it is not one.
    private static func append(
        _ record: CSVRecord, _ index: Int, as type: ColumnType, _ inference: TypeInference, _ missing: MissingValues,
        to batch: inout ValueBatch
    ) -> Bool {
        let span = record.spans[index]
        let field = record[index]
        if field.isEmpty || missing.isDeclared(field) {
            batch.values.append(.null)
            return true
        }
        switch type {
        case .text:
            appendText(field, span, to: &batch)
        case .date where TypeInference.isoDate(field) != nil:
            // `YYYY-MM-DD` of a day that exists is the text a date is stored as.
            appendText(field, span, to: &batch)
        case .integer:
            if case .integer = TypeInference.numberShape(field), let value = TypeInference.integer(field) {
                batch.values.append(BoundValue(kind: .integer, count: 0, payload: value))
            } else {
                guard missing.isStandard(field) else { return false }
                batch.values.append(.null)
            }
        default:
            guard let value = CSVTable.value(field, as: type, inference, missing) else { return false }
            batch.append(value)
        }
        return true
    }

    private static func appendText(_ field: UnsafeBufferPointer<UInt8>, _ span: CSVTokenizer.Span, to batch: inout ValueBatch) {
        if span.inScratch {
            batch.appendText(field)
        } else {
            batch.values.append(BoundValue(kind: .fileText, count: Int32(clamping: field.count), payload: Int64(span.start)))
        }
    }

}

/// Binds a batch's rows to INSERTs and steps them: an INSERT of many rows at a time
/// (`VALUES (?, ?), (?, ?), …`), which SQLite stores in about half the time it takes a row at
/// a time, and one of a single row for the rest of the last batch. Texts are bound
/// `SQLITE_STATIC`: the file's bytes and the batch's outlive the step.
struct BatchInserter {
    /// Values a batch holds, about: enough that handing it over costs nothing, few enough
    /// that it stays in the processor's caches.
    static let valuesPerBatch = 16_384
    /// The address bound for an empty text: a NULL one would bind NULL.
    static var emptyText: UnsafeRawPointer { UnsafeRawPointer(("" as StaticString).utf8Start) }

    private let many: SQLStatement
    private let one: SQLStatement
    private let columns: Int
    /// Rows of the INSERT of many.
    let rowsPerStatement: Int
    /// A whole number of `rowsPerStatement`.
    let rowsPerBatch: Int
    private(set) var count = 0
    /// The rows (numbered from 1) of the statement SQLite did not store.
    private(set) var failedRows = 0...0

    init(into table: String, columns: Int, database: SQLDatabase) throws(SQLError) {
        // At most 64 rows and 999 values a statement: SQLite's smallest limit of variables.
        rowsPerStatement = max(1, min(64, 999 / columns))
        rowsPerBatch = max(1, BatchInserter.valuesPerBatch / columns / rowsPerStatement) * rowsPerStatement
        self.columns = columns
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        guard
            let many = try database.prepare(
                "INSERT INTO \(table) VALUES " + Array(repeating: row, count: rowsPerStatement).joined(separator: ", ")),
            let one = try database.prepare("INSERT INTO \(table) VALUES " + row)
        else {
            throw SQLError(.sql, "could not prepare the rows' INSERT into \(table)")
        }
        self.many = many
        self.one = one
    }

    /// Stores the batch's rows, the texts of kind `fileText` read from `text`. False when
    /// SQLite did not store a row: `failedRows` are then the rows of the statement that failed,
    /// and `count` the rows before them.
    mutating func insert(_ batch: ValueBatch, text: UnsafePointer<CChar>?) -> Bool {
        let fileText = text ?? Self.emptyText.assumingMemoryBound(to: CChar.self)
        let columns = columns
        return batch.bytes.withUnsafeBufferPointer { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            let batchText = (bytes.baseAddress.map(UnsafeRawPointer.init) ?? Self.emptyText).assumingMemoryBound(to: CChar.self)
            return batch.values.withUnsafeBufferPointer { (values: UnsafeBufferPointer<BoundValue>) -> Bool in
                var row = 0
                while row < batch.rows {
                    let statement = batch.rows - row >= rowsPerStatement ? many : one
                    let rows = statement === many ? rowsPerStatement : 1
                    let handle = statement.handle
                    var index = row * columns
                    // SQLITE_OK is 0: any other status of a bind (a text over SQLite's length
                    // limit) leaves a bit set.
                    var bound = SQLITE_OK
                    for parameter in 1...Int32(rows * columns) {
                        let value = values[index]
                        index += 1
                        switch value.kind {
                        case .null: bound |= sqlite3_bind_null(handle, parameter)
                        case .integer: bound |= sqlite3_bind_int64(handle, parameter, value.payload)
                        case .real: bound |= sqlite3_bind_double(handle, parameter, Double(bitPattern: UInt64(bitPattern: value.payload)))
                        case .fileText: bound |= sqlite3_bind_text(handle, parameter, fileText + Int(value.payload), value.count, nil)
                        case .batchText: bound |= sqlite3_bind_text(handle, parameter, batchText + Int(value.payload), value.count, nil)
                        }
                    }
                    guard bound == SQLITE_OK else {
                        failedRows = count + 1...count + rows
                        return false
                    }
                    let status = sqlite3_step(handle)
                    sqlite3_reset(handle)
                    guard status == SQLITE_DONE else {
                        failedRows = count + 1...count + rows
                        return false
                    }
                    row += rows
                    count += rows
                }
                return true
            }
        }
    }
}

/// A producer thread and the caller's thread, handing batches over: the producer fills an
/// empty batch while the caller stores a full one. Three batches go round, so neither waits
/// for the other unless it is the slower one.
final class BatchPipe: @unchecked Sendable {
    private let condition = NSCondition()
    private var empty: [ValueBatch] = [ValueBatch(), ValueBatch(), ValueBatch()]
    private var full: [ValueBatch] = []
    private var finished = false
    private var failure: Error?
    private var stopped = false
    private var producerExited = false

    /// Runs `producer` on a thread of its own, and `consume` here on each batch in order. An
    /// error of either stops both and comes out here, after the producer's thread has ended
    /// (its bytes are the caller's).
    static func run(producer: CSVBatchProducer, consume: (ValueBatch) throws -> Void) throws {
        let pipe = BatchPipe()
        nonisolated(unsafe) var producer = producer
        let thread = Thread {
            pipe.produce(&producer)
        }
        thread.stackSize = 1 << 20
        thread.start()
        defer { pipe.stopAndWait() }
        while let batch = try pipe.nextFull() {
            try consume(batch)
            // Given back as the only reference, so that the producer refills it in place.
            pipe.giveBack(consume batch)
        }
    }

    private func produce(_ producer: inout CSVBatchProducer) {
        while true {
            condition.lock()
            while empty.isEmpty, !stopped { condition.wait() }
            if stopped {
                producerExited = true
                condition.broadcast()
                condition.unlock()
                return
            }
            var batch = empty.removeLast()
            condition.unlock()
            let more: Bool
            var problem: Error?
            do { more = try producer.fill(&batch) } catch {
                problem = error
                more = false
            }
            condition.lock()
            if more {
                full.append(batch)
            } else {
                finished = true
                failure = problem
            }
            if !more { producerExited = true }
            condition.broadcast()
            condition.unlock()
            if !more { return }
        }
    }

    /// The next full batch in order; nil when there are no more; throws the producer's error.
    private func nextFull() throws -> ValueBatch? {
        condition.lock()
        defer { condition.unlock() }
        while full.isEmpty, !finished { condition.wait() }
        if !full.isEmpty { return full.removeFirst() }
        if let failure { throw failure }
        return nil
    }

    private func giveBack(_ batch: ValueBatch) {
        condition.lock()
        empty.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    private func stopAndWait() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !producerExited { condition.wait() }
        condition.unlock()
    }
}
