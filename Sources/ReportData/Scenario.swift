import Foundation

/// A timeline from TimeTranslator JSON: the seed's `Scenario` with its events.
public struct Scenario: Sendable, Hashable {
    /// The scenario's key in the source API (`moonlanding`).
    public let named: String
    /// The page name: `named` in `a-z`, `0-9` and `-`, unique among the scenarios decoded together.
    public var slug: String
    /// `nameEn`/`nameDe`.
    public let name: LocalizedText
    /// `textEn`/`textDe`: Markdown, rendered by the site in safe mode.
    public let text: LocalizedText
    public let unit: ScenarioUnit
    public let start: ScenarioPoint
    public let end: ScenarioPoint
    /// http(s) or site-relative; nil when missing or not acceptable.
    public let image: URL?
    public let license: String?
    /// http(s) or site-relative; nil when missing or not acceptable.
    public let source: URL?
    /// The events that could be read, in source order.
    public let events: [ScenarioEvent]
    /// The source and JSON path of the scenario, for messages.
    public let origin: RecordOrigin
    /// `replaySeconds`: this scenario's replay length, replacing the site's `replay_seconds`
    /// (not in the seed; nil when absent or not a positive number).
    public var replaySeconds: Double?

    public init(
        named: String, slug: String, name: LocalizedText = LocalizedText(), text: LocalizedText = LocalizedText(),
        unit: ScenarioUnit, start: ScenarioPoint, end: ScenarioPoint, image: URL? = nil, license: String? = nil,
        source: URL? = nil, events: [ScenarioEvent] = [], origin: RecordOrigin = RecordOrigin(source: "", path: ""),
        replaySeconds: Double? = nil
    ) {
        self.named = named
        self.slug = slug
        self.name = name
        self.text = text
        self.unit = unit
        self.start = start
        self.end = end
        self.image = image
        self.license = license
        self.source = source
        self.events = events
        self.origin = origin
        self.replaySeconds = replaySeconds
    }

    /// The seed's `totalEvents`: the events read.
    public var totalEvents: Int { events.count }
    /// The seed's `majorEvents`.
    public var majorEvents: Int { events.count { $0.major } }
    /// `endDouble − startDouble`: seconds for date units, the unit's numbers otherwise.
    public var length: Double { end.double - start.double }

    /// The seed's names, for templates and readers of the seed.
    public var nameEn: String { name.en }
    public var nameDe: String { name.de }
    public var textEn: String { text.en }
    public var textDe: String { text.de }
    public var startDate: Date? { start.date }
    public var startDouble: Double { start.double }
    public var endDate: Date? { end.date }
    public var endDouble: Double { end.double }

    /// This scenario played back in `seconds` (`replay_seconds`): see `Replay` for the rules.
    public func replay(seconds: Double) -> Replay {
        Replay(self, seconds: seconds)
    }
}
