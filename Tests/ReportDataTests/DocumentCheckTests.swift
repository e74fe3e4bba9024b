import DataSources
import Foundation
import ReportData
import Testing

@Suite struct DocumentCheckTests {
    @Test(arguments: [
        ("", "the document is empty"),
        ("  \n", "the document is empty"),
        (
            "<!DOCTYPE html>\n<html><body>Service unavailable</body></html>",
            #"the document is HTML or XML, not JSON (it starts with "<!DOCTYPE html> <html><body>Service unav")"#
        ),
        ("{\"results\": [\n  {\"name\": }\n]}", #"the document is not JSON: line 2, column 12: unexpected character "}""#),
        (
            #"{"error": "Uh oh, something has gone wrong. Please tweet us @randomapi about the issue. Thank you."}"#,
            "the document is an error message, not data: Uh oh, something has gone wrong. "
                + "Please tweet us @randomapi about the issue. Thank you."
        ),
        (#"{"error": {"code": 503}}"#, #"the document is an error message, not data: {"code":503}"#),
        (#"{"info": {}}"#, #"expected people: an object with "results" or an array, found an object without "results""#),
        (#"{"results": {"name": "x"}}"#, #"expected "results" to be an array of people, found an object"#),
        ("42", "expected people: an object with \"results\" or an array, found the number 42"),
    ])
    func peopleDocumentsThatAreNotData(_ text: String, _ reason: String) {
        #expect(throws: DocumentRejection(reason)) {
            try DocumentCheck.check(Data(json: text), kind: .people, previousRecordCount: nil)
        }
        // The decoder reports the same as one error for the whole document.
        let decoding = try! PeopleDecoder().decode(Data(json: text), source: "https://randomuser.me/api/")
        #expect(decoding.problems.map(\.description) == ["https://randomuser.me/api/: " + reason])
        #expect(decoding.problems.map(\.severity) == [.error])
        #expect(decoding.people.isEmpty)
    }

    @Test func emptyResultWhereTheCacheHadPeople() throws {
        let empty = Data(json: #"{"results": [], "info": {"results": 0}}"#)
        #expect(throws: DocumentRejection("the document has no people, but the last good copy had 50")) {
            try DocumentCheck.check(empty, kind: .people, previousRecordCount: 50)
        }
        #expect(try DocumentCheck.check(empty, kind: .people, previousRecordCount: 0) == 0)
        #expect(try DocumentCheck.check(empty, kind: .people, previousRecordCount: nil) == 0)
        #expect(try DocumentCheck.check(Fixture.data("people-v1.4.json"), kind: .people, previousRecordCount: 50) == 4)
        #expect(try DocumentCheck.check(Fixture.data("people-bare-array.json"), kind: .people, previousRecordCount: 2) == 2)
    }

    @Test func scenarioShapes() throws {
        #expect(try DocumentCheck.check(Fixture.data("scenario-moonlanding.json"), kind: .scenarios, previousRecordCount: 1) == 1)
        #expect(try DocumentCheck.check(Fixture.data("scenarios-array.json"), kind: .scenarios, previousRecordCount: 1) == 2)
        #expect(try DocumentCheck.check(Fixture.data("scenarios-object.json"), kind: .scenarios, previousRecordCount: nil) == 3)
        #expect(throws: DocumentRejection("the document has no scenarios, but the last good copy had 3")) {
            try DocumentCheck.check(Data(json: #"{"scenarios": []}"#), kind: .scenarios, previousRecordCount: 3)
        }
        #expect(throws: DocumentRejection(#"expected "scenarios" to be an array, found a string"#)) {
            try DocumentCheck.check(Data(json: #"{"scenarios": "none"}"#), kind: .scenarios, previousRecordCount: nil)
        }
        #expect(
            throws: DocumentRejection(
                #"expected a scenario (an object with "named", "unit", "start", "end" and "events"), "#
                    + #"an array of them or {"scenarios": […]}, found an object with none of these keys"#
            )
        ) {
            try DocumentCheck.check(Data(json: #"{"results": []}"#), kind: .scenarios, previousRecordCount: nil)
        }
        let decoding = try ScenarioDecoder(timeZone: .gmt).decode(Data(json: #"{"error": "not found"}"#), source: "moon.json")
        #expect(decoding.problems.map(\.description) == ["moon.json: the document is an error message, not data: not found"])
        #expect(decoding.problems.containsError)
    }

    @Test func badDateFormatIsAConfigurationError() {
        #expect(throws: (any Error).self) { try PeopleDecoder(dateFormats: ["yyyy-QQQ"]) }
        #expect(throws: (any Error).self) { try ScenarioDecoder(timeZone: .gmt, dateFormats: ["yyyy-QQQ"]) }
    }

    @Test func configuredDateFormatsAreTried() throws {
        let data = Data(json: #"[{"name": {"first": "Anna", "last": "Berg"}, "dob": "08.03.1992"}]"#)
        #expect(try PeopleDecoder().decode(data, source: "a").people[0].birthDate == nil)
        #expect(try PeopleDecoder(dateFormats: ["dd.MM.yyyy"]).decode(data, source: "a").people[0].birthDate?.description == "1992-03-08")
    }
}
