import Foundation

/// Well-formed JSON with bad records: wrong types in every field, numbers no `Double` holds,
/// `"NaN"` strings, impossible dates, scenarios that end before they start. A bad field is a
/// warning that names the source and the JSON path; the record is kept without the field, or
/// left out when nothing useful remains.
extension HostileCorpus {
    private static let peopleAt = peopleFile + " "
    private static let scenariosAt = scenarioFile + " "
    private static let notADate = "is not a date (tried: ISO 8601, UNIX time, RFC 1123, RFC 850, asctime)"

    static var wrongTypes: [HostileCase] {
        [
            HostileCase(
                name: "wrong types in every field of a person", runner: .binary,
                files: people(
                    """
                    {"results":[
                     {"name":42,"dob":{"date":"1990-01-01"},"login":{"uuid":"10000000-0000-4000-8000-000000000000"}},
                     {"name":{"title":true,"first":["A"],"last":{"x":1}},"dob":{"date":"1990-01-02"},\
                    "login":{"uuid":"10000000-0000-4000-8000-000000000001"}},
                     {"name":{"first":"Dob","last":"Bool"},"dob":true},
                     {"name":{"first":"Dob","last":"Object"},"dob":{"date":{"y":1990},"age":"thirty"}},
                     \(person("Login", "String", "\"login\":\"x\""))
                    ]}
                    """),
                outcome: .warns([
                    [peopleAt + "results[0].name: expected an object, found the number 42; it is ignored"],
                    [peopleAt + "results[1].name.title: expected a string, found the Boolean true"],
                    [peopleAt + "results[1].name.first: expected a string, found an array"],
                    [peopleAt + "results[1].name.last: expected a string, found an object"],
                    [peopleAt + "results[2].dob: true is not a date"],
                    [peopleAt + "results[3].dob.date: ", "is not a date (no date transformer turns an object into a date)"],
                    [peopleAt + "results[4].login: expected an object, found a string; it is ignored"],
                ]),
                // Every record keeps what is readable: a name, or else a date of birth.
                published: [
                    "people/10000000-0000-4000-8000-000000000000/index.html", "people/10000000-0000-4000-8000-000000000001/index.html",
                    "people/dob-bool/index.html", "people/dob-object/index.html", "people/login-string/index.html",
                ]
            )
        ]
    }

    static var numbers: [HostileCase] {
        [
            HostileCase(
                name: "huge and tiny numbers as dates of birth", runner: .binary,
                files: people(
                    """
                    {"results":[
                     {"name":{"first":"Huge","last":"Exponent"},"dob":{"date":1e400,"age":1e400}},
                     {"name":{"first":"Two","last":"To The 64"},"dob":{"date":18446744073709551616}},
                     {"name":{"first":"Minus","last":"Zero"},"dob":{"date":-0}},
                     {"name":{"first":"Tiny","last":"Exponent"},"dob":{"date":1e-400}}
                    ]}
                    """),
                outcome: .warns([
                    [peopleAt + "results[0].dob.date: inf is not a date (tried: UNIX time) (found 1e400)"],
                    [
                        peopleAt
                            + "results[1].dob.date: 1.8446744073709552e+19 is not a date (tried: UNIX time) (found 18446744073709551616)"
                    ],
                ]),
                // -0 and 1e-400 (which underflows to 0) are UNIX time 0: 1970-01-01, a real date.
                published: ["people/minus-zero/index.html", "people/tiny-exponent/index.html", "people/huge-exponent/index.html"]
            ),
            HostileCase(
                name: "huge numbers as a distance scenario's start and end", runner: .binary,
                files: scenario(
                    """
                    [{"named":"infinite","unit":"km","start":0,"end":1e400,"events":[{"start":1}]},
                     {"named":"wide","unit":"km","start":-0,"end":18446744073709551616,"events":[{"start":1e-400},{"start":-1e400}]}]
                    """),
                outcome: .warns([
                    [scenariosAt + "[0].end: ", "is not a number: it is too large (it would be infinite) (found 1e400)"],
                    [scenariosAt + "[0]: the scenario \"infinite\" has no readable start or end; it is left out"],
                    [scenariosAt + "[1].events[1].start: ", "is not a number: it is too large (it would be infinite) (found -1e400)"],
                    [scenariosAt + "[1].events[1]: event 1 of scenario \"wide\" has no readable start; it is left out"],
                ]),
                published: ["scenarios/wide/index.html"],
                unpublished: ["scenarios/infinite/index.html"]
            ),
            HostileCase(
                name: "NaN and Infinity strings in numeric and date fields", runner: .binary,
                files: {
                    [
                        peopleFile: Data(
                            """
                            {"results":[
                             {"name":{"first":"Not","last":"A Number"},"dob":{"date":"NaN","age":"NaN"}},
                             {"name":{"first":"Infinite","last":"Age"},"dob":{"date":"Infinity","age":"Infinity"}}
                            ]}
                            """.utf8),
                        scenarioFile: Data(
                            """
                            [{"named":"nan-start","unit":"km","start":"NaN","end":"Infinity","events":[]},
                             {"named":"nan-date","unit":"date","start":"NaN","end":"Infinity","events":[]},
                             {"named":"nan-event","unit":"km","start":0,"end":10,"replaySeconds":"NaN",\
                            "events":[{"start":"-Infinity"},{"start":"nan"}]}]
                            """.utf8),
                    ]
                },
                outcome: .warns([
                    [peopleAt + "results[0].dob.date: \"NaN\" \(notADate)"],
                    [peopleAt + "results[1].dob.date: \"Infinity\" \(notADate)"],
                    [scenariosAt + "[0].start: \"NaN\" is not a number"],
                    [scenariosAt + "[0].end: \"Infinity\" is not a number"],
                    [scenariosAt + "[0]: the scenario \"nan-start\" has no readable start or end; it is left out"],
                    [scenariosAt + "[1].start: \"NaN\" \(notADate)"],
                    [scenariosAt + "[1].end: \"Infinity\" \(notADate)"],
                    [scenariosAt + "[1]: the scenario \"nan-date\" has no readable start or end; it is left out"],
                    [scenariosAt + "[2].events[0].start: \"-Infinity\" is not a number"],
                    [scenariosAt + "[2].events[0]: event 0 of scenario \"nan-event\" has no readable start; it is left out"],
                    [scenariosAt + "[2].events[1].start: \"nan\" is not a number"],
                    [scenariosAt + "[2].events[1]: event 1 of scenario \"nan-event\" has no readable start; it is left out"],
                    [scenariosAt + "[2].replaySeconds: expected a number, found a string (found \"NaN\")"],
                ]),
                published: ["people/not-a-number/index.html", "scenarios/nan-event/index.html"],
                unpublished: ["scenarios/nan-start/index.html", "scenarios/nan-date/index.html"]
            ),
            HostileCase(
                name: "a 10 MB name", runner: .library,
                files: people(
                    #"{"results":[{"name":{"first":"\#(String(repeating: "a", count: 10_000_000))","last":"Long"},"#
                        + #""dob":{"date":"1990-01-01"},"login":{"uuid":"20000000-0000-4000-8000-000000000000"}}]}"#),
                outcome: .warns([]),
                published: ["people/\(String(repeating: "a", count: 80))/index.html"]
            ),
            HostileCase(
                name: "a 10 MB date of birth", runner: .binary,
                files: people(
                    #"{"results":[{"name":{"first":"Long","last":"Date"},"dob":{"date":"\#(String(repeating: "9", count: 10_000_000))"}}]}"#
                ),
                // The value is quoted shortened to 80 characters, never 10 MB into a log.
                outcome: .warns([[peopleAt + "results[0].dob.date: \"99999999", "… \(notADate)"]]),
                published: ["people/long-date/index.html"]
            ),
        ]
    }

    static var dates: [HostileCase] {
        [
            HostileCase(
                name: "impossible and extreme dates of birth", runner: .binary,
                files: people(
                    """
                    {"results":[
                     \(person("Zero", "Date", born: "0000-00-00")),
                     \(person("Leap", "Day", born: "2023-02-29")),
                     \(person("Far", "Future", born: "99999-01-01")),
                     \(person("Year", "Zero", born: "0000-01-01"))
                    ]}
                    """),
                // Year 0000 is a real ISO 8601 year (1 BC); 2023 is not a leap year; five-digit
                // years are outside ISO 8601's four.
                outcome: .warns([
                    [peopleAt + "results[0].dob.date: \"0000-00-00\" \(notADate)"],
                    [peopleAt + "results[1].dob.date: \"2023-02-29\" \(notADate)"],
                    [peopleAt + "results[2].dob.date: \"99999-01-01\" \(notADate)"],
                ]),
                published: ["people/zero-date/index.html", "people/leap-day/index.html", "people/year-zero/index.html"]
            ),
            HostileCase(
                name: "impossible and extreme scenario dates", runner: .binary,
                files: scenario(
                    """
                    [{"named":"zero-date","unit":"date","start":"0000-00-00","end":"2000-01-01","events":[]},
                     {"named":"leap","unit":"date","start":"2023-02-29","end":"2024-01-01","events":[]},
                     {"named":"far","unit":"date","start":"2000-01-01","end":"99999-12-31","events":[{"start":"5000-01-01"}]}]
                    """),
                outcome: .warns([
                    [scenariosAt + "[0].start: \"0000-00-00\" \(notADate)"],
                    [scenariosAt + "[0]: the scenario \"zero-date\" has no readable start or end; it is left out"],
                    [scenariosAt + "[1].start: \"2023-02-29\" \(notADate)"],
                    [scenariosAt + "[1]: the scenario \"leap\" has no readable start or end; it is left out"],
                    [scenariosAt + "[2].end: \"99999-12-31\" \(notADate)"],
                    [scenariosAt + "[2]: the scenario \"far\" has no readable start or end; it is left out"],
                ]),
                unpublished: ["scenarios/zero-date/index.html", "scenarios/leap/index.html", "scenarios/far/index.html"]
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
                outcome: .warns(rangeWarnings),
                published: ["scenarios/backwards/index.html", "scenarios/instant/index.html", "scenarios/outside/index.html"]
            ),
            HostileCase(
                name: "the same with --strict", runner: .binary,
                files: scenario(ranges),
                outcome: .fails(exit: 1, [rangeWarnings[0][0]]),
                arguments: ["--strict"]
            ),
            HostileCase(
                name: "duplicate ids", runner: .binary,
                files: {
                    [
                        peopleFile: Data(
                            """
                            {"results":[
                             \(person("Ann", "One", "\"login\":{\"uuid\":\"30000000-0000-4000-8000-000000000000\"}")),
                             \(person("Ann", "Two", "\"login\":{\"uuid\":\"30000000-0000-4000-8000-000000000000\"}"))
                            ]}
                            """.utf8),
                        scenarioFile: Data(
                            """
                            [{"named":"good","unit":"km","start":0,"end":1,"events":[]}]
                            """.utf8),
                    ]
                },
                // Ties in the stable key (the same id) go by input order; the scenario "good" of
                // the hostile file ranks after the base site's, whose origin sorts first.
                outcome: .warns([
                    [
                        peopleAt
                            + "results[1]: the id \"30000000-0000-4000-8000-000000000000\" is also the id of Content/data/people.json "
                            + "results[0] (\"Ann One\"); both keep their pages"
                    ],
                    [
                        scenariosAt
                            + "[0]: the page name \"good\" is already taken by Content/data/scenarios/0-good.json (document) "
                            + "(\"good\"); \"good\" gets \"good-2\""
                    ],
                ]),
                published: [
                    "people/ann-one/index.html", "people/ann-two/index.html",
                    "scenarios/good/index.html", "scenarios/good-2/index.html",
                ]
            ),
        ]
    }

    static let rangeWarnings: [[String]] = [
        [scenariosAt + "[0].end: scenario \"backwards\" ends before it starts (start \"2001-12-31\") (found \"2001-01-01\")"],
        [scenariosAt + "[1].end: scenario \"instant\" has zero length: it ends where it starts; its replay shows every event at once"],
        [scenariosAt + "[2].events[1].start: event 1 of scenario \"outside\" is before the scenario's start (10) (found 5)"],
        [scenariosAt + "[2].events[2].start: event 2 of scenario \"outside\" is after the scenario's end (20) (found 25)"],
    ]
}
