import DataTables
import Foundation
import MySQL

/// The texts a MariaDB or MySQL server sends for a result's values, whatever they hold: each
/// read as every column type the source knows. The first byte picks the type; the rest is the
/// text.
extension FuzzTarget {
    /// Field types with their flags, length, scale and character set: TINYINT(1), INT, BIGINT
    /// UNSIGNED, DECIMAL(18,0), DECIMAL(10,2), DOUBLE, BIT(1), BIT(9), YEAR, DATE, TIMESTAMP(6),
    /// DATETIME(6), TIME, VARCHAR, VARBINARY, BLOB and JSON.
    static let mysqlTypes: [(type: UInt32, flags: UInt32, length: Int, decimals: Int, charset: UInt32)] = [
        (1, 0, 1, 0, 63), (3, 0, 11, 0, 63), (8, 32, 20, 0, 63), (246, 0, 19, 0, 63), (246, 0, 12, 2, 63), (5, 0, 22, 31, 63),
        (16, 32, 1, 0, 63), (16, 32, 9, 0, 63), (13, 32, 4, 0, 63), (10, 128, 10, 0, 63), (7, 128, 26, 6, 63), (12, 128, 26, 6, 63),
        (11, 128, 10, 0, 63), (253, 0, 80, 0, 45), (253, 128, 16, 0, 63), (252, 16, 65535, 0, 63), (245, 0, 4_294_967_295, 0, 45),
    ]

    /// Each value becomes exactly one value of the batch, of the column's storage class; a date
    /// is stored as `YYYY-MM-DD`, an instant in its one ISO form, bytes as `\x` and hex.
    public static let mysqlValues = FuzzTarget("mysql-values") { bytes in
        guard let first = bytes.first else { return }
        let kind = mysqlTypes[Int(first) % mysqlTypes.count]
        let zone = first & 0x80 == 0 ? TimeZone(identifier: "UTC")! : TimeZone(identifier: "Europe/Berlin")!
        let column = MySQLColumn(
            name: "v", fieldType: kind.type, flags: kind.flags, length: kind.length, decimals: kind.decimals, charset: kind.charset,
            timeZone: zone)
        // As the client library holds a value: its bytes, then a NUL that is not part of it.
        let text = Array(bytes.dropFirst()) + [0]
        var batch = RowBatch()
        var unheld = UnheldMySQLValues()
        var scratch: [UInt8] = []
        text.withUnsafeBufferPointer { buffer in
            column.append(UnsafeBufferPointer(rebasing: buffer.dropLast()), to: &batch, column: 0, unheld: &unheld, scratch: &scratch)
        }
        batch.endRow()
        precondition(batch.rows == 1 && batch.values == 1, "one text became \(batch.values) values")
        batch.forEachRow(columns: 1) { row in
            switch (column.type, row[0]) {
            case (_, .null): break
            case (.integer, .integer), (.integer, .real), (.real, .real): break
            case (.boolean, .integer(let flag)):
                precondition(flag == 0 || flag == 1, "a boolean stored as \(flag)")
            case (.date, .text(let date)):
                precondition(
                    date.range(of: #"^\d{4}-\d\d-\d\d$"#, options: .regularExpression) != nil && !date.hasPrefix("0000"),
                    "a date stored as `\(date)`")
            case (.dateTime, .text(let instant)):
                precondition(
                    instant.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3}|\.\d{6})?Z$"#, options: .regularExpression) != nil,
                    "an instant stored as `\(instant)`")
            case (.text, .text(let value)):
                // Bytes of a string or blob type in the `binary` character set.
                if kind.charset == 63, [15, 249, 250, 251, 252, 253, 254, 255].contains(kind.type) {
                    precondition(
                        value.range(of: #"^\\x([0-9a-f]{2})*$"#, options: .regularExpression) != nil
                            && value.utf8.count == 2 + 2 * (text.count - 1),
                        "bytes stored as `\(value)`")
                }
            default:
                preconditionFailure("a \(column.type) column stored \(row[0])")
            }
        }
    }
}
