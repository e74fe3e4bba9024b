import DataTables
import Foundation

/// The readers of `data:` sources: CSV with its types inferred.
extension FuzzTarget {
    /// `CSVTable.read` with three delimiters, with and without a header, then again with a
    /// declared type, and every row iterated: a row has one value per column and of the
    /// column's type, there are `rowCount` rows, and no two columns share a name, in any case.
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
        var rows = 0
        do {
            try table.forEachRow { row in
                precondition(row.count == table.columns.count, "a row of \(row.count) values under \(table.columns.count) columns")
                for (value, column) in zip(row, table.columns) {
                    precondition(value.fits(column.type), "\(value) in a column of type \(column.type)")
                }
                rows += 1
            }
        } catch {
            preconditionFailure("the second pass failed where the first did not: \(error)")
        }
        precondition(rows == table.rowCount, "\(rows) rows iterated, \(table.rowCount) counted")
    }

    private static let tableInference = try! TypeInference(
        dateFormats: ["dd.MM.yyyy", "yyyy-MM-dd HH:mm"], timeZone: TimeZone(identifier: "Europe/Berlin")!
    )
}

extension TableValue {
    /// Null, or a value of `type`.
    fileprivate func fits(_ type: ColumnType) -> Bool {
        switch (self, type) {
        case (.null, _), (.integer, .integer), (.real, .real), (.boolean, .boolean), (.date, .date), (.dateTime, .dateTime), (.text, .text): true
        default: false
        }
    }
}
