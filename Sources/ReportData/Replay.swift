/// A scenario played back in a given number of seconds, as TimeTranslator's `Active` does:
///
///     displayRatio  = seconds / (endDouble − startDouble)
///     displayTiming = displayRatio × (event.startDouble − startDouble)
///
/// Rules where the seed is silent:
/// - A scenario of zero or negative length (end at or before start; the decoder warns) has
///   `displayRatio` 0 and every event at 0: all events show at once when the replay starts.
/// - Timings are kept within `0...seconds`: an event before the start (the decoder warns)
///   shows at 0, one after the end at `seconds`.
/// - A replay of zero, negative or non-finite length is a zero-length replay: everything at 0.
public struct Replay: Sendable, Hashable {
    /// The length of the replay in seconds (`replay_seconds`).
    public let seconds: Double
    /// Replay seconds per unit of the scenario's axis.
    public let displayRatio: Double
    /// The second of the replay at which each event shows, in the order of `scenario.events`.
    public let timings: [Double]

    public init(_ scenario: Scenario, seconds: Double) {
        let replaySeconds = seconds.isFinite && seconds > 0 ? seconds : 0
        let length = scenario.end.double - scenario.start.double
        let ratio = length.isFinite && length > 0 ? replaySeconds / length : 0
        self.seconds = replaySeconds
        self.displayRatio = ratio
        self.timings = scenario.events.map { event in
            let timing = ratio * (event.start.double - scenario.start.double)
            return timing.isFinite ? min(max(timing, 0), replaySeconds) : 0
        }
    }

    /// The events shown once `elapsed` seconds of the replay have passed (the seed's
    /// `displayed`), as positions in `timings`.
    public func shownEvents(after elapsed: Double) -> [Int] {
        timings.indices.filter { timings[$0] <= elapsed }
    }
}
