import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// `ttsite build --verbose` prints each stage's wall and CPU time, in the order the stages run;
/// a build that finds nothing changed times the stages it ran. Only the shape is checked:
/// times depend on the machine.
@Suite struct StageClockTests {
    static let stages = [
        "config", "lock", "read", "up-to-date check", "decode", "content", "tables", "pictures", "templates", "queries", "derive",
        "markdown",
        "feeds and charts", "checks", "write", "publish", "record",
    ]

    /// The stage lines of `details`: each stage's name, with its wall and CPU times.
    static func laps(_ details: [String]) throws -> [(stage: String, wall: Double, cpu: Double)] {
        try details.filter { $0.hasPrefix("stage ") }.map { line in
            let match = try #require(line.wholeMatch(of: /stage (.+): (\d+\.\d) ms wall, (\d+\.\d) ms CPU/), "\(line)")
            return (String(match.1), Double(match.2)!, Double(match.3)!)
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
}
