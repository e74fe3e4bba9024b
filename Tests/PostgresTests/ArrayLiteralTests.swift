@testable import Postgres
import XCTest

/// Arrays as the server writes them, turned into JSON; each expected text worked out by hand
/// from `array_out`'s rules (and checked against Python's json module by the oracle suite).
final class ArrayLiteralTests: XCTestCase {
    private func json(_ literal: String, _ element: ArrayLiteral.Element) -> String {
        var text = literal
        return text.withUTF8 { ArrayLiteral.json($0, element: element) }
    }

    func testNumbersNullsAndNesting() {
        XCTAssertEqual(json("{1,NULL,3}", .number), "[1,null,3]")
        XCTAssertEqual(json("{}", .number), "[]")
        XCTAssertEqual(json("{{1,2},{3,4}}", .number), "[[1,2],[3,4]]")
        XCTAssertEqual(json("{1.50,-2e+30,NaN,Infinity,-Infinity}", .number), "[1.50,-2e+30,null,null,null]")
        XCTAssertEqual(json("[0:1]={7,8}", .number), "[7,8]")
    }

    func testQuotedTextWithEscapes() {
        XCTAssertEqual(json(#"{"a b","c\"d","e\\f",NULL,"NULL",plain,""}"#, .string), #"["a b","c\"d","e\\f",null,"NULL","plain",""]"#)
        XCTAssertEqual(json("{t,f,NULL}", .boolean), "[true,false,null]")
        XCTAssertEqual(json(#"{"{\"a\": 1}",2}"#, .json), #"[{"a": 1},2]"#)
    }

    func testTextThatIsNotALiteralIsKeptAsAString() {
        XCTAssertEqual(json("{1,2", .number), #""{1,2""#)
        XCTAssertEqual(json("x", .string), #""x""#)
    }
}
