import Foundation
import ReportData

/// The source documents: the JSON parser with the record check, and the two decoders.
extension FuzzTarget {
    /// `DocumentCheck.parse` and `check`: the JSON parser every source document goes through.
    public static let json = FuzzTarget("json") { bytes in
        let data = Data(bytes)
        guard let document = try? DocumentCheck.parse(data) else { return }
        for kind in RecordKind.allCases {
            _ = try? DocumentCheck.check(document, kind: kind, previousRecordCount: 10)
        }
    }

    /// `PeopleDecoder` on a document, with a date format of the config's kind.
    public static let people = FuzzTarget("people") { bytes in
        _ = peopleDecoder.decode(Data(bytes), source: "fuzz.json")
    }

    /// `ScenarioDecoder` on a document, in a time zone with daylight saving.
    public static let scenarios = FuzzTarget("scenarios") { bytes in
        _ = scenarioDecoder.decode(Data(bytes), source: "fuzz.json")
    }

    private static let peopleDecoder = try! PeopleDecoder(dateFormats: ["dd.MM.yyyy"])
    private static let scenarioDecoder = try! ScenarioDecoder(timeZone: TimeZone(identifier: "Europe/Berlin")!, dateFormats: ["dd.MM.yyyy"])
}
