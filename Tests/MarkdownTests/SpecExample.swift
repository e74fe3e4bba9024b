import Foundation
import Testing

/// An example of a spec's test data, as its `spec_tests.py --dump-tests` writes it: the
/// CommonMark spec's (`Fixtures/spec-0.30.json`) and GitHub's (`Fixtures/gfm/`), whose
/// examples also list the extensions they are run with.
struct SpecExample: Decodable, CustomTestStringConvertible, Sendable {
    let example: Int
    let section: String
    let markdown: String
    let html: String
    let extensions: [String]?
    var testDescription: String { "example \(example) (\(section))" }

    /// The examples of `Fixtures/<path>`.
    static func load(_ path: String) -> [SpecExample] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(path)")
        return try! JSONDecoder().decode([SpecExample].self, from: Data(contentsOf: url))
    }
}
