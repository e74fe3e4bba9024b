import Foundation

/// Well-formed JSON with bad records: wrong types in every field, numbers no `Double` holds,
/// `"NaN"` strings, impossible dates, scenarios that end before they start. A bad field is a
/// warning that names the source and the JSON path; the record is kept without the field, or
/// left out when nothing useful remains.
extension HostileCorpus {
    static var wrongTypes: [HostileCase] {
        [
            HostileCase(
                name: "wrong types in every field of a person", runner: .binary,
                files: people("""
                    {"results":[
                     {"name":42,"dob":{"date":"1990-01-01"},"login":{"uuid":"10000000-0000-4000-8000-000000000000"}},
                     {"name":{"title":true,"first":["A"],"last":{"x":1}},"dob":{"date":"1990-01-02"},"login":{"uuid":"10000000-0000-4000-8000-000000000001"}},
                     {"name":{"first":"Dob","last":"Bool"},"dob":true},
                     {"name":{"first":"Dob","last":"Object"},"dob":{"date":{"y":1990},"age":"thirty"}},
                     \(person("Login", "String", "\"login\":\"x\""))
                    ]}
                    """),
                outcome: .warns([]),
                published: ["people/dob-bool/index.html"]
            ),
        ]
    }

    static var numbers: [HostileCase] {
        [
            HostileCase(
                name: "huge and tiny numbers as dates of birth", runner: .binary,
                files: people("""
                    {"results":[
                     {"name":{"first":"Huge","last":"Exponent"},"dob":{"date":1e400,"age":1e400}},
                     {"name":{"first":"Two","last":"To The 64"},"dob":{"date":18446744073709551616}},
                     {"name":{"first":"Minus","last":"Zero"},"dob":{"date":-0}},
                     {"name":{"first":"Tiny","last":"Exponent"},"dob":{"date":1e-400}}
                    ]}
                    """),
                outcome: .warns([]),
                published: ["people/minus-zero/index.html", "people/tiny-exponent/index.html"]
            ),
            HostileCase(
                name: "huge numbers as a distance scenario's start and end", runner: .binary,
                files: scenario("""
                    [{"named":"infinite","unit":"km","start":0,"end":1e400,"events":[{"start":1}]},
                     {"named":"wide","unit":"km","start":-0,"end":18446744073709551616,"events":[{"start":1e-400},{"start":-1e400}]}]
                    """),
                outcome: .warns([]),
                published: ["scenarios/wide/index.html"]
            ),
            HostileCase(
                name: "NaN and Infinity strings in numeric and date fields", runner: .binary,
                files: { [
                    peopleFile: Data("""
                        {"results":[
                         {"name":{"first":"Not","last":"A Number"},"dob":{"date":"NaN","age":"NaN"}},
                         {"name":{"first":"Infinite","last":"Age"},"dob":{"date":"Infinity","age":"Infinity"}}
                        ]}
                        """.utf8),
                    scenarioFile: Data("""
                        [{"named":"nan-start","unit":"km","start":"NaN","end":"Infinity","events":[]},
                         {"named":"nan-date","unit":"date","start":"NaN","end":"Infinity","events":[]},
                         {"named":"nan-event","unit":"km","start":0,"end":10,"replaySeconds":"NaN","events":[{"start":"-Infinity"},{"start":"nan"}]}]
                        """.utf8),
                ] },
                outcome: .warns([]),
                published: ["people/not-a-number/index.html", "scenarios/nan-event/index.html"]
            ),
            HostileCase(
                name: "a 10 MB name", runner: .library,
                files: people(#"{"results":[{"name":{"first":"\#(String(repeating: "a", count: 10_000_000))","last":"Long"},"#
                    + #""dob":{"date":"1990-01-01"},"login":{"uuid":"20000000-0000-4000-8000-000000000000"}}]}"#),
                outcome: .warns([]),
                published: ["people/20000000-0000-4000-8000-000000000000/index.html"]
            ),
            HostileCase(
                name: "a 10 MB date of birth", runner: .binary,
                files: people(#"{"results":[{"name":{"first":"Long","last":"Date"},"dob":{"date":"\#(String(repeating: "9", count: 10_000_000))"}}]}"#),
                outcome: .warns([])
            ),
        ]
    }

    static var dates: [HostileCase] {
        [
            HostileCase(
                name: "impossible and extreme dates of birth", runner: .binary,
                files: people("""
                    {"results":[
                     \(person("Zero", "Date", born: "0000-00-00")),
                     \(person("Leap", "Day", born: "2023-02-29")),
                     \(person("Far", "Future", born: "99999-01-01")),
                     \(person("Year", "Zero", born: "0000-01-01"))
                    ]}
                    """),
                outcome: .warns([])
            ),
            HostileCase(
                name: "impossible and extreme scenario dates", runner: .binary,
                files: scenario("""
                    [{"named":"zero-date","unit":"date","start":"0000-00-00","end":"2000-01-01","events":[]},
                     {"named":"leap","unit":"date","start":"2023-02-29","end":"2024-01-01","events":[]},
                     {"named":"far","unit":"date","start":"2000-01-01","end":"99999-12-31","events":[{"start":"5000-01-01"}]}]
                    """),
                outcome: .warns([])
            ),
        ]
    }

    static var scenarioRanges: [HostileCase] {
        let ranges = """
            [{"named":"backwards","unit":"date","start":"2001-12-31","end":"2001-01-01","events":[{"start":"2001-06-01"}]},
             {"named":"instant","unit":"date","start":"2001-01-01","end":"2001-01-01","events":[{"start":"2001-01-01"}]},
             {"named":"outside","unit":"km","start":10,"end":20,"events":[{"start":15},{"start":5},{"start":25}]}]
            """
        return [
            HostileCase(
                name: "end before start, zero length, events out of range", runner: .binary,
                files: scenario(ranges),
                outcome: .warns([]),
                published: ["scenarios/backwards/index.html", "scenarios/instant/index.html", "scenarios/outside/index.html"]
            ),
            HostileCase(
                name: "the same with --strict", runner: .binary,
                files: scenario(ranges),
                outcome: .fails(exit: 1, ["--strict"]),
                arguments: ["--strict"]
            ),
            HostileCase(
                name: "duplicate ids", runner: .binary,
                files: { [
                    peopleFile: Data("""
                        {"results":[
                         \(person("Ann", "One", "\"login\":{\"uuid\":\"30000000-0000-4000-8000-000000000000\"}")),
                         \(person("Ann", "Two", "\"login\":{\"uuid\":\"30000000-0000-4000-8000-000000000000\"}"))
                        ]}
                        """.utf8),
                    scenarioFile: Data("""
                        [{"named":"good","unit":"km","start":0,"end":1,"events":[]}]
                        """.utf8),
                ] },
                outcome: .warns([])
            ),
        ]
    }
}
