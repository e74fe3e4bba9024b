/// The column types of a query's result. A column of a table keeps its declared type when
/// every value fits it; any other column (an expression, or a declared column holding values
/// of another kind) takes the type of its non-null values: all integers → integer, integers
/// and reals → real (the integers become reals), one kind → that kind, several → text (the
/// values keep their own kinds), none at all → the declared type, or text.
///
/// SQLite has no date type: its date functions return text. So a column without a declared
/// type whose values are all texts of dates (`YYYY-MM-DD`, as `date()` writes) is a date
/// column, and one whose values are all ISO 8601 date-times (`YYYY-MM-DD HH:MM:SS`, as
/// `datetime()` writes, read in UTC when they name no zone) a date-time column, as a
/// source's column would be: `date(day, 'start of month') AS month` and `min(day)` keep
/// their type. Numbers in text stay text (`strftime('%Y', day)`): a query says `CAST` to
/// make them numbers.
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
            } else if seen == bit(.text), declared[index] == nil, let dates = datesOfTexts(table.rows, index) {
                type = dates.type
                for row in table.rows.indices where table.rows[row][index] != .null { table.rows[row][index] = dates.values[row] }
            } else if seen.nonzeroBitCount == 1, let only = ColumnType.allCases.first(where: { bit($0) == seen }) {
                type = only
            } else {
                type = .text
            }
            table.columns[index].type = type
        }
        return table
    }

    /// The values of column `index` as dates (or as instants), when every text of it is one;
    /// nil as soon as one is not.
    private static func datesOfTexts(_ rows: [[TableValue]], _ index: Int) -> (type: ColumnType, values: [TableValue])? {
        var type: ColumnType?
        var values: [TableValue] = []
        values.reserveCapacity(rows.count)
        for row in rows {
            guard case .text(var text) = row[index] else {
                values.append(.null)
                continue
            }
            let value: TableValue? = text.withUTF8 { bytes in
                if let date = TypeInference.isoDate(bytes) { return .date(date) }
                guard bytes.count >= 16, bytes.count <= 40, TypeInference.isoDate(UnsafeBufferPointer(rebasing: bytes[0..<10])) != nil,
                    let instant = SQLText.instant(String(decoding: bytes, as: UTF8.self))
                else { return nil }
                return .dateTime(instant)
            }
            guard let value, let kind = kind(of: value), type == nil || type == kind else { return nil }
            type = kind
            values.append(value)
        }
        return type.map { ($0, values) }
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
