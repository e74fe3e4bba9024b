import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// `ttsite build --verbose` prints each stage's wall and CPU time and the peak memory so far,
/// in the order the stages run; a build that finds nothing changed times the stages it ran.
/// Only the shape is checked: times depend on the machine.
@Suite struct StageClockTests {
    static let stages = [
        "config", "lock", "read", "up-to-date check", "decode", "content", "tables", "pictures", "templates", "queries", "derive",
        "feed texts", "feeds", "checks", "write", "publish", "record",
    ]

    /// The stage lines of `details`: each stage's name, with its wall and CPU times and the
    /// peak memory in MiB.
    static func laps(_ details: [String]) throws -> [(stage: String, wall: Double, cpu: Double, peak: Int)] {
        try details.filter { $0.hasPrefix("stage ") }.map { line in
            let match = try #require(
                line.wholeMatch(of: /stage (.+): (\d+\.\d) ms wall, (\d+\.\d) ms CPU, peak (\d+) MiB/), "\(line)")
            return (String(match.1), Double(match.2)!, Double(match.3)!, Int(match.4)!)
        }
    }

    @Test func everyStageIsTimedInTheOrderItRuns() throws {
        let site = try DataReportTests.site(
            """
            ```ttsite query all
            SELECT mission FROM missions
            ```

            ```ttsite table data=all
            ```
            """)
        defer { site.remove() }
        let laps = try Self.laps(try site.build().details)
        #expect(laps.map(\.stage) == Self.stages)
        // The build's CPU shows: the stages together used some.
        #expect(laps.reduce(0) { $0 + $1.cpu } > 0)
        // A peak never falls, and this process (the test runner) holds more than a MiB.
        #expect(zip(laps, laps.dropFirst()).allSatisfy { $0.peak <= $1.peak } && laps[0].peak >= 1)

        let again = try Self.laps(try site.build().details)
        #expect(again.map(\.stage) == ["config", "lock", "read", "up-to-date check"])
    }

    @Test func aLapIsTheTimeSinceTheLastOne() throws {
        var clock = StageClock()
        clock.lap("first")
        // About 20 ms of CPU spent on purpose: a lap counts it, the next does not.
        let start = ProcessInfo.processInfo.systemUptime
        var spin = 0
        while ProcessInfo.processInfo.systemUptime - start < 0.02 { spin &+= 1 }
        clock.lap("spin")
        clock.lap("nothing")
        #expect(clock.laps.map(\.stage) == ["first", "spin", "nothing"])
        #expect(clock.laps[1].wall >= .milliseconds(20))
        #expect(clock.laps[1].cpu > .zero)
        #expect(clock.lines.count == 3 && clock.lines[1].hasPrefix("stage spin: "))
        #expect(spin > 0)
    }

    /// The peak is in bytes: about what the process holds now, as the kernel says it in
    /// `/proc/self/statm` (resident pages), or more; not a count of KiB taken for bytes, a
    /// thousandth of it. (Not "at least": the kernel sums each thread's counts lazily, and
    /// with other tests running the two reads differed by 0.4 MB of 226 MB.)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm"), "Linux says it in /proc"))
    func thePeakIsAtLeastWhatIsHeldNow() throws {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        let resident = try #require(Int(statm[1])) * Int(sysconf(Int32(_SC_PAGESIZE)))
        let peak = StageClock.peakMemory()
        #expect(peak >= resident / 2 && peak < 64 << 30, "peak \(peak), resident \(resident)")
    }
}
