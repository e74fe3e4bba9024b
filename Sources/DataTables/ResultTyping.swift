/// The column types of a query's result. A column of a table keeps its declared type when
/// every value fits it; any other column (an expression, or a declared column holding values
/// of another kind) takes the type of its non-null values: all integers → integer, integers
/// and reals → real (the integers become reals), one kind → that kind, several → text (the
/// values keep their own kinds), none at all → the declared type, or text.
enum ResultTyping {
    static func table(columns: [Column], declared: [ColumnType?], rows: [[TableValue]]) -> Table {
        var table = Table(columns: columns, rows: rows)
        for index in columns.indices {
            var seen: UInt8 = 0
            for row in rows {
                if let kind = kind(of: row[index]) { seen |= bit(kind) }
            }
            // The kinds seen as bits, not sets: a build of pages made from rows types tens of
            // thousands of results.
            let type: ColumnType
            if let declaredType = declared[index], seen & ~bit(declaredType) == 0 {
                type = declaredType
            } else if seen == 0 {
                type = .text
            } else if seen == bit(.integer) | bit(.real) {
                type = .real
                for row in table.rows.indices {
                    if case .integer(let number) = table.rows[row][index] { table.rows[row][index] = .real(Double(number)) }
                }
            } else if seen.nonzeroBitCount == 1, let only = ColumnType.allCases.first(where: { bit($0) == seen }) {
                type = only
            } else {
                type = .text
            }
            table.columns[index].type = type
        }
        return table
    }

    private static func bit(_ kind: ColumnType) -> UInt8 {
        switch kind {
        case .integer: 1
        case .real: 2
        case .boolean: 4
        case .date: 8
        case .dateTime: 16
        case .text: 32
        }
    }

    static func kind(of value: TableValue) -> ColumnType? {
        switch value {
        case .null: nil
        case .integer: .integer
        case .real: .real
        case .boolean: .boolean
        case .date: .date
        case .dateTime: .dateTime
        case .text: .text
        }
    }
}
