import DataTables
import Testing

@Suite struct TableValueTests {
    @Test func aTableGivesItsRowsInOrder() throws {
        let table = Table(columns: [Column("n", .integer)], rows: [[.integer(1)], [.null], [.integer(3)]])
        var seen: [TableValue] = []
        try table.forEachRow { seen.append($0[0]) }
        #expect(seen == [.integer(1), .null, .integer(3)])
    }
}
