import CivilTime
import Foundation
import Testing

@testable import ValueTransformers

@Suite("Decoding layer")
struct DecodingTests {
    static let people = #"""
        {"results":[
          {"name":{"first":"Jennie","last":"Nichols"},"dob":{"date":"1992-03-08T15:13:16.688Z","age":30},
           "picture":{"large":"https://randomuser.me/api/portraits/women/75.jpg"}},
          {"name":{"first":"Ann"},"dob":427015785},
          {"name":{"first":"Bob","last":null},"dob":"1983-07-14 07:29:45"},
          {"name":{"first":42},"dob":{"date":"31-02-1990"},"picture":{"large":"javascript:alert(1)"}},
          {"user":{"name":{"first":"Old"},"dob":"427015785"}},
          {"name":{"first":"Nobody"}},
          {"name":{"first":"Eve"},"dob":{"date":true},"registered":{"age":"x"}}
        ],"info":{"results":7,"version":"1.4"}}
        """#

    struct Person: Equatable {
        var first: String
        var born: CalendarDate?
        var picture: URL?
    }

    /// How the people decoder of the next issue is expected to use the layer.
    static func decodePeople(_ document: JSONDocument) throws -> [Person] {
        let dates = try CompoundTransformer.dates(formats: ["dd.MM.yyyy"])
        let pictures = URLTransformer(allowedSchemes: ["http", "https"])
        let root = document.root
        let records = root["results"].isPresent ? root["results"].array(.required) : root.array(.required)
        var people: [Person] = []
        for record in records ?? [] {
            let person = record["user"].isPresent ? record["user"] : record
            let before = document.problems.count
            let first = person["name"]["first"].string() ?? ""
            let dob = person["dob"]["date"].isMissing ? person["dob"] : person["dob"]["date"]
            let born = dob.writtenDate(using: dates)?.calendarDate
            let picture = person["picture"]["large"].url(using: pictures)
            guard document.problems.count == before else { continue }  // skip a bad record
            people.append(Person(first: first, born: born, picture: picture))
        }
        return people
    }

    @Test("A document with several bad values reports all of them, with paths, and keeps the good records")
    func allProblemsWithPaths() throws {
        let document = try JSONDocument(data: Data(Self.people.utf8))
        let people = try Self.decodePeople(document)
        #expect(people.map(\.first) == ["Jennie", "Ann", "Bob", "Old", "Nobody"])
        #expect(people[0].born == CalendarDate(year: 1992, month: 3, day: 8))
        #expect(people[1].born == CalendarDate(year: 1983, month: 7, day: 14))
        #expect(people[2].born == CalendarDate(year: 1983, month: 7, day: 14))
        #expect(people[3].born == CalendarDate(year: 1983, month: 7, day: 14))
        #expect(people[4].born == nil)
        #expect(
            document.problems.all.map(\.description) == [
                "results[3].name.first: expected a string, found the number 42",
                #"results[3].dob.date: "31-02-1990" is not a date (tried: ISO 8601, UNIX time, RFC 1123, RFC 850, asctime, dd.MM.yyyy)"#,
                #"results[3].picture.large: "javascript:alert(1)" is not a URL: "#
                    + #"the scheme "javascript" is not allowed (allowed: http, https)"#,
                "results[6].dob.date: true is not a date (no date transformer turns a Boolean into a date)",
            ])
        let dobProblem = document.problems.all[1]
        #expect(dobProblem.path == JSONPath([.key("results"), .index(3), .key("dob"), .key("date")]))
        #expect(dobProblem.value == .string("31-02-1990"))
        #expect(dobProblem.error?.attempts.count == 6)
    }

    @Test("Missing, null and the wrong type are told apart")
    func presence() throws {
        let document = try JSONDocument(data: Data(#"{"a":null,"b":"x","c":1}"#.utf8))
        let root = document.root
        #expect(root["a"].isNull && !root["a"].isMissing && !root["a"].isPresent)
        #expect(root["z"].isMissing && !root["z"].isNull)
        #expect(root["b"].isPresent)
        #expect(root["a"].string() == nil && root["z"].string() == nil)
        #expect(document.problems.isEmpty)
        #expect(root["c"].string() == nil)
        #expect(root["a"].string(.required) == nil)
        #expect(root["z"].int(.required) == nil)
        #expect(root["b"]["deeper"][2].isMissing)
        #expect(
            document.problems.all.map(\.description) == [
                "c: expected a string, found the number 1",
                "a: expected a string, found null",
                "z: an integer is missing",
            ])
        #expect(document.problems.since(2).count == 1)
    }

    @Test(
        "Typed reads",
        arguments: [
            (#"{"v":"text"}"#, "string", "text"),
            (#"{"v":2.5}"#, "number", "2.5"),
            (#"{"v":3.0}"#, "int", "3"),
            (#"{"v":true}"#, "bool", "true"),
            (#"{"v":[1,2]}"#, "array", "2"),
            (#"{"v":{"b":1,"a":2}}"#, "object", "b,a"),
            (#"{"v":"https://x.org/"}"#, "url", "https://x.org/"),
            (#"{"v":"1378767519"}"#, "date", "2013-09-09T22:58:39Z"),
        ])
    func typedReads(json: String, kind: String, expected: String) throws {
        let node = try JSONDocument(data: Data(json.utf8)).root["v"]
        let dates = try CompoundTransformer.dates()
        let result: String? =
            switch kind {
            case "string": node.string()
            case "number": node.number().map { String($0) }
            case "int": node.int().map { String($0) }
            case "bool": node.bool().map { String($0) }
            case "array": node.array().map { String($0.count) }
            case "object": node.object().map { $0.map(\.key).joined(separator: ",") }
            case "url": node.url()?.absoluteString
            default: node.date(using: dates).map { ISO8601DateParser.format($0) }
            }
        #expect(result == expected)
        #expect(node.problems.isEmpty)
    }

    @Test("Array elements and object members carry their paths")
    func paths() throws {
        let document = try JSONDocument(data: Data(#"{"a":[{"b c":[0,{"d":1}]}]}"#.utf8))
        let element = document.root["a"][0]["b c"][1]["d"]
        #expect(element.path.description == #"a[0]["b c"][1].d"#)
        #expect(element.int() == 1)
        #expect(document.root["a"].array()?.first?.path.description == "a[0]")
        #expect(JSONPath.root.description == "(document)")
        #expect(JSONDocument(.array([])).root[3].path.description == "[3]")
    }

    @Test("A bare array of records works as a root")
    func bareArray() throws {
        let document = try JSONDocument(data: Data(#"[{"name":{"first":"A"},"dob":"1990-01-02"}]"#.utf8))
        let people = try Self.decodePeople(document)
        #expect(people == [Person(first: "A", born: CalendarDate(year: 1990, month: 1, day: 2), picture: nil)])
    }

    @Test(
        "Not JSON: the error gives line and column",
        arguments: [
            ("{\"a\":1,}", 1, 8, "expected a key in quotes"),
            ("{\"a\":\n  tru}", 2, 3, "expected true"),
            ("[1, 2", 1, 6, "expected \",\" or \"]\" in an array"),
            ("[01]", 1, 2, "invalid number 01"),
            ("\"\\x\"", 1, 4, "invalid escape sequence"),
            ("", 1, 1, "unexpected end of the document"),
            ("{} {}", 1, 4, "unexpected text after the JSON value"),
        ])
    func syntaxErrors(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(line: line, column: column, message: message)) {
            try JSONDocument(data: Data(text.utf8))
        }
    }

    @Test("JSON values keep numbers as written, key order, and Unicode escapes")
    func values() throws {
        let value = try JSONValue(parsing: #"{"z":1378767519.18176508,"a":12345678901234567890,"s":"\u00e9\ud83d\ude00\n","n":-0.5e-3}"#)
        #expect(value.description == #"{"z":1378767519.18176508,"a":12345678901234567890,"s":"é😀\n","n":-0.5e-3}"#)
        guard case .object(let members) = value, case .number(let big) = members["a"]! else {
            Issue.record("not an object with a number")
            return
        }
        #expect(big.decimalValue == Decimal(string: "12345678901234567890"))
        #expect(big.intValue == nil)
        #expect(try JSONValue(parsing: "[true,false,null]") == .array([.bool(true), .bool(false), .null]))
    }

    @Test("JSONSerialization output converts to JSONValue")
    func fromSerialization() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"b":[1,2.5,true,null,"x"]}"#.utf8))
        #expect(JSONValue(jsonObject: object) == (try JSONValue(parsing: #"{"b":[1,2.5,true,null,"x"]}"#)))
    }
}
