import CivilTime
import Foundation
import ReportData
import TestSupport
import Testing

@testable import SiteBuilder

/// The derive stage's types on their own: the numbers below are worked out by hand from the
/// rules in each type's comment.
struct PersonFactsTests {
    static let today = calendarDay("2026-11-22")

    static func person(_ name: String, born: String?, slug: String? = nil) -> Person {
        Person(
            id: slug ?? name, slug: slug ?? name.lowercased().replacingOccurrences(of: " ", with: "-"),
            first: name, birthDate: born.map(calendarDay)
        )
    }

    @Test(arguments: [
        // born, age, next birthday, days until it
        ("1990-11-22", 36, "2026-11-22", 0),  // the birthday is today
        ("1990-11-23", 35, "2026-11-23", 1),
        ("1990-11-21", 36, "2027-11-21", 364),  // yesterday: a year less a day away
        ("2004-02-29", 22, "2027-02-28", 98),  // 2027 is a common year: Feb 28
        ("2026-11-22", 0, "2027-11-22", 365),  // born today: the first birthday is next year
    ])
    func factsOnTheBuildsDay(born: String, age: Int, next: String, days: Int) {
        let facts = PersonFacts(Self.person("A", born: born), today: Self.today)
        #expect(facts.age == age)
        #expect(facts.nextBirthday == calendarDay(next))
        #expect(facts.daysUntilBirthday == days)
    }

    @Test func noDateOrADateAfterTodayCountsNothing() {
        for born in [nil, "2026-11-23"] {
            let facts = PersonFacts(Self.person("A", born: born), today: Self.today)
            #expect(facts.age == nil && facts.nextBirthday == nil && facts.daysUntilBirthday == nil)
        }
    }

    @Test func birthdayOrder() {
        let people = [
            Self.person("Nobody", born: nil),
            Self.person("Zoe", born: "1980-12-01"),  // 9 days
            Self.person("Anna", born: "1970-12-01"),  // 9 days: before Zoe by name
            Self.person("Today", born: "2000-11-22"),  // 0 days
            Self.person("Also nobody", born: nil),
            Self.person("Ärger", born: "1990-12-01"),  // 9 days: Ä sorts with A, after Anna
        ]
        let order = PersonFacts.inBirthdayOrder(people, today: Self.today).map(\.person.first)
        #expect(order == ["Today", "Anna", "Ärger", "Zoe", "Also nobody", "Nobody"])
    }
}

struct AgeHistogramTests {
    @Test func decadesFromTheYoungestToTheOldest() {
        let histogram = AgeHistogram(ages: [34, 38, 12, nil, 61, 30, nil])
        #expect(
            histogram.bars == [
                .init(from: 10, count: 1), .init(from: 20, count: 0), .init(from: 30, count: 3),
                .init(from: 40, count: 0), .init(from: 50, count: 0), .init(from: 60, count: 1),
            ])
        #expect(histogram.unknown == 2)
        #expect(histogram.largest == 3)
    }

    @Test func nobodyWithAnAge() {
        let histogram = AgeHistogram(ages: [nil, nil])
        #expect(histogram.bars.isEmpty && histogram.unknown == 2 && histogram.largest == 0)
    }
}

struct TimelineLayoutTests {
    static func scenario(start: Double, end: Double, events: [Double], replaySeconds: Double? = nil) -> Scenario {
        Scenario(
            named: "s", slug: "s", unit: .km, start: ScenarioPoint(start), end: ScenarioPoint(end),
            events: events.enumerated().map { ScenarioEvent(index: $0.offset, start: ScenarioPoint($0.element)) },
            replaySeconds: replaySeconds
        )
    }

    @Test func positionsGapsAndDelays() {
        // Axis 100 … 300 km, replay 60 s: 150 km is 25 % along and shows at 15 s.
        let layout = TimelineLayout(Self.scenario(start: 100, end: 300, events: [250, 150, 50, 400, 150]), siteReplaySeconds: 60)
        #expect(layout.entries.map(\.event.index) == [2, 1, 4, 0, 3])  // time order, ties in document order
        #expect(layout.entries.map(\.position) == [0, 0.25, 0.25, 0.75, 1])
        #expect(layout.entries.map(\.gap) == [0, 0.25, 0, 0.5, 0.25])
        #expect(layout.entries.map(\.delay) == [0, 15, 15, 45, 60])
        #expect(layout.entries.map(\.isBeforeStart) == [true, false, false, false, false])
        #expect(layout.entries.map(\.isAfterEnd) == [false, false, false, false, true])
        #expect(
            layout.styleRules == """
                .timeline-replay{--replay:60.00s}
                .event-2{--at:0.00%;--gap:0.0000;--delay:0.00s}
                .event-1{--at:25.00%;--gap:0.2500;--delay:15.00s}
                .event-4{--at:25.00%;--gap:0.0000;--delay:15.00s}
                .event-0{--at:75.00%;--gap:0.5000;--delay:45.00s}
                .event-3{--at:100.00%;--gap:0.2500;--delay:60.00s}

                """)
    }

    @Test func theScenariosOwnReplayLengthWins() {
        let layout = TimelineLayout(Self.scenario(start: 0, end: 10, events: [5], replaySeconds: 8), siteReplaySeconds: 60)
        #expect(layout.replaySeconds == 8)
        #expect(layout.entries.map(\.delay) == [4])
    }

    @Test func aScenarioOfNoLengthIsOnePoint() {
        let layout = TimelineLayout(Self.scenario(start: 5, end: 5, events: [5, 7]), siteReplaySeconds: 60)
        #expect(layout.entries.map(\.position) == [0, 0])
        #expect(layout.entries.map(\.delay) == [0, 0])
    }

    @Test func negativeZeroIsWrittenAsZero() {
        #expect(TimelineLayout.fixed(-0.0001, 2) == "0.00")
        #expect(TimelineLayout.fixed(-0.006, 2) == "-0.01")
    }
}
