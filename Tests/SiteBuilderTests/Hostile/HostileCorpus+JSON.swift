import Foundation

/// Documents that are not JSON, or not the JSON ttsite reads: the source is unusable, so the
/// build fails with exit code 3 (as for a URL without a cached copy) and a message that names
/// the file, the line and column, and the cause.
extension HostileCorpus {
    static var malformedJSON: [HostileCase] {
        [
            HostileCase(
                name: "truncated JSON", runner: .binary,
                files: people(#"{"results":[{"name":{"first":"Ann""#),
                // The text ends after column 34: reading stops at column 35.
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is not JSON: line 1, column 35: expected \",\" or \"}\" in an object"]
                )
            ),
            HostileCase(
                name: "trailing comma", runner: .binary,
                files: people("{\"results\":[\n  {\"name\":{\"first\":\"Ann\",\"last\":\"Lee\"}},\n]}\n"),
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is not JSON: line 3, column 1: unexpected character \"]\""])
            ),
            HostileCase(
                name: "line comment", runner: .library,
                files: people("// everyone\n{\"results\":[]}\n"),
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is not JSON: line 1, column 1: unexpected character \"/\""])
            ),
            HostileCase(
                name: "block comment", runner: .library,
                files: people("{\"results\":[ /* nobody */ ]}"),
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is not JSON: line 1, column 14: unexpected character \"/\""])
            ),
            HostileCase(
                name: "UTF-8 byte order mark (accepted)", runner: .library,
                files: people(bytes: { Data([0xEF, 0xBB, 0xBF]) + Data(#"{"results":[\#(person("Bom", "Person"))]}"#.utf8) }),
                outcome: .warns([]),
                published: ["people/bom-person/index.html"]
            ),
            HostileCase(
                name: "empty people file (0 bytes)", runner: .binary,
                files: people(""),
                outcome: .fails(exit: 3, ["Content/data/people.json: the file is empty"])
            ),
            // The base site was published with people: an export that became empty is
            // refused (the shrink guard), unless the build is told it is meant.
            HostileCase(
                name: "people file with no people", runner: .binary,
                files: people(#"{"results":[]}"#),
                outcome: .fails(
                    exit: 1, ["Content/data/people.json: the source has no people now, but the last published build had", "--allow-shrink"])
            ),
            HostileCase(
                name: "people file with no people, --allow-shrink", runner: .library,
                files: people(#"{"results":[]}"#),
                outcome: .warns([]),
                arguments: ["--allow-shrink"],
                published: ["people/index.html"],
                unpublished: ["people/grace-hopper/index.html"]
            ),
            HostileCase(
                name: "people file: an object of the wrong shape", runner: .binary,
                files: people(#"{"people":[\#(person("Ann", "Lee"))]}"#),
                outcome: .fails(
                    exit: 3,
                    [
                        "Content/data/people.json: expected people: "
                            + "an object with \"results\" or an array, found an object without \"results\""
                    ])
            ),
            HostileCase(
                name: "people file: results is an object", runner: .library,
                files: people(#"{"results":{"0":\#(person("Ann", "Lee"))}}"#),
                outcome: .fails(exit: 3, ["Content/data/people.json: expected \"results\" to be an array of people, found an object"])
            ),
            HostileCase(
                name: "people file: a bare string", runner: .library,
                files: people(#""Ann Lee""#),
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: expected people: an object with \"results\" or an array, found a string"])
            ),
            HostileCase(
                name: "an HTML page instead of JSON", runner: .library,
                files: people("<!DOCTYPE html><html><body>Sign in to the Wi-Fi</body></html>"),
                outcome: .fails(
                    exit: 3,
                    [
                        "Content/data/people.json: the file is HTML or XML, "
                            + "not JSON (it starts with \"<!DOCTYPE html><html><body>Sign in to th\")"
                    ])
            ),
            HostileCase(
                name: "an API error object", runner: .library,
                files: people(#"{"error":"Uh oh, something has gone wrong"}"#),
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is an error message, not data: Uh oh, something has gone wrong"])
            ),
            HostileCase(
                name: "100,000 nested arrays", runner: .binary,
                files: people(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
                // The 513th "[" is at column 513.
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is not JSON: line 1, column 513: nested more than 512 levels deep"])
            ),
            HostileCase(
                name: "100,000 nested objects inside a scenario's events", runner: .binary,
                files: scenario(
                    #"{"named":"deep","unit":"km","start":0,"end":1,"events":"#
                        + String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "}"),
                // Two levels before `events`, then 5 characters per level from column 56: 56 + 5 × 511 = 2611.
                outcome: .fails(
                    exit: 3, [scenarioFile + ": the document is not JSON: line 1, column 2611: nested more than 512 levels deep"])
            ),
            HostileCase(
                name: "invalid UTF-8 inside a JSON string", runner: .binary,
                files: people(bytes: { Data(#"{"results":[{"name":{"first":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}}]}"#.utf8) }),
                // Reading stops after the closing quote: 30 characters, two undecodable bytes, the quote.
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is not JSON: line 1, column 34: invalid UTF-8 in a string"])
            ),
            HostileCase(
                name: "invalid UTF-8 outside strings", runner: .library,
                files: people(bytes: { Data("{\"results\":\n[\u{20}".utf8) + Data([0xFF]) + Data("]}".utf8) }),
                outcome: .fails(exit: 3, ["Content/data/people.json: the document is not JSON: line 2, column 3: unexpected character"])
            ),
            HostileCase(
                name: "an unpaired surrogate escape", runner: .library,
                files: people(#"{"results":[{"name":{"first":"\ud800x"}}]}"#),
                // The escape is at columns 31–36; the parser stops after it, at "x" (column 37).
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is not JSON: line 1, column 37: unpaired surrogate in \\u escape"])
            ),
            HostileCase(
                name: "a NUL byte inside a string", runner: .library,
                files: people(bytes: { Data(#"{"results":[{"name":{"first":"A"#.utf8) + Data([0]) + Data(#""}}]}"#.utf8) }),
                // The NUL is the 32nd byte.
                outcome: .fails(
                    exit: 3, ["Content/data/people.json: the document is not JSON: line 1, column 32: control character in a string"])
            ),
        ]
    }
}
