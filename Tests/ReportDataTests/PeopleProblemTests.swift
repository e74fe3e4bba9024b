import Foundation
import ReportData
import Testing

@Suite struct PeopleProblemTests {
    @Test func badRecordsAreReportedWithPathAndValue() throws {
        let decoding = try Fixture.people("people-problems.json")
        #expect(
            decoding.problems.map(\.description) == [
                #"people-problems.json results[0].picture.large: "javascript:alert(1)" is not a URL: "#
                    + #"the scheme "javascript" is not allowed (allowed: http, https)"#,
                #"people-problems.json results[0].picture.thumbnail: "data:image/png;base64,AAAA" is not a URL: "#
                    + #"the scheme "data" is not allowed (allowed: http, https)"#,
                #"people-problems.json results[1].dob.date: "31-02-1990" is not a date (tried: "#
                    + #"ISO 8601, UNIX time, RFC 1123, RFC 850, asctime)"#,
                #"people-problems.json results[2]: expected a person (an object), found a string; "#
                    + #"the record is left out (found "not a person")"#,
                #"people-problems.json results[3].dob: the date of birth is missing; pages show "n/a""#,
                #"people-problems.json results[3]: the person has neither a name nor a date of birth; the record is left out"#,
                #"people-problems.json results[4].dob: the date of birth is missing; pages show "n/a""#,
                #"people-problems.json results[5].name.first: expected a string, found the number 42"#,
                // Three names written alike in a–z share "zoe-muller" without a warning: page
                // names from names are numbered quietly (see recordsWithProblemsAreKeptWhenUseful).
            ])
        #expect(decoding.problems.allSatisfy { $0.severity == .warning })
        #expect(decoding.skippedRecords == 2)
        #expect(try DocumentCheck.check(Fixture.data("people-problems.json"), kind: .people, previousRecordCount: nil) == 6)
    }

    @Test func problemFieldsAreSeparate() throws {
        let problem = try Fixture.people("people-problems.json").problems[2]
        #expect(problem.source == "people-problems.json")
        #expect(problem.path == "results[1].dob.date")
        #expect(problem.value == #""31-02-1990""#)
        #expect(problem.severity == .warning)
    }

    @Test func recordsWithProblemsAreKeptWhenUseful() throws {
        let people = try Fixture.people("people-problems.json").people
        #expect(people.map(\.fullName) == ["Zoë Müller", "Zoe Muller", "Zoé Muller", "Zero"])
        // Ranked by id (FNV-1a of name and birth date, from Python): Zoe 8ca3…, Zoë 9ed4…, Zoé bb45….
        #expect(people.map(\.slug) == ["zoe-muller-2", "zoe-muller", "zoe-muller-3", "zero"])
        // Written with -05:00, 23:30 stays February 28: never shifted through a zone.
        #expect(people[0].birthDate?.description == "1990-02-28")
        #expect(people[0].picture?.large == nil)
        #expect(people[0].picture?.medium?.absoluteString == "https://randomuser.me/api/portraits/med/women/1.jpg")
        #expect(people[0].picture?.thumbnail == nil)
        #expect(people[1].birthDate == nil)
        #expect(people[1].picture == nil)
        #expect(people[3].id == "zero-one")
        #expect(people[3].initials == "Z")
        #expect(people[3].nationality == nil)
    }

    /// Keys whose values must never reach the model or a message.
    static let privateKeys: Set<String> = [
        "email", "phone", "cell", "password", "salt", "md5", "sha1", "sha256", "username", "SSN",
        "street", "city", "state", "postcode", "zip", "latitude", "longitude", "registered", "value",
    ]

    static func privateValues(_ json: Any, key: String? = nil, into values: inout Set<String>) {
        switch json {
        case let object as [String: Any]:
            for (childKey, child) in object { privateValues(child, key: privateKeys.contains(childKey) ? childKey : key, into: &values) }
        case let array as [Any]:
            for child in array { privateValues(child, key: key, into: &values) }
        case let string as String where key != nil && string.count >= 4:
            values.insert(string)
        case let number as NSNumber where key != nil && number.stringValue.count >= 6:
            values.insert(number.stringValue)
        default:
            break
        }
    }

    static let peopleFixtures = [
        "people-v1.4.json", "people-v1.3.json", "people-v1.2.json", "people-v1.1.json", "people-v1.0.json",
        "people-v0-user.json", "people-bare-array.json", "people-inc.json", "people-problems.json",
    ]

    @Test(arguments: peopleFixtures)
    func privateFieldsNeverLeaveTheDecoder(_ name: String) throws {
        let data = try Fixture.data(name)
        var secrets = Set<String>()
        Self.privateValues(try JSONSerialization.jsonObject(with: data), into: &secrets)
        // The fixture really has some, else the test proves nothing.
        if name != "people-inc.json" { #expect(secrets.count >= 5) }
        let decoding = try PeopleDecoder().decode(data, source: name)
        let model = String(reflecting: decoding.people)
        let messages = decoding.problems.map { "\($0) \(String(reflecting: $0))" }.joined(separator: "\n")
        for secret in secrets.sorted() {
            #expect(!model.contains(secret), "\(secret) leaked into the model")
            #expect(!messages.contains(secret), "\(secret) leaked into a problem")
        }
    }
}
