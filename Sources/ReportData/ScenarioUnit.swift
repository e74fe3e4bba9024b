/// What a scenario's axis measures (the seed's `unit`).
public enum ScenarioUnit: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Instants: start and end are `yyyy-MM-dd'T'HH:mm:ss` texts.
    case datetime
    /// Days: start and end are `yyyy-MM-dd'T'HH:mm:ss` or `yyyy-MM-dd` texts.
    case date
    /// Astronomical units (numbers).
    case ae
    /// Millions of kilometres (numbers).
    case miokm
    /// Millions of miles (numbers).
    case miomiles
    /// Kilometres (numbers).
    case km

    /// The seed's four kinds of unit.
    public enum Kind: String, Sendable, Hashable {
        case time, date, astro, distance
    }

    public var kind: Kind {
        switch self {
        case .datetime: .time
        case .date: .date
        case .ae, .miokm, .miomiles: .astro
        case .km: .distance
        }
    }

    /// Whether start and end are dates (and their doubles seconds since 1970).
    public var isDate: Bool { self == .datetime || self == .date }

    /// The spelling of the source.
    public var description: String { rawValue }
}
