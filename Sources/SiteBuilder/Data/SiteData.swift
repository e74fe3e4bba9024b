import ReportData
import TemplateEngine

/// The data a site reports on, decoded from every source of `ttsite.yml`.
public struct SiteData: Sendable {
    public var people: [Person] = []
    public var scenarios: [Scenario] = []
    /// Problems that did not stop the build (skipped records, stale caches, slug collisions).
    public var warnings: [String] = []
    /// Records found but not usable.
    public var skippedRecords = 0
    /// One line per source for `--verbose`: what it held and where it came from.
    public var sourceLines: [String] = []
    /// How many records each source of the config gave, for the shrink guard.
    public var sourceCounts: [SourceCount] = []

    public init() {}

    public var eventCount: Int { scenarios.reduce(0) { $0 + $1.events.count } }
}

/// The records one source of `ttsite.yml` gave: every document of a folder or URL together.
public struct SourceCount: Sendable, Equatable {
    /// What a source counts: people, scenarios, or the rows of a table of `data:`.
    public enum Kind: String, Sendable, Equatable {
        case people, scenarios, rows
    }

    public var kind: Kind
    /// The source as `ttsite.yml` names it: a path or a URL.
    public var source: String
    public var records: Int

    /// The key the record of published builds keeps it under.
    var key: String { "\(kind.rawValue) \(source)" }
}

extension SiteData {
    /// What content pages may use in Mustache tags: `{{people.count}}`, `{{scenarios.count}}`,
    /// `{{events.count}}`.
    var templateData: [String: TemplateValue] {
        Counts(people: .init(count: people.count), scenarios: .init(count: scenarios.count), events: .init(count: eventCount))
            .templateKeys
    }

    private struct Counts: TemplateView {
        struct Count: Sendable, Encodable {
            let count: Int
        }

        let people: Count
        let scenarios: Count
        let events: Count
    }
}
