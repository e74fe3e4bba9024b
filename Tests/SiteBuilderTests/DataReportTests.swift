import DataTables
import Foundation
import Markdown
import TemplateEngine
import TestSupport
import Testing

@testable import SiteBuilder

/// Reports from any data: a CSV source queried at build time, shown by table and value
/// blocks and by Mustache, a page per row, long tables split into pages, downloads, and every
/// mistake an error that names its file and line. The expected texts are written by hand
/// from the data below.
@Suite struct DataReportTests {
    /// Five missions; Apollo 13 did not land (empty fields are NULL), and one note would run
    /// as a formula in a spreadsheet.
    static let missions = """
        mission,launch,crew,samples_kg,landed,notes
        Apollo 11,1969-07-16,3,21.55,true,"First landing, in July"
        Apollo 12,1969-11-14,3,34.35,true,=1+1
        Apollo 13,1970-04-11,3,,false,"Oxygen tank failed"
        Apollo 14,1971-01-31,3,42.8,true,
        Apollo 15,1971-07-26,3,77.31,true,"First rover"
        """

    static func site(_ files: String, config: String = "") throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Missions
            languages: [en, de]
            time_zone: Europe/Berlin
            data:
              missions: { file: data/missions.csv }
            \(config)
            -- data/missions.csv --
            \(missions)
            -- Content/index.md --
            Hello.
            \(files)
            """)
    }

    /// A site of 25 missions, launched on the first 25 days of 2000, named by `name`, and ten
    /// rows to a table's page.
    static func longSite(named name: (Int) -> String, files: String) throws -> TestSite {
        let rows = (1...25).map { "\(name($0)),2000-01-\(String(format: "%02d", $0)),1,1,true," }.joined(separator: "\n")
        return try TestSite(
            """
            -- ttsite.yml --
            title: Long
            data:
              missions: { file: data/missions.csv }
            queries: { table_page_size: 10 }
            -- data/missions.csv --
            mission,launch,crew,samples_kg,landed,notes
            \(rows)
            \(files)
            """)
    }

    static func article(_ html: String) -> String {
        guard let start = html.range(of: "<article"), let end = html.range(of: "</article>") else { return html }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func aTableShowsTheResultWithLinksToTheRowsPagesAndDownloads() throws {
        let site = try Self.site(
            """
            -- queries/all.sql --
            SELECT mission, launch, samples_kg, notes FROM missions ORDER BY launch
            -- Content/missions/index.md --
            ---
            title: Missions
            ---
            ```ttsite table data=all columns=mission,samples_kg,notes link=mission label.samples_kg="Samples (kg)" \
            format.samples_kg=decimal:1 download=csv,json
            ```
            -- Content/missions/[mission].md --
            ---
            title: "{{row.mission}}"
            rows: all
            ---
            Launched {{row.launch}}.
            """)
        defer { site.remove() }
        try site.build()
        let table = Self.article(try site.read("missions/index.html"))
        #expect(table.contains(#"<th scope="col">mission</th><th scope="col" class="num">Samples (kg)</th><th scope="col">notes</th>"#))
        // A row's link is written the shortest way (the table's page is `missions/`, the
        // row's `missions/apollo-11/`): a long table is mostly its links.
        #expect(
            table.contains(
                #"<td><a href="apollo-11/index.html">Apollo 11</a></td>"#
                    + #"<td class="num" data-sort="21.55">21.6</td><td>First landing, in July</td>"#
            ))
        // NULL is an en dash (the packs' `nullText`), with an empty sort key: the table script
        // puts it last, up or down; a number is sorted by its value.
        #expect(
            table.contains(
                #"<td><a href="apollo-13/index.html">Apollo 13</a></td><td class="num" data-sort="">–</td><td>Oxygen tank failed</td>"#))
        #expect(
            table.contains(#"<a href="../missions/all.csv" download>CSV</a>"#)
                && table.contains(#"<a href="../missions/all.json" download>JSON</a>"#))
        let html = try site.read("missions/index.html")
        #expect(html.contains(#"<script src="../assets/table."#), "the table script is loaded where a table is")
        #expect(!(try site.read("index.html")).contains("assets/table."), "and only there")

        // The download holds the whole result; a text a spreadsheet would run is not.
        let csv = try site.read("missions/all.csv")
        #expect(csv.hasPrefix("mission,launch,samples_kg,notes\r\nApollo 11,1969-07-16,21.55,\"First landing, in July\"\r\n"))
        #expect(csv.contains("Apollo 12,1969-11-14,34.35,'=1+1\r\n"))
        let json = try JSONSerialization.jsonObject(with: Data(try site.read("missions/all.json").utf8)) as? [[String: Any]]
        #expect(json?.count == 5)
        #expect(json?[2]["samples_kg"] is NSNull && json?[0]["samples_kg"] as? Double == 21.55)

        // A page per row, at the slug of its `mission`, titled from the row, in both languages.
        let row = Self.article(try site.read("missions/apollo-14/index.html"))
        #expect(row.contains("Apollo 14</h1>"))
        #expect(row.contains("Launched Jan 31, 1971."))
    }

    @Test func valuesCompareInWordsAndArrowsAndRowsFillMustacheSections() throws {
        let site = try Self.site(
            """
            -- Content/report.md --
            ---
            title: Report
            ---
            ```ttsite query totals
            SELECT count(*) AS missions, count(samples_kg) AS landed, sum(samples_kg) AS samples FROM missions
            ```

            ```ttsite value data=totals column=missions label="missions"
            ```

            ```ttsite value data=totals column=landed compare=missions compare-label="all missions" label="landings"
            ```

            ```ttsite query landed
            SELECT mission, samples_kg FROM missions WHERE samples_kg IS NOT NULL ORDER BY samples_kg DESC
            ```

            {{#data.landed}}
            - {{mission}}: {{samples_kg}}
            {{/data.landed}}
            -- Content/report.de.md --
            ---
            title: Bericht
            ---
            ```ttsite query landed
            SELECT mission, samples_kg FROM missions WHERE samples_kg IS NOT NULL ORDER BY samples_kg DESC LIMIT 1
            ```

            {{#data.landed}}{{mission}}: {{samples_kg}} kg{{/data.landed}}
            """)
        defer { site.remove() }
        try site.build()
        let english = Self.article(try site.read("report/index.html"))
        // 5 missions, counted up to by the counter script, the final text in the HTML.
        #expect(english.contains(#"data-to="5""#) && english.contains(">5</span>"))
        // 4 of 5 landed: 20 % lower than all missions.
        #expect(
            english.contains(
                #"<span class="value-change" data-direction="down"><span aria-hidden="true">▼</span> 20% lower than all missions</span>"#))
        #expect(
            english.contains("<li>Apollo 15: 77.31</li>\n<li>Apollo 14: 42.8</li>\n<li>Apollo 12: 34.35</li>\n<li>Apollo 11: 21.55</li>"))
        #expect(!english.contains("```") && !english.contains("SELECT"), "a query block shows nothing")
        let german = Self.article(try site.read("de/report/index.html"))
        #expect(german.contains("Apollo 15: 77,31 kg"))
    }

    @Test func aLongTableIsSplitIntoPages() throws {
        let site = try Self.longSite(
            named: { "m\($0)" },
            files: """
                -- Content/index.md --
                ```ttsite table data=all columns=mission
                ```

                ```ttsite query all
                SELECT mission FROM missions ORDER BY launch
                ```
                """)
        defer { site.remove() }
        try site.build()
        let first = Self.article(try site.read("index.html"))
        #expect(first.contains("<td>m1</td>") && first.contains("<td>m10</td>") && !first.contains("<td>m11</td>"))
        #expect(first.contains("Page 1 of 3"))
        // The table script would sort and filter this page's rows only, an order that passes
        // for all 25's: a split table gets neither.
        #expect(!first.contains("data-table-sort") && !first.contains("table-tools"))
        let third = Self.article(try site.read("3/index.html"))
        #expect(third.contains("<td>m21</td>") && third.contains("<td>m25</td>") && !third.contains("<td>m20</td>"))
        #expect(third.contains("Page 3 of 3"))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("4/index.html").path))
    }

    @Test func rowPagesBindTheRowInTheirQueriesAndGetUniqueSlugs() throws {
        let site = try Self.site(
            """
            -- queries/all.sql --
            SELECT mission, crew FROM missions UNION ALL SELECT 'Apollo 11', 2
            -- Content/m/[mission].md --
            ---
            rows: all
            ---
            ```ttsite query same
            SELECT count(*) AS n FROM missions WHERE crew = :crew AND mission <> :mission
            ```

            ```ttsite value data=same label="others with this crew"
            ```
            -- Content/m/[mission].de.md --
            ---
            rows: all
            ---
            ```ttsite query same
            SELECT count(*) AS n FROM missions WHERE crew = :crew AND mission <> :mission
            ```

            ```ttsite value data=same label="andere mit dieser Besatzung"
            ```
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("m/apollo-11/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("m/apollo-11-2/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("de/m/apollo-15/index.html").path))
        // Apollo 11 with a crew of 3: four others; the second "Apollo 11" (crew 2): none.
        #expect(Self.article(try site.read("m/apollo-11/index.html")).contains(">4</span>"))
        #expect(Self.article(try site.read("m/apollo-11-2/index.html")).contains(">0</span>"))
        // Each distinct query and parameter set ran once: `all` once for both languages (and
        // used again by the German file), and `same` once per distinct (crew, mission) —
        // six — and used again by the six German pages.
        #expect(summary.details.contains("queries: 7 run, 7 results used again"))
    }

    /// A site of 300 missions, each a page that runs two queries: enough for the queries to
    /// run on several readers of the database (`PageQueries.queriesForReaders`).
    static func manyRowPages(_ queries: String) throws -> TestSite {
        let rows = (1...300).map { "Mission \($0),2000-01-\(String(format: "%02d", 1 + $0 % 28)),\($0 % 7),\($0).5,\($0 % 2 == 0)," }
        return try TestSite(
            """
            -- ttsite.yml --
            title: Many
            data:
              missions: { file: data/missions.csv, index: [crew] }
            -- data/missions.csv --
            mission,launch,crew,samples_kg,landed,notes
            \(rows.joined(separator: "\n"))
            -- queries/all.sql --
            SELECT mission, crew, samples_kg FROM missions ORDER BY mission
            -- Content/m/[mission].md --
            ---
            rows: all
            ---
            \(queries)
            """)
    }

    @Test func rowPagesQueriedOnSeveralThreadsAreAsOneAfterAnother() throws {
        let site = try Self.manyRowPages(
            """
            ```ttsite query crew
            SELECT mission, launch, samples_kg FROM missions WHERE crew = :crew ORDER BY launch, mission
            ```

            ```ttsite query heavier
            SELECT count(*) AS n, sum(samples_kg) AS kg FROM missions WHERE samples_kg > :samples_kg
            ```

            ```ttsite table data=crew
            ```

            ```ttsite value data=heavier column=kg format=decimal:2
            ```
            """)
        defer { site.remove() }
        var serial = site.options()
        serial.jobs = 1
        serial.output = site.temporary.url("serial")
        let one = try Site.build(serial)
        var parallel = site.options()
        parallel.jobs = 4
        let four = try Site.build(parallel)
        // 1 `all` + 7 crews + 300 `heavier`, used again by 293 pages.
        #expect(one.details.contains("queries: 308 run, 293 results used again"))
        #expect(four.details.filter { $0.hasPrefix("queries:") } == one.details.filter { $0.hasPrefix("queries:") })
        let expected = try snapshot(of: serial.output!)
        let built = try snapshot(of: site.output)
        #expect(expected.count > 300)
        #expect(built == expected)
        #expect(Self.article(try site.read("m/mission-7/index.html")).contains("Mission 294"))
    }

    @Test func theFirstFailingRowPageIsTheErrorOnSeveralThreadsToo() throws {
        // The pages go by the rows' order, by name: "Mission 200" fails on its second query,
        // after counting to a million; "Mission 50", a later page, fails on its first, at once.
        let site = try Self.manyRowPages(
            """
            ```ttsite query a
            SELECT CASE WHEN :samples_kg = 50.5 THEN abs(-9223372036854775807 - 1) ELSE 1 END AS x
            ```

            ```ttsite query b
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < CASE WHEN :samples_kg = 200.5 THEN 1000000 ELSE 1 END)
            SELECT CASE WHEN :samples_kg = 200.5 THEN json(printf('not json %d', max(x))) ELSE 1 END AS y FROM c
            ```

            ```ttsite query c
            SELECT :crew AS crew
            ```
            """)
        defer { site.remove() }
        func failure(jobs: Int) -> BuildError? {
            var options = site.options()
            options.jobs = jobs
            do { try Site.build(options) } catch let error as BuildError { return error } catch { return nil }
            return nil
        }
        let serial = failure(jobs: 1)
        #expect(serial?.message.contains("malformed JSON") == true)
        #expect(serial?.line == 9)
        for _ in 1...3 {
            let parallel = failure(jobs: 4)
            #expect(parallel?.message == serial?.message)
            #expect(parallel?.line == serial?.line && parallel?.location == serial?.location)
        }
    }

    @Test func theRowsOfPeopleHoldOnlyWhatPagesShow() throws {
        let site = try TestSite(
            PeopleSite.text(
                #"""
                {"results":[{"name":{"title":"Ms","first":"Anna","last":"Alpha"},"email":"anna@example.org","phone":"555",\#
                "login":{"uuid":"00000000-0000-4000-8000-00000000000a","password":"secret"},
                  "location":{"street":{"number":1,"name":"Main"}},"dob":{"date":"1990-11-24"},"nat":"DE",\#
                "id":{"name":"SSN","value":"123"}}]}
                """#, title: "People",
                files: """
                    -- Content/who.md --
                    ```ttsite query everyone
                    SELECT * FROM people
                    ```

                    ```ttsite table data=everyone
                    ```
                    """))
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("who/index.html"))
        let headers = html.components(separatedBy: #"<th scope="col""#).dropFirst().map {
            $0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
        }
        #expect(headers == ["name", "first_name", "last_name", "birth_date", "age", "nationality", "page", "slug"])
        #expect(html.contains("<td>Anna Alpha</td>") && html.contains(#"<td class="num">35</td>"#))
        for secret in ["anna@example.org", "555", "secret", "Main", "SSN", "123", "00000000-0000"] {
            #expect(!html.contains(secret), "\(secret) reached the page")
        }
    }

    @Test func mistakesNameTheFileAndLine() throws {
        func failure(_ page: String, extra: String = "") throws -> BuildError? {
            let site = try Self.site("-- Content/x.md --\n" + page + extra)
            defer { site.remove() }
            do { try site.build() } catch let error as BuildError { return error }
            return nil
        }
        // The SQL's mistake is on its second line: line 3 of the file.
        let syntax = try failure("```ttsite query broken\nSELECT mission\nFROM nowhere\n```\n")
        #expect(syntax?.location == "Content/x.md" && syntax?.line == 3)
        #expect(syntax?.message.contains("no such table: nowhere") == true)

        let write = try failure("```ttsite query bad\nDELETE FROM missions\n```\n")
        #expect(write?.location == "Content/x.md" && write?.line == 2)
        #expect(write?.message.contains("the query `bad`") == true)

        let parameter = try failure("```ttsite query p\nSELECT * FROM missions WHERE mission = :name\n```\n")
        #expect(parameter?.message.contains("needs `:name`") == true)

        let unknown = try failure("```ttsite table data=nothing\n```\n")
        #expect(unknown?.line == 1 && unknown?.message.contains("no query named `nothing`") == true)

        let column = try failure("```ttsite query q\nSELECT mission FROM missions\n```\n\n```ttsite value data=q column=launch\n```\n")
        #expect(column?.line == 5 && column?.message.contains("has no column `launch`; it has `mission`") == true)

        let rows = try failure("---\nrows: all\n---\nHello\n")
        #expect(rows?.message.contains("`[column].md`") == true)
    }

    @Test func aSharedQueryNamesItsOwnFileAndLine() throws {
        let site = try Self.site(
            """
            -- queries/bad.sql --
            SELECT mission,
                   launch
            FROM missions WHERE nope = 1
            -- Content/x.md --
            ```ttsite table data=bad
            ```
            """)
        defer { site.remove() }
        #expect(throws: BuildError.self) { try site.build() }
        do { try site.build() } catch let error as BuildError {
            #expect(error.location == "queries/bad.sql" && error.line == 3)
            #expect(error.message.contains("no such column: nope"))
        }
    }

    @Test func aSourceThatShrankToNothingKeepsThePublishedSite() throws {
        let site = try Self.site("-- Content/x.md --\n```ttsite query all\nSELECT * FROM missions\n```\n")
        defer { site.remove() }
        try site.build()
        let published = try site.read("x/index.html")
        try site.write("mission,launch,crew,samples_kg,landed,notes\n", to: "data/missions.csv")
        #expect { try site.build() } throws: { error in
            (error as? BuildError)?.message.contains("data.missions: the source has no rows now, but the last published build had 5 rows")
                == true
        }
        #expect(try site.read("x/index.html") == published)
    }

    @Test func aSiteWithoutQueriesOpensNoDatabase() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: Plain\n-- Content/index.md --\nHello.\n")
        defer { site.remove() }
        let summary = try site.build()
        #expect(!summary.details.contains { $0.hasPrefix("queries:") || $0.hasPrefix("table ") })
    }

    @Test func theCommandsListTablesAndPrintResults() throws {
        let site = try Self.site("")
        defer { site.remove() }
        let tables = try Site.tables(site.options())
        #expect(tables.map(\.name) == ["missions"])
        #expect(tables[0].rows == 5)
        #expect(
            tables[0].columns == [
                Column("mission", .text), Column("launch", .date), Column("crew", .integer), Column("samples_kg", .real),
                Column("landed", .boolean), Column("notes", .text),
            ])
        let result = try Site.query(
            "SELECT mission, samples_kg FROM missions WHERE landed ORDER BY samples_kg DESC LIMIT 2", site.options())
        #expect(
            Site.text(of: result, format: .table) == """
                mission    samples_kg
                ---------  ----------
                Apollo 15       77.31
                Apollo 14        42.8
                (2 rows)

                """)
        #expect(Site.text(of: result, format: .csv) == "mission,samples_kg\r\nApollo 15,77.31\r\nApollo 14,42.8\r\n")
        #expect(throws: BuildError.self) { try Site.query("DROP TABLE missions", site.options()) }
    }

    @Test func jsonAndSQLiteSourcesAreTablesToo() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Sources
            data:
              sales: { file: data/sales.json, path: $.results, types: { month: text } }
              shop: { file: data/shop.sqlite }
            -- data/sales.json --
            {"results": [{"month": "2024-01", "total": 10.5, "where": {"city": "Köln"}, "tags": ["a", "b"]},
                         {"month": "2024-02", "total": 7, "where": {"city": "Bonn"}, "tags": []}]}
            -- Content/index.md --
            ```ttsite query q
            SELECT s.month, s.total, s."where.city" AS city, s.tags, p.name
            FROM sales s JOIN shop.products p ON p.month = s.month ORDER BY s.month
            ```

            ```ttsite table data=q
            ```
            """)
        defer { site.remove() }
        // The SQLite file, made by SQLite's own shell as a user would.
        let shell = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "sqlite3", site.folder.appendingPathComponent("data/shop.sqlite").path,
                "CREATE TABLE products (month TEXT, name TEXT); INSERT INTO products VALUES ('2024-01', 'Tea'), ('2024-02', 'Coffee');",
            ], in: site.folder)
        #expect(shell.status == 0, "\(shell.stderr)")
        let before = try Data(contentsOf: site.folder.appendingPathComponent("data/shop.sqlite"))
        try site.build()
        let html = Self.article(try site.read("index.html"))
        #expect(html.contains(#"<td>2024-01</td><td class="num">10.5</td><td>Köln</td><td>[&quot;a&quot;,&quot;b&quot;]</td><td>Tea</td>"#))
        // 7 in a column of one decimal reads 7.0 (`ColumnFormat`).
        #expect(html.contains(#"<td>2024-02</td><td class="num">7.0</td><td>Bonn</td><td>[]</td><td>Coffee</td>"#))
        #expect(
            try Data(contentsOf: site.folder.appendingPathComponent("data/shop.sqlite")) == before, "the database file is never written")
        let names = try Site.tables(site.options()).map(\.name)
        #expect(names == ["sales", "shop.products"])
    }

    @Test func aValueThatDoesNotFitItsDeclaredTypeNamesLineAndColumn() throws {
        let site = try Self.site(
            "-- Content/x.md --\n```ttsite query all\nSELECT * FROM missions\n```\n", config: "queries: { seconds: 5 }")
        defer { site.remove() }
        try site.write("data:\n  missions: { file: data/missions.csv, types: { crew: integer } }\ntitle: Missions\n", to: "ttsite.yml")
        try site.write("mission,crew\nApollo 11,3\nApollo 12,three\n", to: "data/missions.csv")
        #expect { try site.build() } throws: { error in
            guard let error = error as? BuildError else { return false }
            return error.location == "data/missions.csv" && error.message.contains("line 3, column `crew`")
        }
    }

    @Test func aQueryThatWritesOrLoopsIsRefusedAndThePublishedSiteKept() throws {
        let site = try Self.site(
            "-- Content/x.md --\n```ttsite query all\nSELECT count(*) AS n FROM missions\n```\n\n```ttsite value data=all\n```\n",
            config: "queries: { seconds: 0.2, rows: 1000 }")
        defer { site.remove() }
        try site.build()
        let published = try site.read("x/index.html")
        let csv = try String(contentsOf: site.folder.appendingPathComponent("data/missions.csv"), encoding: .utf8)
        for (sql, words) in [
            ("UPDATE missions SET crew = 0", "the query `all`"),
            ("ATTACH DATABASE 'other.db' AS other", "ATTACH"),
            ("SELECT load_extension('evil')", "load_extension"),
            ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", "`queries.seconds`"),
            ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c", "`queries.rows`"),
        ] {
            try site.write("```ttsite query all\n\(sql)\n```\n", to: "Content/x.md")
            #expect(throws: BuildError.self, "\(sql)") { try site.build() }
            do { try site.build() } catch let error as BuildError {
                #expect(error.location == "Content/x.md" && error.message.contains(words), "\(sql): \(error.message)")
            }
            #expect(try site.read("x/index.html") == published)
        }
        #expect(try String(contentsOf: site.folder.appendingPathComponent("data/missions.csv"), encoding: .utf8) == csv)
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("other.db").path))
    }

    @Test func editingOneSourceRendersOnlyThePagesThatShowIt() throws {
        let site = try Self.site(
            """
            -- data/other.csv --
            name,n
            a,1
            -- Content/a.md --
            ```ttsite query q
            SELECT count(*) AS n FROM missions
            ```

            ```ttsite value data=q
            ```
            -- Content/b.md --
            ```ttsite query q
            SELECT n FROM other
            ```

            ```ttsite value data=q
            ```
            """, config: "  other: { file: data/other.csv }")
        defer { site.remove() }
        try site.build()
        try site.write("name,n\na,2\n", to: "data/other.csv")
        let summary = try site.build()
        #expect(Self.article(try site.read("b/index.html")).contains(">2</span>"))
        // b's page changed (it has no German file); a's, the home pages and the 404 page did not.
        #expect(summary.pages - summary.pagesKept == 1, "\(summary.details)")
    }

    @Test func aLongTableOfRowPagesFindsAnyOfThem() throws {
        let site = try Self.longSite(
            named: { "Mission \($0)" },
            files: """
                -- queries/all.sql --
                SELECT mission FROM missions ORDER BY launch
                -- Content/index.md --
                ```ttsite table data=all link=mission
                ```
                -- Content/m/[mission].md --
                ---
                rows: all
                ---
                One mission.
                """)
        defer { site.remove() }
        try site.build()
        let html = try site.read("2/index.html")
        guard let index = html.firstMatch(of: /data-search-index="\.\.\/(assets\/rows-search\.mission\.en\.[0-9a-f]+\.js)"/)?.1 else {
            Issue.record("no search box on the table's page")
            return
        }
        #expect(html.contains(#"<script src="../assets/search."#), "the search script is loaded with it")
        #expect(!html.contains("data-table-filter"), "the search replaces the filter of one page")
        let script = try site.read(String(index))
        #expect(script.hasPrefix("ttsiteSearchIndex([[\"Mission 1\",\"m/mission-1/index.html\"]"))
        #expect(script.components(separatedBy: "\"m/mission-").count - 1 == 25)
    }

    /// `index:` gives a column an index that lasts the build, so a query run once per page
    /// made from a row searches instead of reading the whole table; a column the table lacks
    /// is an error naming the config's line.
    @Test func anIndexAskedForIsMadeAndUsed() throws {
        func site(_ index: String) throws -> TestSite {
            try TestSite(
                """
                -- ttsite.yml --
                title: Missions
                data:
                  missions: { file: data/missions.csv, index: \(index) }
                -- data/missions.csv --
                \(Self.missions)
                -- Content/index.md --
                Hello.
                """)
        }
        let indexed = try site("[mission, launch]")
        defer { indexed.remove() }
        let indexes = try Site.query("SELECT name FROM pragma_index_list('missions') ORDER BY name", indexed.options())
        #expect(indexes.rows == [[.text("missions(launch)")], [.text("missions(mission)")]])
        let plan = try Site.query("EXPLAIN QUERY PLAN SELECT crew FROM missions WHERE mission = 'Apollo 11'", indexed.options())
        #expect(plan.rows.contains { $0.contains(.text("SEARCH missions USING INDEX missions(mission) (mission=?)")) })

        // A list in the list is one index on its columns: the rows of one mission come in
        // launch order without a sort, and a query reading only those columns reads no row.
        let composite = try site("[[mission, launch], crew]")
        defer { composite.remove() }
        let both = try Site.query("SELECT name FROM pragma_index_list('missions') ORDER BY name", composite.options())
        #expect(both.rows == [[.text("missions(crew)")], [.text("missions(mission,launch)")]])
        let covered = try Site.query(
            "EXPLAIN QUERY PLAN SELECT launch FROM missions WHERE mission = 'Apollo 11' ORDER BY launch", composite.options())
        #expect(covered.rows.contains { $0.contains(.text("SEARCH missions USING COVERING INDEX missions(mission,launch) (mission=?)")) })
        #expect(!covered.rows.contains { $0.contains { $0.plainText.contains("TEMP B-TREE") } }, "no sort")

        for (index, line, message) in [
            (
                "landing", 3,
                "data.missions.index names the column `landing`, which the table does not have; its columns are `mission`, "
                    + "`launch`, `crew`, `samples_kg`, `landed`, `notes`"
            ),
            (
                "[[mission, landing]]", 3,
                "data.missions.index names the column `landing`, which the table does not have; its columns are `mission`, "
                    + "`launch`, `crew`, `samples_kg`, `landed`, `notes`"
            ),
            ("[crew, []]", 3, "data.missions.index: an index needs at least one column"),
            ("[[crew, [launch]]]", 3, "`data.missions.index` must be text, found a list"),
        ] {
            let wrong = try site(index)
            defer { wrong.remove() }
            #expect { try wrong.build() } throws: { error in
                let error = error as? BuildError
                return error?.location == "ttsite.yml" && error?.line == line && error?.message == message
            }
        }
    }

    /// A page's Mustache gets the results its tags name, and all of them when it may read any.
    @Test(arguments: [
        ("{{#data.all}}{{mission}}{{/data.all}} and {{data.count.0.n}}", Set(["all", "count"]) as Set<String>?),
        ("No data here: {{page.title}}", Set<String>()),
        ("{{#data}}{{#all}}{{mission}}{{/all}}{{/data}}", nil),
        ("{{> footer}} {{data.all}}", nil),
        ("{{#data.all}} unclosed", nil),
    ])
    func aPageTextGetsTheResultsItNames(text: String, names: Set<String>?) {
        #expect(ParsedText(text, renderer: MarkdownRenderer()).queryNames == names)
    }

    /// A page made from a row gets the columns its text names written, and all of them when
    /// it may read any.
    @Test(arguments: [
        (
            "{{row.name}} works in {{row.sector}}; {{#row.landing}}landed {{row.landing}}{{/row.landing}}",
            Set(["name", "sector", "landing"]) as Set<String>?
        ),
        ("No row here: {{page.title}}", Set<String>()),
        ("{{#row}}{{name}}{{/row}}", nil),
        ("All of it: {{row}}", nil),
        ("{{> footer}} {{row.name}}", nil),
    ])
    func aRowPageTextGetsTheColumnsItNames(text: String, columns: Set<String>?) throws {
        #expect(ParsedText(text, renderer: MarkdownRenderer()).rowColumns == columns)
        let row = PageRow(
            columns: [Column("name", .text), Column("sector", .text), Column("landing", .date)],
            values: [.text("Aurora"), .text("food"), .null])
        let value = PageQueries.rowValue(
            row, pack: try #require(LanguagePack.builtIn(code: "en")), now: Date(), timeZone: TimeZone(identifier: "UTC")!,
            reading: columns)
        // A NULL is null: it shows nothing, and the column is still known.
        let all: [String: TemplateValue] = ["name": .string("Aurora"), "sector": .string("food"), "landing": .null]
        #expect(value == .map(all.filter { columns?.contains($0.key) ?? true }))
    }

    @Test func aFrontMatterKeyBoundByAQueryIsRead() throws {
        let site = try Self.site(
            """
            -- Content/x.md --
            ---
            title: X
            wanted: Apollo 12
            unused: 1
            ---
            ```ttsite query one
            SELECT crew FROM missions WHERE mission = :wanted
            ```

            ```ttsite value data=one
            ```
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(!summary.warnings.contains { $0.contains("`wanted`") }, "\(summary.warnings)")
        #expect(summary.warnings.contains { $0.contains("the front matter key `unused` is read by neither ttsite nor the template") })
    }

    /// Slugs are made unique as people's are (`SlugAllocator`): a row that wants `apollo-11-2`
    /// itself keeps it, though it comes after a second "Apollo 11", which gets the next number
    /// no row wants.
    @Test func rowSlugsNeverTakeAnotherRowsSlug() throws {
        let site = try Self.site(
            """
            -- queries/names.sql --
            SELECT 'Apollo 11' AS mission, 1 AS n UNION ALL SELECT 'Apollo 11', 2 UNION ALL SELECT 'Apollo 11 2', 3
            -- Content/s/[mission].md --
            ---
            rows: names
            ---
            Row {{row.n}}.
            """)
        defer { site.remove() }
        try site.build()
        #expect(Self.article(try site.read("s/apollo-11/index.html")).contains("Row 1."))
        #expect(Self.article(try site.read("s/apollo-11-3/index.html")).contains("Row 2."))
        #expect(Self.article(try site.read("s/apollo-11-2/index.html")).contains("Row 3."))
    }
}
