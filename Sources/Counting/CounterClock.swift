/// The seed's start / pause / resume / stop / reset, as a value that `counter.js` mirrors:
/// given the times of those calls, it says what the counter shows.
///
/// Times are seconds on any steady clock (the page uses `performance.now() / 1000`).
/// Whenever the counter is not moving — before the start, after a stop or a reset, at the
/// end — it shows the final value, never the first one: the page is right whenever the
/// animation is not running. Only a paused counter shows a value on the way.
///
///     var clock = CounterClock(counter)
///     clock.start(at: 10)
///     clock.displayedValue(at: 10.5)   // counter.value(at: 0.5)
///     clock.pause(at: 11)              // shows counter.value(at: 1) until resumed
public struct CounterClock: Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        /// Not started yet, or reset: shows the final value, `start` plays from the beginning.
        case idle
        case running
        /// Shows the value reached at the pause; `resume` continues from there.
        case paused
        /// Stopped or ran to the end: shows the final value.
        case finished
    }

    public let counter: Counter
    public private(set) var state: State = .idle
    /// Seconds of animation before the latest (re)start of the clock.
    private var elapsedBefore: Double = 0
    /// When the clock last started or resumed; set only while running.
    private var runningSince: Double?

    public init(_ counter: Counter) {
        self.counter = counter
    }

    /// Plays from the beginning, whatever the state (the seed's `count` restarts too).
    public mutating func start(at now: Double) {
        elapsedBefore = 0
        runningSince = now
        state = .running
        update(at: now)
    }

    /// Freezes a running counter on its current value; otherwise does nothing.
    public mutating func pause(at now: Double) {
        update(at: now)
        guard state == .running else { return }
        elapsedBefore = elapsed(at: now)
        runningSince = nil
        state = .paused
    }

    /// Continues a paused counter from where it was; otherwise does nothing.
    public mutating func resume(at now: Double) {
        guard state == .paused else { return }
        runningSince = now
        state = .running
    }

    /// Ends the animation and shows the final value.
    public mutating func stop() {
        elapsedBefore = counter.duration
        runningSince = nil
        state = .finished
    }

    /// Back to the beginning, not running, showing the final value until `start`.
    public mutating func reset() {
        elapsedBefore = 0
        runningSince = nil
        state = .idle
    }

    /// Marks a running counter finished once its duration has passed
    /// (the page does this on the animation frame that reaches the end).
    public mutating func update(at now: Double) {
        if state == .running, elapsed(at: now) >= counter.duration { stop() }
    }

    /// Seconds of animation so far, 0…duration.
    public func elapsed(at now: Double) -> Double {
        let running = runningSince.map { max(now - $0, 0) } ?? 0
        return min(elapsedBefore + running, counter.duration)
    }

    /// What the counter shows at `now`.
    public func displayedValue(at now: Double) -> Double {
        switch state {
        case .idle, .finished: return counter.to
        case .running, .paused: return counter.value(at: elapsed(at: now))
        }
    }

    /// Whether the digits are moving at `now` (running and not yet at the end).
    public func isAnimating(at now: Double) -> Bool {
        state == .running && elapsed(at: now) < counter.duration
    }
}
