import CivilTime
import DataTables
import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// One rule for a birthday: the `people` table's `birth_date`, wherever it shows — a person's
/// page, a query's table, a key figure, `{{row.birth_date}}` — is written in the site's
/// `birthday_format`, unless a block names another format. A date that is not that column (an
/// expression over it, another table's column of the same name) keeps the language's date.
/// Every expected text was written by hand: the pattern `d. MMMM yyyy`, Dora's birthday on
/// 7 March 1985, and CLDR's medium dates ("Mar 7, 1985", "07.03.1985").
@Suite struct BirthdayFormatTests {
    static let people = #"""
        {"results":[{"name":{"first":"Dora","last":"Delta"},"dob":{"date":"1985-03-07"},"nat":"AT",\#
        "login":{"uuid":"00000000-0000-4000-8000-00000000000d"}}]}
        """#

    static let report = """
        ```ttsite query born
        SELECT name, birth_date, birth_date AS born, date(birth_date) AS plain,
          (SELECT birth_date FROM (SELECT * FROM people)) AS nested
        FROM people
        ```

        ```ttsite table data=born
        ```

        ```ttsite table data=born columns=birth_date,plain format.birth_date=date format.plain=birthday
        ```

        ```ttsite value data=born column=born label="born"
        ```

        ```ttsite query staff
        SELECT birth_date FROM staff
        ```

        ```ttsite table data=staff
        ```
        """

    static func site() throws -> TestSite {
        try TestSite(
            PeopleSite.text(
                people, title: "Crew", config: "birthday_format: d. MMMM yyyy\ndata:\n  staff: { file: data/staff.csv }",
                files: """
                    -- data/staff.csv --
                    birth_date
                    1985-03-07
                    -- Content/report.md --
                    \(report)
                    -- Content/report.de.md --
                    \(report)
                    -- Content/people/[slug].md --
                    Born {{row.birth_date}}.
                    """))
    }

    /// The cells of the `n`-th table of an article, row by row.
    func cells(_ html: String, table n: Int) -> [String] {
        let table = html.components(separatedBy: "<table")[n + 1].components(separatedBy: "</table>")[0]
        return table.components(separatedBy: "<td").dropFirst().map {
            String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        }
    }

    @Test func aBirthdayIsWrittenAlikeWhereverItShows() throws {
        let site = try Self.site()
        defer { site.remove() }
        let summary = try site.build(now: "2026-11-28T12:00:00Z")
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")

        let english = try site.read("report/index.html")
        // The column as it is, under its name or another, and through subqueries: the
        // birthday's pattern. `date(birth_date)` is an expression: the language's date.
        #expect(cells(english, table: 0) == ["Dora Delta", "7. March 1985", "7. March 1985", "Mar 7, 1985", "7. March 1985"])
        // A block's own format wins, both ways.
        #expect(cells(english, table: 1) == ["Mar 7, 1985", "7. March 1985"])
        #expect(english.contains(#"<span class="big-number">7. March 1985</span> <span class="value-label">born</span>"#))
        // Another table's `birth_date` is no person's birthday.
        #expect(cells(english, table: 2) == ["Mar 7, 1985"])

        let german = try site.read("de/report/index.html")
        #expect(cells(german, table: 0) == ["Dora Delta", "7. März 1985", "7. März 1985", "07.03.1985", "7. März 1985"])
        #expect(cells(german, table: 2) == ["07.03.1985"])

        // The person's own page, and the row its text reads.
        let page = try site.read("people/dora-delta/index.html")
        #expect(page.contains(#"<time datetime="1985-03-07">7. March 1985</time>"#))
        #expect(page.contains("<p>Born 7. March 1985.</p>"))
        #expect(try site.read("de/people/dora-delta/index.html").contains(#"<time datetime="1985-03-07">7. März 1985</time>"#))
    }

    @Test func birthdayIsAFormatByName() throws {
        #expect(try ValueFormat(parsing: "birthday") == ValueFormat(.birthday))
        #expect(ValueFormat(.birthday).name == "birthday")
        var config = SiteConfig(title: "T")
        config.birthdayFormat = "dd/MM/yyyy"
        let pack = config.pack(for: "en")
        let day = try #require(CalendarDate(year: 1985, month: 3, day: 7))
        #expect(pack.text(of: .date(day), as: ValueFormat(.birthday), now: Date(), timeZone: .gmt) == "07/03/1985")
        // An instant's birthday is its day on the wall clock: 23:30 UTC is the next day in Vienna.
        let instant = try #require(ISO8601DateFormatter().date(from: "1985-03-06T23:30:00Z"))
        let vienna = try #require(TimeZone(identifier: "Europe/Vienna"))
        #expect(pack.text(of: .dateTime(instant), as: ValueFormat(.birthday), now: Date(), timeZone: vienna) == "07/03/1985")
        // Numbers and texts keep their own defaults.
        #expect(pack.text(of: .integer(1985), as: ValueFormat(.birthday), now: Date(), timeZone: .gmt) == "1,985")
        // Another site's pattern in the same process: the built-in pack is shared, its writers
        // are by pattern.
        config.birthdayFormat = "yyyy-MM-dd"
        #expect(config.pack(for: "en").text(of: .date(day), as: ValueFormat(.birthday), now: Date(), timeZone: .gmt) == "1985-03-07")
    }
}
