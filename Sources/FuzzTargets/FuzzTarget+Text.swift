import CivilTime
import Foundation
import IntervalText
import ValueTransformers

/// Text the data and the config carry: dates, and interval-text language descriptions.
extension FuzzTarget {
    /// The date parsers: ISO 8601, the three HTTP date forms, and patterns. The first line is
    /// also taken as a pattern (`date_formats:` is written by users) to parse the rest with.
    public static let dates = FuzzTarget("dates") { bytes in
        let text = String(fuzzed: bytes)
        for parser in dateParsers {
            _ = try? parser.parse(text)
        }
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        if lines.count == 2, let pattern = try? DatePattern(String(lines[0]), now: reference) {
            if let date = try? pattern.parse(String(lines[1])) { _ = pattern.format(date.date()) }
        }
    }

    /// An `interval_text` language description (JSON here; YAML in the config decodes to
    /// the same type), applied to English and used to say a few spans.
    public static let intervalText = FuzzTarget("interval-text") { bytes in
        guard let description = try? JSONDecoder().decode(LanguageDescription.self, from: Data(bytes)),
              let language = try? IntervalText.Language.resolve(code: "en", description: description) else { return }
        let formatter = IntervalFormatter(language: language)
        for (count, component) in [(1.0, TimeComponent.days), (3, .months), (21, .years), (0.5, .hours), (112, .minutes), (2, .millennia)] {
            _ = formatter.string(count, component, .past)
            _ = formatter.string(count, component, .future)
            _ = formatter.standalone(count, component)
        }
    }

    private static let reference = Date(timeIntervalSince1970: 1_795_334_400)
    private static let dateParsers: [any DateTextParser] = [
        ISO8601DateParser(),
        HTTPDateParser(.rfc1123, now: reference),
        HTTPDateParser(.rfc850, now: reference),
        HTTPDateParser(.asctime, now: reference),
        try! DatePattern("dd.MM.yyyy", now: reference),
        try! DatePattern("d MMMM yyyy", now: reference),
    ]
}
