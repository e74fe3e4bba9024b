import ReportData

/// The data a site reports on, decoded from every source of `ttsite.yml`.
public struct Report: Sendable {
    public var people: [Person] = []
    public var scenarios: [Scenario] = []
    /// Problems that did not stop the build (skipped records, stale caches, slug collisions).
    public var warnings: [String] = []
    /// Records found but not usable.
    public var skippedRecords = 0
    /// One line per source for `--verbose`: what it held and where it came from.
    public var sourceLines: [String] = []

    public init() {}

    public var eventCount: Int { scenarios.reduce(0) { $0 + $1.events.count } }
}

extension Report {
    /// What content pages may use in Mustache tags: `{{people.count}}`, `{{scenarios.count}}`,
    /// `{{events.count}}`.
    var templateData: [String: Any] {
        [
            "people": ["count": people.count],
            "scenarios": ["count": scenarios.count],
            "events": ["count": eventCount],
        ]
    }
}
