import DataSources
import Foundation
import ValueTransformers

/// Reads TimeTranslator scenarios: one scenario per document, an array of them, or
/// `{"scenarios": […]}`.
///
/// Rules:
/// - An unknown or missing `unit` is an error; the scenario is left out.
/// - An unreadable or missing `start` or `end` leaves the scenario out with a warning (it
///   cannot be placed on an axis).
/// - End before start, a zero-length scenario, and an event outside `[start, end]` are
///   warnings; the scenario and the event are kept.
/// - An event that is not an object or has no readable `start` is left out with a warning;
///   the others keep their `index` (the position in the source array).
/// - `image`/`source` URLs other than http(s) or site-relative are dropped with a warning.
/// - `replaySeconds` (optional, not in the seed) sets the scenario's replay length; anything
///   but a positive finite number is ignored with a warning.
public struct ScenarioDecoder: RecordDecoder {
    private let dates: ScenarioDates
    private let links = URLTransformer(allowedSchemes: ["http", "https"], allowsRelative: true)
    private let numbers = NumberTransformer()

    /// - Parameters:
    ///   - timeZone: the zone of dates written without an offset (`time_zone` of `ttsite.yml`).
    ///   - dateFormats: extra date patterns (`date_formats`), tried after ISO 8601 and the others.
    /// - Throws: when a format is not a supported pattern.
    public init(timeZone: TimeZone, dateFormats: [String] = []) throws(DateTextError) {
        dates = try ScenarioDates(timeZone: timeZone, formats: dateFormats)
    }

    public static let kind = RecordKind.scenarios

    /// The scenarios of the record nodes of a checked document.
    public func decode(_ records: [JSONNode], of document: JSONDocument, source: String) -> Decoding<Scenario> {
        var reading = Reading(problems: document.problems)
        var scenarios: [Scenario] = []
        for record in records {
            if let scenario = scenario(record, source: source, &reading) { scenarios.append(scenario) } else { reading.skipped += 1 }
        }
        var problems = document.problems.all.enumerated().map { position, problem in
            DataProblem(problem, source: source, severity: reading.errors.contains(position) ? .error : .warning)
        }
        let unique = SlugAllocator.unique(scenarios)
        problems += unique.problems
        return Decoding(records: unique.scenarios, problems: problems, skippedRecords: reading.skipped)
    }

    /// Counts kept while reading one document.
    private struct Reading {
        let problems: DecodingProblems
        /// Positions in `problems` of those that are errors.
        var errors: Set<Int> = []
        var skipped = 0

        mutating func error(_ node: JSONNode, _ message: String) {
            node.report(message)
            errors.insert(problems.count - 1)
        }
    }

    private func scenario(_ record: JSONNode, source: String, _ reading: inout Reading) -> Scenario? {
        guard case .object = record.value else {
            record.report("expected a scenario (an object), found \(record.value?.kindDescription ?? "nothing"); it is left out")
            return nil
        }
        let named = record["named"].string()?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let name = LocalizedText(en: record["nameEn"].string() ?? "", de: record["nameDe"].string() ?? "")
        let label = named.isEmpty ? (name.en.isEmpty ? "at \(record.path)" : "\"\(name.en)\"") : "\"\(named)\""
        if named.isEmpty { record["named"].report("the scenario \(label) has no \"named\"") }

        let unitNode = record["unit"]
        let allowed = ScenarioUnit.allCases.map(\.rawValue).joined(separator: ", ")
        guard let unitText = unitNode.string() else {
            if !unitNode.isPresent {
                reading.error(unitNode, "the scenario \(label) has no unit (expected one of: \(allowed)); it is left out")
            } else {
                reading.errors.insert(reading.problems.count - 1)
            }
            return nil
        }
        guard let unit = ScenarioUnit(rawValue: unitText.trimmingCharacters(in: .whitespaces).lowercased()) else {
            reading.error(unitNode, "\"\(unitText)\" is not a unit of scenario \(label) (expected one of: \(allowed)); it is left out")
            return nil
        }
        let start = point(record["start"], unit: unit)
        let end = point(record["end"], unit: unit)
        guard let start, let end else {
            record.report("the scenario \(label) has no readable start or end; it is left out")
            return nil
        }
        if end.double < start.double {
            record["end"].report("scenario \(label) ends before it starts (start \(text(record["start"])))")
        } else if end.double == start.double {
            record["end"].report("scenario \(label) has zero length: it ends where it starts; its replay shows every event at once")
        }

        var events: [ScenarioEvent] = []
        for node in record["events"].array() ?? [] {
            guard let event = event(node, unit: unit, label: label) else {
                reading.skipped += 1
                continue
            }
            if start.double <= end.double, event.start.double < start.double {
                node["start"].report("event \(event.index) of scenario \(label) is before the scenario's start (\(text(record["start"])))")
            } else if start.double <= end.double, event.start.double > end.double {
                node["start"].report("event \(event.index) of scenario \(label) is after the scenario's end (\(text(record["end"])))")
            }
            events.append(event)
        }
        var replaySeconds = record["replaySeconds"].number()
        if let seconds = replaySeconds, !(seconds.isFinite && seconds > 0) {
            record["replaySeconds"].report(
                "replaySeconds of scenario \(label) must be more than 0, found \(seconds); the site's replay_seconds is used")
            replaySeconds = nil
        }
        var slug =
            Slug.make(from: named) ?? Slug.make(from: name.en)
            ?? Slug.hashed("scenario", [named, name.en, name.de])
        if Slug.isTakenByLists(slug) { slug = "scenario-" + slug }
        return Scenario(
            named: named, slug: slug, name: name,
            text: LocalizedText(en: record["textEn"].string() ?? "", de: record["textDe"].string() ?? ""),
            unit: unit, start: start, end: end, image: record["image"].url(using: links),
            license: nonEmpty(record["license"].string()), source: record["source"].url(using: links),
            events: events, origin: RecordOrigin(source: source, path: record.path.description),
            replaySeconds: replaySeconds
        )
    }

    private func event(_ node: JSONNode, unit: ScenarioUnit, label: String) -> ScenarioEvent? {
        guard case .index(let index) = node.path.components.last else { return nil }
        guard case .object = node.value else {
            node.report(
                "event \(index) of scenario \(label) is not an object but \(node.value?.kindDescription ?? "nothing"); it is left out")
            return nil
        }
        guard let start = point(node["start"], unit: unit) else {
            node.report("event \(index) of scenario \(label) has no readable start; it is left out")
            return nil
        }
        return ScenarioEvent(
            index: index, start: start,
            text: LocalizedText(en: node["textEn"].string() ?? "", de: node["textDe"].string() ?? ""),
            major: node["major"].bool() ?? false, image: node["image"].url(using: links),
            license: nonEmpty(node["license"].string()), source: node["source"].url(using: links)
        )
    }

    /// A start or end: an instant for date units, a number for the others.
    private func point(_ node: JSONNode, unit: ScenarioUnit) -> ScenarioPoint? {
        if unit.isDate {
            return dates.read(node).map { ScenarioPoint(date: $0) }
        }
        return node.transformed(to: Double.self, using: numbers, .required).map { ScenarioPoint($0) }
    }

    private func text(_ node: JSONNode) -> String { node.value?.description ?? "missing" }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
