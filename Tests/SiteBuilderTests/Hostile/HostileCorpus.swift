import Foundation

/// The bad-input corpus as data: each case is a hostile input and the outcome ttsite must
/// give, so this table doubles as documentation of how ttsite treats bad input.
///
/// Expected messages were written from the spec (exit codes, `FILE:LINE:` and
/// `SOURCE JSON.PATH: cause`) and checked by hand against the input: line and column
/// numbers by counting in the input text, JSON paths by reading the document.
enum HostileCorpus {
    static var cases: [HostileCase] {
        malformedJSON + wrongTypes + numbers + dates + scenarioRanges + names + collisions + content
    }

    static let peopleFile = "Content/data/people.json"
    static let scenarioFile = "Content/data/scenarios/1-hostile.json"

    /// The people file replaced by `text`.
    static func people(_ text: String) -> @Sendable () -> [String: Data] {
        { [peopleFile: Data(text.utf8)] }
    }

    /// The people file replaced by `bytes`.
    static func people(bytes: @escaping @Sendable () -> Data) -> @Sendable () -> [String: Data] {
        { [peopleFile: bytes()] }
    }

    /// A scenario file added beside the good one.
    static func scenario(_ text: String) -> @Sendable () -> [String: Data] {
        { [scenarioFile: Data(text.utf8)] }
    }

    /// One person record with a name and a date of birth, and `extra` members.
    static func person(_ first: String, _ last: String, born: String = "1990-01-01", _ extra: String = "") -> String {
        #"{"name":{"first":"\#(first)","last":"\#(last)"},"dob":{"date":"\#(born)"}\#(extra.isEmpty ? "" : "," + extra)}"#
    }
}
