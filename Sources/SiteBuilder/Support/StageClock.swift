import Foundation

/// The wall and CPU time of each stage of a build, and the process's peak memory at its end,
/// for `--verbose`: one line a stage, so a slow stage, or the one that raises the peak, shows
/// without a profiler. CPU is the whole process's (every thread), so a stage that renders on
/// every core shows more CPU than wall time.
struct StageClock: Sendable {
    struct Lap: Sendable, Equatable {
        let stage: String
        let wall: Duration
        let cpu: Duration
        /// The most memory the process held at once so far (its peak resident set), in bytes.
        let peakMemory: Int
    }

    private(set) var laps: [Lap] = []
    private var wall = ContinuousClock.now
    private var cpu = Self.processCPU()

    /// Ends the stage that ran since the last lap (or since the clock was made).
    mutating func lap(_ stage: String) {
        let (wallNow, cpuNow) = (ContinuousClock.now, Self.processCPU())
        laps.append(Lap(stage: stage, wall: wallNow - wall, cpu: cpuNow - cpu, peakMemory: Self.peakMemory()))
        (wall, cpu) = (wallNow, cpuNow)
    }

    /// `stage queries: 12.3 ms wall, 20.1 ms CPU, peak 58 MiB`, a line a lap.
    var lines: [String] {
        laps.map {
            "stage \($0.stage): \(Self.milliseconds($0.wall)) ms wall, \(Self.milliseconds($0.cpu)) ms CPU, "
                + "peak \($0.peakMemory >> 20) MiB"
        }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
    }

    /// The process's peak resident set, in bytes (the kernel counts it in KiB on Linux, in
    /// bytes on Darwin).
    static func peakMemory() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
            return Int(usage.ru_maxrss)
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// The CPU time the process has used, all its threads together.
    private static func processCPU() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
