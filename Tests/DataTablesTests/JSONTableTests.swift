import CivilTime
import DataTables
import Foundation
import Testing

/// JSON arrays of objects as tables: columns in order of first appearance, nested objects
/// flattened, arrays kept as JSON text, and refusals that name the JSON path.
@Suite struct JSONTableTests {
    static func read(_ json: String, path: String? = nil, types: [String: ColumnType] = [:]) throws -> Table {
        try JSONTable.read(Data(json.utf8), path: path, types: types, inference: TypeInference())
    }

    static func problem(_ json: String, path: String? = nil, types: [String: ColumnType] = [:]) -> String? {
        do {
            _ = try read(json, path: path, types: types)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func anArrayOfObjectsAtTheRoot() throws {
        let table = try Self.read(
            #"[{"id": 1, "name": "Ann", "score": 9.5, "member": true}, {"id": 2, "name": "Bob", "score": 7, "member": false}]"#)
        #expect(table.columns == [Column("id", .integer), Column("name", .text), Column("score", .real), Column("member", .boolean)])
        #expect(
            table.rows == [
                [.integer(1), .text("Ann"), .real(9.5), .boolean(true)],
                [.integer(2), .text("Bob"), .real(7), .boolean(false)],
            ])
    }

    @Test func columnsInOrderOfFirstAppearanceAndMissingKeysAreNull() throws {
        let table = try Self.read(#"[{"b": 1, "a": "x"}, {"c": true, "a": "y"}, {}]"#)
        #expect(table.columns.map(\.name) == ["b", "a", "c"])
        #expect(table.rows == [[.integer(1), .text("x"), .null], [.null, .text("y"), .boolean(true)], [.null, .null, .null]])
    }

    @Test(arguments: ["$.results", "results", "$.data[1].rows", "data[1].rows"])
    func rowsAtAPath(path: String) throws {
        let json = #"{"results": [{"n": 1}], "data": [{}, {"rows": [{"n": 1}]}]}"#
        let table = try Self.read(json, path: path)
        #expect(table.rows == [[.integer(1)]])
    }

    @Test func nestedObjectsBecomeDottedColumns() throws {
        let table = try Self.read(
            #"[{"name": "Ann", "address": {"city": "Berlin", "geo": {"lat": 52.5}}, "empty": {}}, {"address": {"zip": "01234"}}]"#)
        #expect(
            table.columns == [
                Column("name", .text), Column("address.city", .text), Column("address.geo.lat", .real), Column("address.zip", .text),
            ])
        #expect(table.rows == [[.text("Ann"), .text("Berlin"), .real(52.5), .null], [.null, .null, .null, .text("01234")]])
    }

    @Test func arraysAreKeptAsCompactJSONTextInDocumentOrder() throws {
        let table = try Self.read(#"[{"tags": [1, "a\"b", {"z": null, "a": [true]}]}, {"tags": []}]"#)
        #expect(table.columns == [Column("tags", .text)])
        #expect(table.rows == [[.text(#"[1,"a\"b",{"z":null,"a":[true]}]"#)], [.text("[]")]])
    }

    @Test func numbers() throws {
        let table = try Self.read(
            #"[{"i": 1, "r": 1.0, "e": 1e2, "neg": -9223372036854775808, "tiny": 4.9e-324, "pi": 3.14159265358979323846}]"#)
        #expect(table.columns.map(\.type) == [.integer, .real, .real, .integer, .real, .real])
        // Python: float("4.9e-324") == 5e-324, float("3.14159265358979323846") == 3.141592653589793.
        #expect(table.rows == [[.integer(1), .real(1), .real(100), .integer(.min), .real(5e-324), .real(3.141592653589793)]])
        #expect(table.warnings.isEmpty)
    }

    /// A number no Int64 or Double holds keeps its text, and the build is told where: as a
    /// Double (Python's float) 123456789012345678901234567890 would show as
    /// 123456789012345677877719597056, 9007199254740993.0 as 9007199254740992, -1e-400 as 0
    /// and 1e309 as infinity.
    @Test(arguments: ["123456789012345678901234567890", "12345678901234567890", "9007199254740993.0", "-1e-400", "1e309", "2.5e-324"])
    func aNumberNoDoubleHoldsKeepsItsTextWithAWarning(number: String) throws {
        let table = try Self.read(#"{"rows": [{"id": 1, "n": 2.5}, {"id": 2, "n": \#(number)}]}"#, path: "$.rows")
        #expect(table.columns == [Column("id", .integer), Column("n", .text)])
        #expect(table.rows[1] == [.integer(2), .text(number)])
        #expect(table.warnings.map(\.jsonPath) == ["$.rows[1].n"])
        #expect(table.warnings.map(\.column) == ["n"])
        #expect(table.warnings.first?.reason.hasPrefix("the number \(number) cannot be held exactly as a number") == true)
    }

    /// Declared a real, such a number is read rounded (the author asked for it), without a
    /// word; infinity is still no number.
    @Test func aDeclaredRealReadsANumberRounded() throws {
        let table = try Self.read(#"[{"n": 12345678901234567890}, {"n": -1e-400}, {"n": 9007199254740993.0}]"#, types: ["n": .real])
        #expect(table.rows == [[.real(12_345_678_901_234_567_168)], [.real(-0.0)], [.real(9_007_199_254_740_992)]])
        #expect(table.warnings.isEmpty)
        #expect(Self.problem(#"[{"n": 1e309}]"#, types: ["n": .real]) == "column `n`, at $[0].n: the number 1e309 is not a number")
    }

    /// Seventeen digits are all a Double tells apart: `0.10000000000000001` is 0.1 written long.
    @Test func seventeenDigitsThatRoundTripAreHeld() throws {
        let table = try Self.read(#"[{"n": 0.10000000000000001}, {"n": 1e308}]"#)
        #expect(table.rows == [[.real(0.1)], [.real(1e308)]])
        #expect(table.warnings.isEmpty)
    }

    @Test func stringsAreInferredAsCSVFieldsAre() throws {
        let table = try Self.read(#"[{"day": "2024-05-01", "n": "42", "zip": "01234", "flag": "TRUE", "blank": ""}]"#)
        #expect(table.columns.map(\.type) == [.date, .integer, .text, .boolean, .text])
        #expect(table.rows == [[.date(CalendarDate(year: 2024, month: 5, day: 1)!), .integer(42), .text("01234"), .boolean(true), .null]])
    }

    @Test func mixedKindsMakeText() throws {
        let table = try Self.read(#"[{"v": 1}, {"v": "one"}, {"v": true}, {"v": [1]}, {"v": null}]"#)
        #expect(table.columns == [Column("v", .text)])
        #expect(table.rows == [[.text("1")], [.text("one")], [.text("true")], [.text("[1]")], [.null]])
    }

    @Test func declaredTypes() throws {
        let table = try Self.read(#"[{"id": "007", "n": 3, "when": "2024-05-01"}]"#, types: ["id": .integer, "n": .real, "when": .text])
        #expect(table.columns == [Column("id", .integer), Column("n", .real), Column("when", .text)])
        #expect(table.rows == [[.integer(7), .real(3), .text("2024-05-01")]])
    }

    // MARK: Refusals, with the JSON path

    @Test func aValueThatIsNotItsDeclaredType() {
        #expect(
            Self.problem(#"{"results": [{"price": 1}, {"price": "cheap"}]}"#, path: "$.results", types: ["price": .integer])
                == #"column `price`, at $.results[1].price: "cheap" is not an integer"#)
        #expect(
            Self.problem(#"[{"a": {"b": 1.5}}]"#, types: ["a.b": .integer])
                == "column `a.b`, at $[0].a.b: the number 1.5 is not an integer")
    }

    @Test func aRowThatIsNotAnObject() {
        #expect(
            Self.problem(#"{"results": [{"a": 1}, 2]}"#, path: "results")
                == "at $.results[1]: a row must be an object of column values, but this is the number 2")
    }

    @Test func aPathThatFindsNothing() {
        #expect(
            Self.problem(#"{"result": []}"#, path: "$.results") == "at $.results: the path finds nothing: there is no key `results` here")
        #expect(Self.problem(#"{"a": [1]}"#, path: "a[3]") == "at $.a[3]: the path finds nothing: the array has 1 element")
        #expect(Self.problem(#"{"a": "x"}"#, path: "a.b") == "at $.a: the path looks for the key `b` in a string")
    }

    @Test func aPathThatFindsNoArray() {
        #expect(
            Self.problem(#"{"results": {"a": 1}}"#, path: "$.results")
                == "at $.results: the rows must be an array of objects, but here is an object")
        #expect(Self.problem(#"{"a": 1}"#) == "at $: the rows must be an array of objects, but here is an object")
    }

    @Test(arguments: ["", "$.", "a..b", "a[x]", "a[-1]", "[1"])
    func aPathThatIsNotAPath(path: String) {
        #expect(Self.problem("[]", path: path)?.hasPrefix("the path `\(path)` is not a JSON path") == true)
    }

    @Test func notJSON() {
        #expect(Self.problem("[{\"a\": 1},\n {\"a\": }]") == #"line 2: the text is not JSON: unexpected character "}" (character 8)"#)
    }

    @Test func aDeclaredTypeForAColumnThatIsNotThere() {
        #expect(
            Self.problem(#"[{"a": 1}]"#, types: ["b": .integer])
                == "a type is declared for the column `b`, but there is none; the columns are `a`")
    }
}
