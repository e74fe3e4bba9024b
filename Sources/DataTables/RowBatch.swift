import Foundation

/// Rows of values ready for SQLite, filled one value at a time by a source that reads them
/// from bytes (a PostgreSQL result): no array of `TableValue`s a row, no `String` a text —
/// a text's bytes are copied once, into the batch. `SQLDatabase.load` stores a batch as it is.
public struct RowBatch: Sendable {
    var storage = ValueBatch()

    public init() {}

    /// Whole rows in the batch.
    public var rows: Int { storage.rows }
    /// Values in the batch, of whole rows and of the row being filled.
    public var values: Int { storage.values.count }

    public mutating func appendNull() { storage.values.append(.null) }

    public mutating func appendInteger(_ value: Int64) {
        storage.values.append(BoundValue(kind: .integer, count: 0, payload: value))
    }

    public mutating func appendReal(_ value: Double) {
        storage.values.append(BoundValue(kind: .real, count: 0, payload: Int64(bitPattern: value.bitPattern)))
    }

    /// A text, from its UTF-8 bytes.
    public mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) { storage.appendText(bytes) }

    /// Any value, as SQLite stores it (a date or an instant as its ISO 8601 text).
    public mutating func append(_ value: TableValue) { storage.append(value) }

    /// The row's values are all in.
    public mutating func endRow() { storage.rows += 1 }

    /// No rows again, the room of its arrays kept.
    public mutating func removeAll() { storage.reset() }

    /// Each row as table values of SQLite's storage classes: null, integer, real or text (a
    /// boolean is its 0 or 1, a date or an instant its text), for a reader that wants rows.
    public func forEachRow(columns: Int, _ body: ([TableValue]) throws -> Void) rethrows {
        var row: [TableValue] = []
        row.reserveCapacity(columns)
        for value in storage.values {
            switch value.kind {
            case .null: row.append(.null)
            case .integer: row.append(.integer(value.payload))
            case .real: row.append(.real(Double(bitPattern: UInt64(bitPattern: value.payload))))
            case .batchText, .fileText:
                let start = Int(value.payload)
                row.append(.text(String(decoding: storage.bytes[start..<(start + Int(value.count))], as: UTF8.self)))
            }
            if row.count == columns {
                try body(row)
                row.removeAll(keepingCapacity: true)
            }
        }
    }
}

/// A row source that hands over its rows in batches: `SQLDatabase.load` stores each batch
/// as it comes, without a `TableValue` for any of its values.
public protocol BatchedRowSource: RowSource {
    /// Calls `body` with batches of whole rows, in order; a batch is only valid during the call.
    func forEachBatch(_ body: (RowBatch) throws -> Void) throws
}
