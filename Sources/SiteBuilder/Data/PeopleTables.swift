import CivilTime
import DataTables
import Foundation
import ReportData

/// The people, scenarios and events as tables of the build's database, with the columns a
/// page shows and nothing else: a record's e-mail, phone, login, address and ids never
/// reach a query, so no page, feed or message can show them.
enum PeopleTables {
    /// `people`: name, first and last name, birth date, age on the build's day,
    /// nationality, the person's page (a path from the site's root) and its slug (the last
    /// part of that path).
    static func people(_ people: [Person], today: CalendarDate, routes: Routes, language: String) -> Table {
        Table(columns: peopleColumns, rows: people.map { person(of: $0, today: today, routes: routes, language: language) })
    }

    /// The birth date names its origin, as a query's result would: the row a person's page
    /// carries writes it as the page writes a birthday (`ColumnFormat`).
    static let peopleColumns = [
        Column("name", .text), Column("first_name", .text), Column("last_name", .text),
        Column("birth_date", .date, origin: ColumnFormat.birthdays), Column("age", .integer), Column("nationality", .text),
        Column("page", .text), Column("slug", .text),
    ]

    /// One person's row of `people`: also the row a person's page carries when
    /// `Content/people/[slug].md` gives it a text.
    static func person(of person: Person, today: CalendarDate, routes: Routes, language: String) -> [TableValue] {
        let age = person.birthDate.flatMap { Birthday($0).age(on: today) }
        return [
            .text(person.displayName), .text(person.first), .text(person.last), person.birthDate.map(TableValue.date) ?? .null,
            age.map { .integer(Int64($0)) } ?? .null, person.nationality.map(TableValue.text) ?? .null,
            .text(routes.person(person.slug, language: language)), .text(person.slug),
        ]
    }

    /// `scenarios`: the name the data gives (`named`), the English and German names, the
    /// unit, the start and end (instants for time scenarios, numbers for the others), the
    /// counts of events, the timeline's page and its slug.
    static func scenarios(_ scenarios: [Scenario], routes: Routes, language: String) -> Table {
        Table(columns: scenarioColumns, rows: scenarios.map { scenario(of: $0, routes: routes, language: language) })
    }

    static let scenarioColumns = [
        Column("named", .text), Column("name", .text), Column("name_de", .text), Column("unit", .text),
        Column("start", .real), Column("end", .real), Column("start_time", .dateTime), Column("end_time", .dateTime),
        Column("events", .integer), Column("major_events", .integer), Column("page", .text), Column("slug", .text),
    ]

    /// One scenario's row of `scenarios`: also the row a timeline's page carries when
    /// `Content/scenarios/[slug].md` gives it a text.
    static func scenario(of scenario: Scenario, routes: Routes, language: String) -> [TableValue] {
        [
            .text(scenario.named), .text(scenario.nameEn), .text(scenario.nameDe), .text(scenario.unit.rawValue),
            .real(scenario.startDouble), .real(scenario.endDouble),
            scenario.startDate.map(TableValue.dateTime) ?? .null, scenario.endDate.map(TableValue.dateTime) ?? .null,
            .integer(Int64(scenario.totalEvents)), .integer(Int64(scenario.majorEvents)),
            .text(routes.timeline(scenario.slug, language: language)), .text(scenario.slug),
        ]
    }

    /// `events`: each event of each scenario, by the scenario's `named`.
    static func events(_ scenarios: [Scenario]) -> Table {
        Table(
            columns: [
                Column("scenario", .text), Column("position", .integer), Column("start", .real), Column("start_time", .dateTime),
                Column("text", .text), Column("text_de", .text), Column("major", .boolean),
            ],
            rows: scenarios.flatMap { scenario in
                scenario.events.map { event in
                    [
                        .text(scenario.named), .integer(Int64(event.index)), .real(event.startDouble),
                        event.startDate.map(TableValue.dateTime) ?? .null,
                        .text(event.text.en), .text(event.text.de), .boolean(event.major),
                    ] as [TableValue]
                }
            }
        )
    }
}
