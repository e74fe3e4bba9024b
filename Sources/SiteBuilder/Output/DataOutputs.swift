import CivilTime
import Foundation
import ReportData

/// The machine-readable copies of the report (`data_outputs: true`), for dashboards and
/// scripts, in a versioned shape documented by the JSON Schemas of `Docs/schemas/`:
///
/// - `people/index.json`: every person as the pages show them — name, page, birth date, age,
///   next birthday and the days until it, nationality — in birthday order; nothing else of the
///   records.
/// - `scenarios/index.json`: every timeline with its span and counts;
/// - `scenarios/<slug>/index.json`: a timeline with its events, their positions on the axis
///   (0 to 1) and their replay delays, as its page places them.
///
/// Dates are ISO 8601 (calendar dates as written; instants in UTC), independent of the page
/// languages; URLs are the default language's pages, absolute with a `base_url`, else
/// relative to the site root.
enum DataOutputs {
    /// Bumped when a field changes meaning or goes away; new fields keep the version.
    static let version = 1

    /// Where `files` writes, known before the files are made (links of Content pages may lead
    /// to them).
    static func paths(scenarios: [Scenario], config: SiteConfig, routes: Routes) -> [String] {
        guard config.dataOutputs else { return [] }
        let language = config.defaultLanguage
        var paths: [String] = []
        if !config.people.isEmpty { paths.append(routes.peopleData(language: language)) }
        if !config.scenarios.isEmpty {
            paths.append(routes.scenariosData(language: language))
            paths += scenarios.map { routes.timelineData($0.slug, language: language) }
        }
        return paths
    }

    static func files(
        people: [PersonFacts], scenarios: [Scenario], config: SiteConfig, routes: Routes, now: Date
    ) -> [OutputFile] {
        let language = config.defaultLanguage
        let url = { (path: String) in config.baseURL.map { Routes.absolute(path, baseURL: $0) } ?? path }
        var files: [OutputFile] = []
        if !config.people.isEmpty {
            let document = PeopleDocument(
                version: version, generated: CivilText.isoUTC(now),
                people: people.map { facts in
                    let person = facts.person
                    return PersonEntry(
                        name: person.displayName, url: url(routes.person(person.slug, language: language)),
                        birthday: person.birthDate.map(CivilText.isoDate), age: facts.age,
                        next_birthday: facts.nextBirthday.map(CivilText.isoDate), days_until_birthday: facts.daysUntilBirthday,
                        nationality: person.nationality
                    )
                }
            )
            files.append(OutputFile(path: routes.peopleData(language: language), bytes: encode(document)))
        }
        if !config.scenarios.isEmpty {
            let layouts = scenarios.map { TimelineLayout($0, siteReplaySeconds: config.replaySeconds) }
            let summaries = layouts.map { layout in
                let scenario = layout.scenario
                return TimelineSummary(
                    slug: scenario.slug, named: scenario.named, name: Names(en: scenario.name.en, de: scenario.name.de),
                    url: url(routes.timeline(scenario.slug, language: language)), unit: scenario.unit.rawValue,
                    start: point(scenario.start), end: point(scenario.end),
                    events: scenario.totalEvents, major_events: scenario.majorEvents
                )
            }
            files.append(
                OutputFile(
                    path: routes.scenariosData(language: language),
                    bytes: encode(ScenariosDocument(version: version, generated: CivilText.isoUTC(now), scenarios: summaries))))
            for (layout, summary) in zip(layouts, summaries) {
                let document = TimelineDocument(
                    version: version, generated: CivilText.isoUTC(now), scenario: summary,
                    replay_seconds: layout.replaySeconds,
                    events: layout.entries.map { entry in
                        EventEntry(
                            index: entry.event.index, at: point(entry.event.start),
                            text: Names(en: entry.event.text.en, de: entry.event.text.de), major: entry.event.major,
                            position: entry.position, delay_seconds: entry.delay,
                            before_start: entry.isBeforeStart, after_end: entry.isAfterEnd
                        )
                    }
                )
                files.append(OutputFile(path: routes.timelineData(layout.scenario.slug, language: language), bytes: encode(document)))
            }
        }
        return files
    }

    /// An instant in UTC for the date units, the number itself for distances.
    private static func point(_ point: ScenarioPoint) -> Point {
        if let date = point.date { return .instant(CivilText.isoUTC(date)) }
        return .number(point.double)
    }

    private static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and Booleans only: encoding cannot fail (non-finite numbers never
        // reach here: a scenario with one is left out by its decoder).
        return Array(try! encoder.encode(value)) + [UInt8(ascii: "\n")]
    }

    private struct PeopleDocument: Encodable {
        let version: Int
        let generated: String
        let people: [PersonEntry]
    }

    // Named as the published JSON names its keys.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct PersonEntry: Encodable {
        let name: String
        let url: String
        let birthday: String?
        let age: Int?
        let next_birthday: String?
        let days_until_birthday: Int?
        let nationality: String?

        func encode(to encoder: any Encoder) throws {
            // Unknown values are null rather than missing: one shape for every person.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(url, forKey: .url)
            try container.encode(birthday, forKey: .birthday)
            try container.encode(age, forKey: .age)
            try container.encode(next_birthday, forKey: .next_birthday)
            try container.encode(days_until_birthday, forKey: .days_until_birthday)
            try container.encode(nationality, forKey: .nationality)
        }

        private enum CodingKeys: String, CodingKey {
            case name, url, birthday, age, next_birthday, days_until_birthday, nationality
        }
    }

    private struct Names: Encodable {
        let en: String
        let de: String
    }

    private enum Point: Encodable {
        case instant(String)
        case number(Double)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .instant(let text): try container.encode(text)
            case .number(let value): try container.encode(value)
            }
        }
    }

    // Named as the published JSON names its keys.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct TimelineSummary: Encodable {
        let slug: String
        let named: String
        let name: Names
        let url: String
        let unit: String
        let start: Point
        let end: Point
        let events: Int
        let major_events: Int
    }

    private struct ScenariosDocument: Encodable {
        let version: Int
        let generated: String
        let scenarios: [TimelineSummary]
    }

    // Named as the published JSON names its keys.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct EventEntry: Encodable {
        let index: Int
        let at: Point
        let text: Names
        let major: Bool
        let position: Double
        let delay_seconds: Double
        let before_start: Bool
        let after_end: Bool
    }

    // Named as the published JSON names its keys.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct TimelineDocument: Encodable {
        let version: Int
        let generated: String
        let scenario: TimelineSummary
        let replay_seconds: Double
        let events: [EventEntry]
    }
}
