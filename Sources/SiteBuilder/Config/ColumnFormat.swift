import DataTables
import TextFormatting

/// The format a column without one is written in, so that all its values read alike, in a
/// table, a chart's data table, its labels and summary, and in Mustache:
///
/// - **Years**: whole numbers from 1000 to 2999 in a column named `year` (or ending in
///   `_year`, ` year`, `Year`) are written without a thousands separator: "1952", not
///   "1,952" — as the chart axis already writes such numbers.
/// - **Decimals**: a column of numbers with fractions takes as many decimals as the value
///   that needs the most (at most three, CLDR's default), so "5.00" stands above "5.30" and
///   "68.87", where each written alone would read "5", "5.3", "68.87".
/// - **Birthdays**: the `people` table's `birth_date` column, selected as it is (under any
///   name), is written as the people pages write a birthday (`birthday_format`), so one
///   birthday reads alike on a person's page, in a query's table and in `{{row.birth_date}}`.
///
/// Nil: the type's own default suits (integers, dates, texts).
enum ColumnFormat {
    /// CLDR's default decimal shows at most this many decimals.
    static let maximumPlaces = 3

    /// The people's birthdays, as the build's database holds them (`PeopleTables`).
    static let birthdays = Column.Origin(table: "people", column: "birth_date")

    static func format(_ column: Column, values: some Sequence<TableValue>) -> ValueFormat? {
        if column.origin == birthdays { return ValueFormat(.birthday) }
        let name = column.name
        switch column.type {
        case .integer, .real:
            if isYearName(name), isYears(values) { return ValueFormat(.year) }
            guard column.type == .real else { return nil }
            let places = values.reduce(0) { most, value in
                guard case .real(let number) = value, number.isFinite else { return most }
                return max(most, decimals(number))
            }
            return ValueFormat(.decimal(places: places))
        default:
            return nil
        }
    }

    /// The format of one value of `column` alone (a key figure, a row's value in Mustache): a
    /// year as a year, a birthday as a birthday; nil for the type's default.
    static func format(_ column: Column, value: TableValue) -> ValueFormat? {
        if column.origin == birthdays { return ValueFormat(.birthday) }
        guard isYears(CollectionOfOne(value)), isYearName(column.name) else { return nil }
        return ValueFormat(.year)
    }

    /// `year`, `Year`, `birth_year`, `birthYear`, `Year of birth` is not one.
    static func isYearName(_ name: String) -> Bool {
        let lower = name.lowercased()
        guard lower.hasSuffix("year") else { return false }
        guard lower.count > 4 else { return true }
        let before = name[name.index(name.endIndex, offsetBy: -5)]
        // `birthYear`: a capital Y starts the word; `birth_year`, `birth year`: a separator.
        return before == "_" || before == " " || before == "-" || name.hasSuffix("Year")
    }

    /// Whether every value that is a number is a whole number from 1000 to 2999 (and there is one).
    static func isYears(_ values: some Sequence<TableValue>) -> Bool {
        var any = false
        for value in values {
            let number: Double
            switch value {
            case .integer(let integer): number = Double(integer)
            case .real(let real): number = real
            case .null: continue
            default: return false
            }
            guard number == number.rounded(), (1000...2999).contains(number) else { return false }
            any = true
        }
        return any
    }

    /// The decimals `number` shows when written with at most `places` of them.
    static func decimals(_ number: Double, upTo places: Int = maximumPlaces) -> Int {
        let decimal = DecimalNumber(number).rounded(toPlaces: places)
        return max(0, decimal.digits.count - decimal.point)
    }
}
