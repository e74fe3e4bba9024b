import Foundation
import ReportData
import Testing

/// Expected values computed with Python from the fixture's instants (see ScenarioDecoderTests):
/// `ratio = 60 / (end - start)`, `timing = ratio * (event - start)`.
@Suite struct ReplayTests {
    @Test func moonlandingInSixtySeconds() throws {
        let moon = try Fixture.scenarios("scenario-moonlanding.json").scenarios[0]
        let replay = moon.replay(seconds: 60)
        #expect(replay.seconds == 60)
        #expect(abs(replay.displayRatio - 8.533454698022372e-05) < 1e-18)
        let expected = [0.0, 31.875866678992768, 33.60943800089601, 60.0, 60.0]  // the last is after the end: kept at 60
        #expect(replay.timings.count == expected.count)
        for (timing, value) in zip(replay.timings, expected) { #expect(abs(timing - value) < 1e-9) }
        #expect(replay.shownEvents(after: 32) == [0, 1])
        #expect(replay.shownEvents(after: 0) == [0])
    }

    @Test func marathonAndVoyager() throws {
        let decoding = try Fixture.scenarios("scenarios-array.json")
        let marathon = decoding.scenarios[1].replay(seconds: 60)
        for (timing, value) in zip(marathon.timings, [0.0, 30.0, 42.65908282971916, 60.0]) { #expect(abs(timing - value) < 1e-9) }
        let voyager = try Fixture.scenarios("scenarios-object.json").scenarios[0].replay(seconds: 60)
        #expect(abs(voyager.displayRatio - 0.3761755485893417) < 1e-15)
        for (timing, value) in zip(voyager.timings, [0.0, 1.5799373040752354, 3.1974921630094046, 45.36677115987461]) {
            #expect(abs(timing - value) < 1e-9)
        }
    }

    @Test func zeroLengthShowsEveryEventAtOnce() throws {
        let instant = try #require(try Fixture.scenarios("scenarios-problems.json").scenarios.first { $0.named == "instant" })
        let replay = instant.replay(seconds: 60)
        #expect(replay.displayRatio == 0)
        #expect(replay.timings == [0, 0])
    }

    @Test func endBeforeStartIsAZeroLengthReplay() throws {
        let backwards = try #require(try Fixture.scenarios("scenarios-problems.json").scenarios.first { $0.named == "backwards" })
        #expect(backwards.length == -86_400)
        #expect(backwards.replay(seconds: 60).timings == [0])
    }

    @Test(arguments: [0.0, -5, .infinity, .nan])
    func replayOfNoLength(_ seconds: Double) throws {
        let moon = try Fixture.scenarios("scenario-moonlanding.json").scenarios[0]
        let replay = moon.replay(seconds: seconds)
        #expect(replay.seconds == 0)
        #expect(replay.timings == [0, 0, 0, 0, 0])
    }

    @Test func eventBeforeTheStartShowsAtZero() {
        let scenario = Scenario(
            named: "t", slug: "t", unit: .km, start: ScenarioPoint(10), end: ScenarioPoint(20),
            events: [ScenarioEvent(index: 0, start: ScenarioPoint(5)), ScenarioEvent(index: 1, start: ScenarioPoint(15))]
        )
        let replay = scenario.replay(seconds: 10)
        #expect(replay.displayRatio == 1)
        #expect(replay.timings == [0, 5])
    }
}
