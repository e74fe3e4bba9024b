import Foundation

/// The seed's component counts of a `TimeInterval`, as `Double` so that the caller decides
/// how to round. Counts use the fixed lengths of `TimeComponent.fixedLength` and keep the
/// interval's sign.
extension TimeInterval {
    public var seconds: Double { count(of: .seconds) }
    public var minutes: Double { count(of: .minutes) }
    public var hours: Double { count(of: .hours) }
    public var days: Double { count(of: .days) }
    public var weeks: Double { count(of: .weeks) }
    public var months: Double { count(of: .months) }
    public var years: Double { count(of: .years) }
    public var centuries: Double { count(of: .centuries) }
    public var millennia: Double { count(of: .millennia) }

    /// How many fixed-length `component`s fit in this interval, with the interval's sign.
    public func count(of component: TimeComponent) -> Double {
        self / component.fixedLength
    }
}
