import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// `data_outputs`: off unless asked for; when on, what the pages show and nothing else. The
/// quality gates check every file against the JSON Schemas of Docs/schemas as well.
@Suite struct DataOutputsTests {
    static func site(_ config: String) throws -> TestSite {
        try TestSite(
            PeopleSite.text(
                """
                {"results":[
                 {"name":{"first":"anna","last":"alpha"},"dob":"1990-11-24 10:00:00","nat":"DE",\
                "email":"anna@example.com","phone":"555-0100",
                  "login":{"uuid":"00000000-0000-4000-8000-00000000000a","password":"secret"},"location":{"city":"Bremen"}},
                 {"name":{"first":"Finn","last":"Zeta"}}
                ]}
                """, title: "Data", languages: nil, config: config))
    }

    @Test func offUnlessAskedFor() throws {
        let site = try Self.site("")
        defer { site.remove() }
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("people/index.json").path))
    }

    /// 2026-11-22 in Berlin: Anna (born 1990-11-24) is 35, her birthday in 2 days; Finn has no date.
    @Test func whatThePagesShowAndNothingElse() throws {
        let site = try Self.site("data_outputs: true\nbase_url: https://example.org/d/")
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let text = try site.read("people/index.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        #expect(document["generated"] as? String == "2026-11-22T08:00:00Z")
        let people = try #require(document["people"] as? [[String: Any]])
        #expect(people.count == 2)
        #expect(people[0]["name"] as? String == "Anna Alpha")
        #expect(people[0]["url"] as? String == "https://example.org/d/people/anna-alpha/")
        #expect(people[0]["birthday"] as? String == "1990-11-24")
        #expect(people[0]["age"] as? Int == 35)
        #expect(people[0]["next_birthday"] as? String == "2026-11-24")
        #expect(people[0]["days_until_birthday"] as? Int == 2)
        #expect(people[0]["nationality"] as? String == "DE")
        #expect(Set(people[0].keys) == ["name", "url", "birthday", "age", "next_birthday", "days_until_birthday", "nationality"])
        #expect(people[1]["birthday"] is NSNull && people[1]["age"] is NSNull)
        for secret in ["example.com", "555-0100", "secret", "Bremen", "00000000-0000-4000-8000-00000000000a"] {
            #expect(!text.contains(secret), "\(secret)")
        }
    }
}
