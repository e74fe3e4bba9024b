import CivilTime
import Foundation
import Testing

@testable import DataTables

/// The markers of missing values pandas and R read (`NA`, `n/a`, `-` …) are null among
/// numbers and dates, text elsewhere; markers a source declares are null everywhere. Each
/// expectation is worked out by hand from the values.
@Suite struct MissingValuesTests {
    /// A CSV table read, and its rows as values: what the second pass and the database see.
    static func read(_ text: String, types: [String: ColumnType] = [:], nulls: [String] = []) throws -> (CSVTable, [[TableValue]]) {
        let table = try CSVTable.read(
            Data(text.utf8), options: CSVOptions(types: types, missing: MissingValues(declared: nulls)),
            inference: TypeInference())
        var rows: [[TableValue]] = []
        try table.forEachRow { rows.append($0) }
        return (table, rows)
    }

    @Test(arguments: ["NA", "N/A", "n/a", "NaN", "nan", "null", "NULL", "None", "-", "#N/A", "<NA>", "-1.#IND"])
    func aMarkerAmongNumbersIsNull(marker: String) throws {
        let (table, rows) = try Self.read("x\n50\n\(marker)\n52.5\n")
        #expect(table.columns == [Column("x", .real)])
        #expect(rows == [[.real(50)], [.null], [.real(52.5)]])
        #expect(table.missingValues == [MissingValueCount(column: "x", count: 1, markers: [marker])])
    }

    @Test func aMarkerAmongDatesIsNull() throws {
        let (table, rows) = try Self.read("day\n2024-01-31\n-\nNA\n")
        #expect(table.columns == [Column("day", .date)])
        #expect(rows == [[.date(CalendarDate(year: 2024, month: 1, day: 31)!)], [.null], [.null]])
        #expect(table.missingValues.first?.description == "2 values written \"-\" or \"NA\" read as missing (null)")
    }

    @Test func aTextColumnKeepsItsMarkers() throws {
        // `NA` is Namibia here: a text column cannot tell, and nothing is read as missing.
        let (table, rows) = try Self.read("country,code\nNamibia,NA\nNorway,NO\n")
        #expect(table.columns.map(\.type) == [.text, .text])
        #expect(rows.map { $0[1] } == [.text("NA"), .text("NO")])
        #expect(table.missingValues.isEmpty)
        // Only markers: nothing says the column is of numbers.
        #expect(try Self.read("x\nNA\nNA\n").1 == [[.text("NA")], [.text("NA")]])
        // Booleans are not numbers: a marker there keeps the column text.
        #expect(try Self.read("x\ntrue\nNA\n").0.columns == [Column("x", .text)])
    }

    @Test func aMarkerIsTheWholeFieldInItsCase() throws {
        #expect(try Self.read("x\n1\n NA\n").0.columns == [Column("x", .text)])
        #expect(try Self.read("x\n1\nna\n").0.columns == [Column("x", .text)])
    }

    @Test func declaredMarkersAreNullInEveryColumn() throws {
        let (table, rows) = try Self.read("name,score\nNA,-999\nAda,7\n--,3\n", nulls: ["NA", "-999", "--"])
        #expect(table.columns == [Column("name", .text), Column("score", .integer)])
        #expect(rows == [[.null, .null], [.text("Ada"), .integer(7)], [.null, .integer(3)]])
        #expect(
            table.missingValues == [
                MissingValueCount(column: "name", count: 2, markers: ["NA", "--"]),
                MissingValueCount(column: "score", count: 1, markers: ["-999"]),
            ])
    }

    @Test func aDeclaredNumberColumnReadsMarkersAsNull() throws {
        let (table, rows) = try Self.read("x\n1\nNA\n", types: ["x": .integer])
        #expect(rows == [[.integer(1)], [.null]])
        #expect(table.missingValues.map(\.count) == [1])
        // A declared text column keeps them; a real mistake is still one.
        #expect(try Self.read("x\n1\nNA\n", types: ["x": .text]).1 == [[.text("1")], [.text("NA")]])
        #expect(throws: TableProblem.self) { try Self.read("x\n1\nabc\n", types: ["x": .integer]) }
    }

    /// A file large enough to be read in parts on several cores: the parts' markers add up.
    @Test func markersInEveryPartOfALargeFileAddUp() throws {
        var text = "id,x\n"
        let rows = 300_000
        for row in 0..<rows { text += row % 1000 == 999 ? "\(row),NA\n" : "\(row),\(row).5\n" }
        #expect(text.utf8.count > 2 * CSVTable.parallelPartSize)
        let (table, values) = try Self.read(text)
        #expect(table.columns.map(\.type) == [.integer, .real])
        #expect(table.missingValues.map(\.count) == [300])
        #expect(values.filter { $0[1] == .null }.count == 300)
        #expect(values[1] == [.integer(1), .real(1.5)])
    }

    @Test func aJSONStringMarkerAmongNumbersIsNull() throws {
        let table = try JSONTable.read(
            Data(#"[{"x": 50, "y": "a"}, {"x": "NA", "y": "NA"}, {"x": 52, "y": "-"}]"#.utf8),
            path: nil, types: [:], inference: TypeInference())
        #expect(table.columns == [Column("x", .integer), Column("y", .text)])
        #expect(table.rows.map { $0[0] } == [.integer(50), .null, .integer(52)])
        #expect(table.rows.map { $0[1] } == [.text("a"), .text("NA"), .text("-")])
        #expect(table.missingValues == [MissingValueCount(column: "x", count: 1, markers: ["NA"])])
        let declared = try JSONTable.read(
            Data(#"[{"y": "a"}, {"y": "NA"}]"#.utf8), path: nil, types: [:], inference: TypeInference(),
            missing: MissingValues(declared: ["NA"]))
        #expect(declared.rows.map { $0[0] } == [.text("a"), .null])
    }

    /// The defect: a text `NA` counted as 0 by `avg()`. (50 + 52) / 2 = 51, not (50 + 0 + 52) / 3 = 34.
    @Test func aMarkerDoesNotCountInAnAverage() throws {
        let (table, _) = try Self.read("continent,lifeExp\nAsia,50\nAsia,NA\nAsia,52\n")
        let database = try SQLDatabase()
        try database.load("gap", table)
        #expect(try database.query("SELECT avg(lifeExp) AS mean, count(lifeExp) AS known FROM gap").rows == [[.real(51), .integer(2)]])
    }
}
