import DataTables
import Foundation
import Postgres

/// The texts a PostgreSQL server sends for a result's values, whatever they hold: each read as
/// every column type the source knows. The first byte picks the type; the rest is the text.
extension FuzzTarget {
    /// The server's types by OID: integers, numerics (unconstrained and `numeric(10, 0)`),
    /// floats, boolean, date, the two timestamps, json, text, and arrays of numbers, booleans,
    /// json and text.
    static let postgresTypes: [(oid: UInt32, typmod: Int32)] = [
        (20, -1), (23, -1), (1700, -1), (1700, (10 << 16) + 4), (701, -1), (16, -1), (1082, -1), (1184, -1), (1114, -1), (3802, -1),
        (25, -1),
        (1007, -1), (1022, -1), (1000, -1), (3807, -1), (1009, -1),
    ]

    /// Each value becomes exactly one value of the batch, of the column's storage class; an
    /// instant is stored in its one ISO form; an array (but of jsonb, whose elements the server
    /// writes as JSON) is valid JSON text.
    public static let postgresValues = FuzzTarget("postgres-values") { bytes in
        guard let first = bytes.first else { return }
        let (oid, typmod) = postgresTypes[Int(first) % postgresTypes.count]
        let zone = first & 0x80 == 0 ? TimeZone(identifier: "UTC")! : TimeZone(identifier: "Europe/Berlin")!
        let column = PostgresColumn(name: "v", oid: oid, typmod: typmod, timeZone: zone)
        // As libpq holds a value: its bytes, then a NUL that is not part of it.
        let text = Array(bytes.dropFirst()) + [0]
        var batch = RowBatch()
        var unheld = UnheldValues()
        var scratch: [UInt8] = []
        text.withUnsafeBufferPointer { buffer in
            column.append(UnsafeBufferPointer(rebasing: buffer.dropLast()), to: &batch, column: 0, unheld: &unheld, scratch: &scratch)
        }
        batch.endRow()
        precondition(batch.rows == 1 && batch.values == 1, "one text became \(batch.values) values")
        batch.forEachRow(columns: 1) { row in
            switch (column.type, row[0]) {
            case (_, .null): break
            case (.integer, .integer), (.integer, .real), (.real, .real), (.boolean, .integer): break
            case (.date, .text(let date)):
                precondition(date.utf8.count == 10, "a date stored as `\(date)`")
            case (.dateTime, .text(let instant)):
                precondition(
                    instant.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6})?Z$"#, options: .regularExpression) != nil,
                    "an instant stored as `\(instant)`")
            case (.text, .text(let value)):
                // A jsonb array's elements are copied as the server wrote them, which is JSON.
                if [1007, 1022, 1000, 1009].contains(oid) {
                    precondition(isJSON(Array(value.utf8)), "an array became `\(value)`, which is not JSON")
                }
            default:
                preconditionFailure("a \(column.type) column stored \(row[0])")
            }
        }
    }

    /// Whether SQLite, whose `json_each` and `json_extract` read the arrays in a build, takes
    /// the text as JSON. (Foundation's parser is stricter than JSON: it refuses `1e+3000`.)
    private static func isJSON(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        let result = try? jsonChecker?.query("SELECT json_valid(:text) AS valid", parameters: ["text": .text(text)], limits: SQLLimits())
        return result?.rows.first?.first == .integer(1)
    }

    private static let jsonChecker = try? SQLDatabase()
}
