import Foundation

/// One event of a scenario's timeline.
public struct ScenarioEvent: Sendable, Hashable {
    /// The position of the event in the source's `events` array (also when an earlier event
    /// was left out).
    public let index: Int
    /// Where the event sits on the scenario's axis.
    public let start: ScenarioPoint
    /// `textEn`/`textDe`: Markdown, rendered by the site in safe mode.
    public let text: LocalizedText
    public let major: Bool
    /// http(s) or site-relative; nil when missing or not acceptable.
    public let image: URL?
    public let license: String?
    /// http(s) or site-relative; nil when missing or not acceptable.
    public let source: URL?

    public init(
        index: Int, start: ScenarioPoint, text: LocalizedText = LocalizedText(), major: Bool = false,
        image: URL? = nil, license: String? = nil, source: URL? = nil
    ) {
        self.index = index
        self.start = start
        self.text = text
        self.major = major
        self.image = image
        self.license = license
        self.source = source
    }

    /// The seed's `startDate`.
    public var startDate: Date? { start.date }
    /// The seed's `startDouble`.
    public var startDouble: Double { start.double }
}

/// A point on a scenario's axis: an instant for date units (`double` = seconds since 1970),
/// a plain number for the others (`date` nil).
public struct ScenarioPoint: Sendable, Hashable {
    public let date: Date?
    public let double: Double

    public init(date: Date) {
        self.date = date
        self.double = date.timeIntervalSince1970
    }

    public init(_ double: Double) {
        self.date = nil
        self.double = double
    }
}
