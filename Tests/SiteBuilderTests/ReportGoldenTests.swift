import Foundation
import Testing

@testable import SiteBuilder

/// The golden data report (`Fixtures/report-site`): a CSV of eight cities, a shared query, a
/// report page with a key figure compared with another row, a table linking each row's page,
/// a bar chart, and a page per row with a query of its own. Beside the two seed golden sets
/// (`PeopleGoldenTests`, `ScenarioGoldenTests`), it holds a data report's pages byte for byte.
/// Its numbers were worked out with Python's `sqlite3` over the same CSV and the same SQL, not
/// with ttsite; `theNumbersAreThoseSQLiteGives` holds the pages to them.
@Suite struct ReportGoldenTests {
    static let pages = ["index.html", "cities/geneva/index.html", "cities/berlin/index.html"]
    static let now = "2026-11-22T08:00:00Z"

    @Test(arguments: pages)
    func pageMatchesTheGoldenCopy(_ path: String) throws {
        let site = try TestSite(fixture: "report-site")
        defer { site.remove() }
        try site.build(now: Self.now)
        try Golden.check(Data(site.read(path).utf8), path: path, in: "report-golden")
    }

    /// Python: `round(population / area_km2)` per city, `sum(population)` per country, and
    /// (7,159,864 − 2,304,239) / 2,304,239 = 2.107 for the comparison.
    @Test func theNumbersAreThoseSQLiteGives() throws {
        let site = try TestSite(fixture: "report-site")
        defer { site.remove() }
        try site.build(now: Self.now)
        let report = try site.read("index.html")
        let rows = [
            ("Berlin", "3,755,251", "4,214"), ("Vienna", "2,005,760", "4,834"), ("Hamburg", "1,892,122", "2,505"),
            ("Munich", "1,512,491", "4,868"), ("Zurich", "443,037", "5,040"), ("Graz", "298,479", "2,339"),
            ("Geneva", "203,951", "12,827"), ("Basel", "177,595", "7,431"),
        ]
        var position = report.startIndex
        for (city, population, density) in rows {
            let row = ">\(city)</a></td>"
            let found = try #require(report.range(of: row, range: position..<report.endIndex), "\(city) in population order")
            let line = report[found.lowerBound...].prefix { $0 != "\n" }
            #expect(line.contains(">\(population)</td>") && line.contains(">\(density)</td>"), "\(line)")
            position = found.upperBound
        }
        #expect(report.contains(">7,159,864</span></span> <span class=\"value-label\">people in the German cities</span>"))
        #expect(report.contains("211% higher than the Austrian cities"))
        #expect(report.contains("<tr><th>DE<td>7.2M<tr><th>AT<td>2.3M<tr><th>CH<td>824.6K</tbody>"))
        // The key figure's counter loads the counter script, but a home page without people or
        // timelines has no section of their counters (it was an empty, labelled region).
        #expect(report.contains("counter.") && !report.contains("report-counters"))
        let geneva = try site.read("cities/geneva/index.html")
        #expect(geneva.contains("Geneva (CH) has 203,951 people, 12,827 a square\nkilometre"))
        let neighbours = ["Zurich", "Geneva", "Basel"].map { "<tr><td>\($0)</td>" }
        let offsets = neighbours.compactMap { geneva.range(of: $0)?.lowerBound }
        #expect(offsets.count == 3 && offsets == offsets.sorted(), "the cities of its country, by population")
    }
}
