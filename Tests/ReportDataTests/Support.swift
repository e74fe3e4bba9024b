import Foundation
import ReportData

/// The hand-written JSON files next to this file.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    static func people(_ name: String) throws -> PeopleDecoding {
        try PeopleDecoder().decode(data(name), source: name)
    }

    static func scenarios(_ name: String, timeZone: TimeZone = berlin) throws -> ScenarioDecoding {
        try ScenarioDecoder(timeZone: timeZone).decode(data(name), source: name)
    }

    static let berlin = TimeZone(identifier: "Europe/Berlin")!
}

extension Data {
    init(json text: String) { self.init(text.utf8) }
}
