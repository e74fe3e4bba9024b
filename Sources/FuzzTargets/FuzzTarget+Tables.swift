import DataTables
import Foundation

/// The readers of `data:` sources: CSV with its types inferred.
extension FuzzTarget {
    /// `CSVTable.read` with three delimiters, with and without a header, then again with a
    /// declared type, and every row iterated: a row has one value per column and of the
    /// column's type, there are `rowCount` rows, and no two columns share a name, in any case.
    /// Then the table loaded into SQLite as a build loads it (from the file's bytes,
    /// `CSVTable.insertRows`) holds what the same rows loaded as values hold.
    public static let csv = FuzzTarget("csv") { bytes in
        let data = Data(bytes)
        for (delimiter, hasHeader) in [(",", true), (";", false), ("\t", true)] {
            let options = CSVOptions(delimiter: UInt8(ascii: Unicode.Scalar(delimiter)!), hasHeader: hasHeader)
            guard let table = try? CSVTable.read(data, options: options, inference: tableInference) else { continue }
            checkRows(of: table)
            guard let first = table.columns.first, let last = table.columns.last else { continue }
            var declared = options
            declared.types[first.name] = .text
            declared.types[last.name] = .integer
            if let table = try? CSVTable.read(data, options: declared, inference: tableInference) { checkRows(of: table) }
        }
    }

    private static func checkRows(of table: CSVTable) {
        precondition(Set(table.columns.map { $0.name.lowercased() }).count == table.columns.count, "two columns share a name")
        var rows: [[TableValue]] = []
        do {
            try table.forEachRow { row in
                precondition(row.count == table.columns.count, "a row of \(row.count) values under \(table.columns.count) columns")
                for (value, column) in zip(row, table.columns) {
                    precondition(value.fits(column.type), "\(value) in a column of type \(column.type)")
                }
                rows.append(row)
            }
        } catch {
            preconditionFailure("the second pass failed where the first did not: \(error)")
        }
        precondition(rows.count == table.rowCount, "\(rows.count) rows iterated, \(table.rowCount) counted")
        let database = try! SQLDatabase()
        let fromBytes = Result { try database.load("bytes", table) }
        let fromValues = Result { try database.load("values", Table(columns: table.columns, rows: rows)) }
        switch (fromBytes, fromValues) {
        case (.success(let stored), .success(let alsoStored)):
            precondition(stored == rows.count && alsoStored == rows.count, "\(stored) and \(alsoStored) rows stored of \(rows.count)")
            let one = try! database.query("SELECT * FROM bytes", limits: unlimited)
            let other = try! database.query("SELECT * FROM \"values\"", limits: unlimited)
            // The same table under another name: the columns name their tables (`origin`).
            precondition(
                one.rows == other.rows && one.columns.map(\.name) == other.columns.map(\.name)
                    && one.columns.map(\.type) == other.columns.map(\.type)
                    && one.columns.map(\.origin?.column) == other.columns.map(\.origin?.column),
                "the table loaded from the bytes differs from the same rows loaded as values")
        case (.failure, .failure):
            break
        default:
            preconditionFailure("one load failed and the other did not: \(fromBytes), \(fromValues)")
        }
    }

    /// No limit a fuzzed table could reach.
    private static let unlimited = SQLLimits(seconds: 60, rows: .max, bytes: 1 << 40)

    private static let tableInference = try! TypeInference(
        dateFormats: ["dd.MM.yyyy", "yyyy-MM-dd HH:mm"], timeZone: TimeZone(identifier: "Europe/Berlin")!
    )
}

extension TableValue {
    /// Null, or a value of `type`.
    fileprivate func fits(_ type: ColumnType) -> Bool {
        switch (self, type) {
        case (.null, _), (.integer, .integer), (.real, .real), (.boolean, .boolean), (.date, .date), (.dateTime, .dateTime), (.text, .text):
            true
        default: false
        }
    }
}
