import Foundation
import ReportData
import Testing

/// Expected instants computed with Python's `datetime` and `zoneinfo` (Europe/Berlin), e.g.
/// `datetime(1969, 7, 16, 13, 32, tzinfo=ZoneInfo("Europe/Berlin")).timestamp()`.
@Suite struct ScenarioDecoderTests {
    @Test func singleScenarioWithDatetimeUnit() throws {
        let decoding = try Fixture.scenarios("scenario-moonlanding.json")
        #expect(try DocumentCheck.check(Fixture.data("scenario-moonlanding.json"), kind: .scenarios, previousRecordCount: nil) == 1)
        let moon = try #require(decoding.scenarios.first)
        #expect(moon.named == "moonlanding")
        #expect(moon.slug == "moonlanding")
        #expect(moon.nameEn == "Apollo 11")
        #expect(moon.name["de"] == "Apollo 11")
        #expect(moon.textEn == "The first crewed **landing** on the Moon.")
        #expect(moon.text["de"] == "Die erste bemannte **Landung** auf dem Mond.")
        #expect(moon.unit == .datetime)
        #expect(moon.unit.kind == .time)
        // 1969 in West Berlin: no summer time, +01:00.
        #expect(moon.startDouble == -14_556_480)
        #expect(moon.endDouble == -13_853_365)
        #expect(moon.startDate == Date(timeIntervalSince1970: -14_556_480))
        #expect(moon.image?.absoluteString == "https://images.example.org/apollo11.jpg")
        #expect(moon.license == "Public domain")
        #expect(moon.source?.absoluteString == "https://www.nasa.gov/mission_pages/apollo/apollo11.html")
        #expect(moon.totalEvents == 5)
        #expect(moon.majorEvents == 3)
        #expect(moon.events.map(\.index) == [0, 1, 2, 3, 4])
        // Event 1 has its own offset (Z); the others are read in Berlin.
        #expect(moon.events.map(\.startDouble) == [-14_556_480, -14_182_940, -14_162_625, -13_853_365, -13_395_600])
        #expect(moon.events.map(\.text.en) == ["Launch", "The Eagle has landed", "First step", "Splashdown", "Quarantine"])
        #expect(moon.events.map(\.major) == [true, true, true, false, false])
        #expect(moon.events[1].image == nil)
        #expect(moon.events[1].license == nil)
        #expect(moon.events[2].image?.absoluteString == "https://images.example.org/step.jpg")
        #expect(moon.events[2].source?.absoluteString == "/sources/nasa.html")
        #expect(moon.events[2].license == "NASA")
        #expect(
            decoding.problems.map(\.description) == [
                #"scenario-moonlanding.json events[1].image: "javascript:alert(1)" is not a URL: "#
                    + #"the scheme "javascript" is not allowed (allowed: http, https)"#,
                #"scenario-moonlanding.json events[4].start: event 4 of scenario "moonlanding" is after the scenario's end "#
                    + #"("1969-07-24T16:50:35") (found "1969-07-30T00:00:00")"#,
            ])
    }

    @Test func otherTimeZone() throws {
        let utc = try Fixture.scenarios("scenario-moonlanding.json", timeZone: TimeZone(identifier: "UTC")!).scenarios[0]
        #expect(utc.startDouble == -14_556_480 + 3600)
        #expect(utc.events[1].startDouble == -14_182_940)  // has its own offset
    }

    @Test func arrayOfScenariosWithDateAndKmUnits() throws {
        let decoding = try Fixture.scenarios("scenarios-array.json")
        #expect(decoding.problems.isEmpty, "\(decoding.problems)")
        #expect(decoding.scenarios.map(\.slug) == ["berliner-mauer", "marathon"])
        let wall = decoding.scenarios[0]
        #expect(wall.unit == .date)
        #expect(wall.startDouble == -264_646_800)  // 1961-08-13 (date only) at midnight in Berlin
        #expect(wall.endDouble == 626_637_180)  // 1989-11-09T18:53:00
        #expect(wall.events.map(\.startDouble) == [-264_646_800, -205_678_800, 626_637_180])
        #expect(wall.image?.absoluteString == "img/mauer.jpg")  // site-relative is fine
        #expect(wall.majorEvents == 2)
        let marathon = decoding.scenarios[1]
        #expect(marathon.unit == .km)
        #expect(marathon.unit.kind == .distance)
        #expect(marathon.startDate == nil)
        #expect(marathon.endDate == nil)
        #expect(marathon.startDouble == 0)
        #expect(marathon.endDouble == 42.195)
        #expect(marathon.events.map(\.startDouble) == [0, 21.0975, 30, 42.195])  // "42.195" as text is read too
        #expect(marathon.events.allSatisfy { $0.startDate == nil })
        #expect(marathon.image == nil && marathon.license == nil && marathon.source == nil)
    }

    @Test func scenariosObjectWithAstronomicalUnits() throws {
        let decoding = try Fixture.scenarios("scenarios-object.json")
        #expect(decoding.problems.isEmpty, "\(decoding.problems)")
        #expect(try DocumentCheck.check(Fixture.data("scenarios-object.json"), kind: .scenarios, previousRecordCount: nil) == 3)
        #expect(decoding.scenarios.map(\.unit) == [.ae, .miokm, .miomiles])
        #expect(decoding.scenarios.allSatisfy { $0.unit.kind == .astro && !$0.unit.isDate })
        #expect(decoding.scenarios.map(\.startDouble) == [1, 0, 0])
        #expect(decoding.scenarios.map(\.endDouble) == [160.5, 225, 3670])
        #expect(decoding.scenarios.map(\.totalEvents) == [4, 3, 2])
        #expect(decoding.scenarios.map(\.majorEvents) == [3, 2, 1])
        #expect(decoding.scenarios[0].events.map(\.startDouble) == [1, 5.2, 9.5, 121.6])
        #expect(decoding.scenarios[0].origin.description == "scenarios-object.json scenarios[0]")
    }

    @Test func problemsNameTheScenarioAndTheEventIndex() throws {
        let decoding = try Fixture.scenarios("scenarios-problems.json")
        let lines = decoding.problems.map { "\($0.severity.rawValue): \($0)" }
        #expect(
            lines == [
                #"error: scenarios-problems.json scenarios[0].unit: "lightyears" is not a unit of scenario "andromeda" (expected one of: "#
                    + #"datetime, date, ae, miokm, miomiles, km); it is left out"#,
                #"warning: scenarios-problems.json scenarios[1].end: "#
                    + #"scenario "backwards" ends before it starts (start "2000-01-02T00:00:00") (found "2000-01-01T00:00:00")"#,
                #"warning: scenarios-problems.json scenarios[2].end: scenario "instant" has zero length: it ends where it starts; "#
                    + #"its replay shows every event at once (found 5)"#,
                #"warning: scenarios-problems.json scenarios[2].image: "data:image/png;base64,AAAA" is not a URL: "#
                    + #"the scheme "data" is not allowed (allowed: http, https)"#,
                #"warning: scenarios-problems.json scenarios[3].events[2].start: "not a date" is not a date (tried: "#
                    + #"ISO 8601, UNIX time, RFC 1123, RFC 850, asctime)"#,
                #"warning: scenarios-problems.json scenarios[3].events[2]: "#
                    + #"event 2 of scenario "ancient" has no readable start; it is left out"#,
                #"warning: scenarios-problems.json scenarios[3].events[3]: event 3 of scenario "ancient" is not an object but a string; "#
                    + #"it is left out (found "not an event")"#,
                #"warning: scenarios-problems.json scenarios[4].start: "far" is not a number"#,
                #"warning: scenarios-problems.json scenarios[4]: the scenario "no-start" has no readable start or end; it is left out"#,
                #"warning: scenarios-problems.json scenarios[5].named: the scenario "Nameless" has no "named""#,
                #"warning: scenarios-problems.json scenarios[5].events[0].start: "#
                    + #"event 0 of scenario "Nameless" is after the scenario's end (1) (found 2)"#,
                #"error: scenarios-problems.json scenarios[6].unit: the scenario "no-unit" has no unit (expected one of: datetime, date, "#
                    + #"ae, miokm, miomiles, km); it is left out"#,
            ])
        #expect(try DocumentCheck.check(Fixture.data("scenarios-problems.json"), kind: .scenarios, previousRecordCount: nil) == 7)
        // Scenarios 0, 4, 6 and events 2 and 3 of "ancient".
        #expect(decoding.skippedRecords == 5)
        #expect(decoding.scenarios.map(\.slug) == ["backwards", "instant", "ancient", "nameless"])
        #expect(decoding.scenarios[3].unit == .km)  // "KM" is read case-insensitively
        #expect(decoding.scenarios[1].image == nil)
    }

    /// Years before 1582 are proleptic Gregorian; year 0 is 1 BC; a signed expanded year
    /// (`-0044`) is read by ReportData itself. Before 1893 Berlin's zone is local mean time,
    /// +00:53:28 (3208 s), as in the tz database and Python's zoneinfo.
    @Test func datesBeforeTheGregorianReformAndBeforeYearOne() throws {
        let ancient = try #require(try Fixture.scenarios("scenarios-problems.json").scenarios.first { $0.named == "ancient" })
        // Python: date(356, 3, 15) is 400 years (146 097 days) after -0044-03-15.
        #expect(ancient.startDouble == -63_549_320_008)
        #expect(ancient.endDouble == -12_219_296_008)  // 1582-10-15T00:00:00 Berlin
        #expect(ancient.events.map(\.index) == [0, 1, 4])
        #expect(
            ancient.events.map(\.startDouble) == [
                -62_167_222_408,  // 0000-01-01T00:00:00 Berlin
                -30_605_129_608,  // 1000-03-01 Berlin
                -12_220_156_801,  // 1582-10-04T23:59:59Z, ten days and a second before the end
            ])
    }

    /// `replaySeconds` (not in the seed) overrides the site's replay length per scenario; a
    /// value that is not a positive number is ignored with a warning.
    @Test func replaySecondsOverrideIsReadWhenPositive() throws {
        let json = """
            [{"named":"quick","unit":"km","start":0,"end":10,"replaySeconds":12.5,"events":[]},
             {"named":"plain","unit":"km","start":0,"end":10,"events":[]},
             {"named":"negative","unit":"km","start":0,"end":10,"replaySeconds":-3,"events":[]}]
            """
        let decoding = try ScenarioDecoder(timeZone: Fixture.berlin).decode(Data(json: json), source: "r.json")
        #expect(decoding.scenarios.map(\.replaySeconds) == [12.5, nil, nil])
        #expect(
            decoding.problems.map(\.description) == [
                #"r.json [2].replaySeconds: replaySeconds of scenario "negative" must be more than 0, "#
                    + #"found -3.0; the site's replay_seconds is used"#
            ])
    }
}
