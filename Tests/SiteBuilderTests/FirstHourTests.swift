import DataTables
import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// What a data journalist hit in the first hour of a real report, each a regression test named
/// after the defect (issue 49). Expected texts are worked out by hand from the data.
@Suite struct FirstHourTests {
    static func site(_ files: String, config: String = "") throws -> TestSite {
        try DataReportTests.site(files, config: config)
    }

    static func article(_ html: String) -> String { DataReportTests.article(html) }

    // MARK: Dates made by SQL, and SQL's now

    /// `date(…, 'start of month')` and `date('now')` are dates, written as the page's dates
    /// are; `now` is the build's `--now` (2026-11-22T08:00:00Z), not the machine's clock.
    @Test func datesMadeBySQLAreDatesAndNowIsTheBuildsClock() throws {
        let site = try Self.site(
            """
            ```ttsite query m
            SELECT date(launch, 'start of month') AS month, date('now') AS today FROM missions ORDER BY launch LIMIT 1
            ```

            {{#data.m}}[{{month}}|{{today}}]{{/data.m}}
            """)
        defer { site.remove() }
        try site.build()
        // The first launch, 1969-07-16: its month starts on 1 July 1969.
        #expect(Self.article(try site.read("index.html")).contains("[Jul 1, 1969|Nov 22, 2026]"))
    }

    // MARK: Missing values

    /// One `NA` among numbers made the column text, and `avg()` counted it as 0. Asia's mean of
    /// 50 and 52 is 51 (counted as 0 it would be 34); `ttsite data` says what was read as
    /// missing; `nulls:` makes a text column's marker NULL too.
    @Test func aMissingValueMarkerDoesNotPoisonANumericColumn() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Gap
            data:
              gap: { file: data/gap.csv, nulls: [n.a.] }
            -- data/gap.csv --
            country,continent,lifeExp,note
            Afghanistan,Asia,50,n.a.
            Bahrain,Asia,NA,NA
            China,Asia,52,x
            -- Content/index.md --
            ```ttsite query asia
            SELECT avg(lifeExp) AS mean, count(note) AS notes FROM gap WHERE continent = 'Asia'
            ```

            {{#data.asia}}[{{mean}}|{{notes}}]{{/data.asia}}
            """)
        defer { site.remove() }
        let summary = try site.build()
        // `n.a.` is declared: NULL even in the text column; `NA` there stays text.
        #expect(Self.article(try site.read("index.html")).contains("[51|2]"))
        #expect(summary.details.contains("table gap, column lifeExp: 1 value written \"NA\" read as missing (null)"))
        #expect(summary.details.contains("table gap, column note: 1 value written \"n.a.\" read as missing (null)"))
        let listing = try await TTSiteBinary.run(["data"], in: site.folder)
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(
            listing.stdout == """
                gap  (3 rows, from data/gap.csv)
                  country    text
                  continent  text
                  lifeExp    integer  (1 value written "NA" read as missing (null))
                  note       text  (1 value written "n.a." read as missing (null))

                """)
    }

    // MARK: Compressed sources

    /// A `.csv.gz` was refused with a hint about Latin-1; CSV, TSV and JSON compressed by
    /// `gzip` are read by their name, and the format comes from the name without `.gz`.
    @Test func gzipCompressedSourcesAreRead() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Compressed
            data:
              gap: { file: data/gap.csv.gz }
              tabs: { file: data/tabs.tsv.gz }
              rows: { file: data/rows.json.gz, path: $.rows }
            -- data/gap.csv --
            country,pop
            Chad,3
            Peru,4
            -- data/tabs.tsv --
            a\tb
            1\t2
            -- data/rows.json --
            {"rows": [{"n": 5}]}
            -- Content/index.md --
            ```ttsite query q
            SELECT (SELECT sum(pop) FROM gap) AS pop, (SELECT b FROM tabs) AS b, (SELECT n FROM rows) AS n
            ```

            {{#data.q}}[{{pop}}|{{b}}|{{n}}]{{/data.q}}
            """)
        defer { site.remove() }
        for name in ["gap.csv", "tabs.tsv", "rows.json"] {
            let zipped = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["gzip", "-9", name], in: site.folder.appendingPathComponent("data"))
            #expect(zipped.status == 0, "\(zipped.stderr)")
        }
        try site.build()
        #expect(Self.article(try site.read("index.html")).contains("[7|2|5]"))
    }

    // MARK: Long results and the pages they split

    static func exists(_ site: TestSite, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: site.output.appendingPathComponent(path).path)
    }

    /// A chart over 25 rows (10 to a table's page) made a `2/` of empty tables, and an unused
    /// long query `d` split a page whose chart reads `daily` (a substring test): only a
    /// table that shows a long result splits its page.
    @Test func onlyATableThatShowsALongResultSplitsItsPage() throws {
        let site = try DataReportTests.longSite(
            named: { "m\($0)" },
            files: """
                -- ttsite.yml --
                title: Long
                base_url: https://example.org/
                data:
                  missions: { file: data/missions.csv }
                queries: { table_page_size: 10 }
                -- Content/index.md --
                ```ttsite query d
                SELECT mission, crew FROM missions
                ```

                ```ttsite query daily
                SELECT launch, crew FROM missions ORDER BY launch
                ```

                ```ttsite chart kind=line data=daily x=launch y=crew
                ```

                ```ttsite value data=daily column=crew
                ```
                """)
        defer { site.remove() }
        try site.build()
        #expect(!Self.exists(site, "2/index.html"))
        #expect(!(try site.read("sitemap.xml")).contains("https://example.org/2/"))
    }

    @Test func twoLongTablesOnOnePageAreNamedWithTheirLines() throws {
        let site = try DataReportTests.longSite(
            named: { "m\($0)" },
            files: """
                -- Content/index.md --
                ```ttsite query a
                SELECT mission FROM missions
                ```

                ```ttsite table data=a
                ```

                ```ttsite query b
                SELECT launch FROM missions
                ```

                ```ttsite table data=b
                ```
                """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("Content/index.md:12: ")
                && text.contains("the tables `a` (line 5) and `b` (line 12) are each longer than a page")
        }
    }

    /// The further pages of a long table are no menu entries ("US airports" four times), and
    /// their download links lead to the files beside the first page (`table/2/all.csv` was
    /// none); a short table beside the long one shows whole on each page.
    @Test func aSplitTablesPagesAreNoMenuEntriesAndTheirDownloadsWork() throws {
        let site = try DataReportTests.longSite(
            named: { "m\($0)" },
            files: """
                -- Content/table.md --
                ---
                title: Airports
                menu: 1
                ---
                ```ttsite query all
                SELECT mission FROM missions ORDER BY launch
                ```

                ```ttsite query few
                SELECT mission FROM missions ORDER BY launch LIMIT 2
                ```

                ```ttsite table data=all download=csv,json
                ```

                ```ttsite table data=few
                ```
                """)
        defer { site.remove() }
        try site.build()
        let second = try site.read("table/2/index.html")
        #expect(second.components(separatedBy: ">Airports</a>").count == 2, "one menu entry")
        #expect(second.contains(#"href="../../table/all.csv""#) && second.contains(#"href="../../table/all.json""#))
        #expect(Self.exists(site, "table/all.csv") && !Self.exists(site, "table/2/all.csv"))
        let article = Self.article(second)
        #expect(article.contains("<td>m11</td>") && !article.contains("<td>m10</td>"))
        #expect(article.components(separatedBy: "<td>m1</td>").count == 2 && article.contains("<td>m2</td>"), "the short table, whole")
    }

    /// Every link the build writes must lead to a file it made; a view's link to nothing is
    /// found once every file is written.
    @Test func aLinkTheBuildWroteToNoFileIsFound() {
        let links = WrittenLinks()
        // The root is left to `ttsite check`: a site without a home page still builds.
        links.add(
            ["people/", "assets/style.css", "table/all.csv#top", "https://example.org/x", "", "index.html"], page: "people/index.html")
        links.add(["table/2/all.csv", "people/anna", "table/all.csv"], page: "table/2/index.html")
        let files: Set<String> = ["people/index.html", "people/anna/index.html", "assets/style.css", "table/all.csv"]
        let broken = links.broken(in: files)
        #expect(broken.map(\.link) == ["table/2/all.csv"])
        #expect(broken.map(\.page) == ["table/2/index.html"])
        #expect(
            "\(WrittenLinks.failure(broken))".contains(
                "the build wrote a link to no file of the site: `table/2/all.csv` on table/2/index.html."))
    }

    // MARK: Errors, empty results and misspelt names

    /// An error on a page made from a row named no row (`[country].md:11: row=3 … gave 1
    /// rows`): it says which row's page it is.
    @Test func anErrorOnARowsPageNamesTheRow() throws {
        let site = try Self.site(
            """
            -- Content/m/[mission].md --
            ---
            rows: all
            ---
            ```ttsite query all
            SELECT mission FROM missions ORDER BY launch
            ```

            ```ttsite query one
            SELECT mission FROM missions WHERE mission = :mission
            ```

            ```ttsite value data=one row=3
            ```
            """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)"
                == "Content/m/[mission].md:12: `row=3`, and the query `one` gave 1 row (for the row whose `mission` is \"Apollo 11\")"
        }
    }

    /// A chart over no rows drew a 0–1 axis, a table showed its header alone, and a key
    /// figure over no rows stopped the nightly build: each shows the pack's "no data" now, and
    /// warns with its line; `--strict` makes that an error. A mistake in the block's line is
    /// still one.
    @Test func anEmptyResultShowsNoDataAndWarns() throws {
        let site = try Self.site(
            """
            ```ttsite query none
            SELECT mission, crew, launch FROM missions WHERE crew > 99
            ```

            ```ttsite chart kind=line data=none x=launch y=crew title="Crews"
            ```

            ```ttsite table data=none caption="Missions"
            ```

            ```ttsite value data=none column=crew label="crew members"
            ```
            """)
        defer { site.remove() }
        let summary = try site.build()
        let html = Self.article(try site.read("index.html"))
        #expect(html.components(separatedBy: #"<p class="report-block no-data">"#).count == 4)
        #expect(html.contains(#"<span class="no-data-label">Crews:</span> <span class="no-data-text">No data</span>"#))
        #expect(html.contains(#"<span class="no-data-label">crew members:</span> <span class="no-data-text">No data</span>"#))
        #expect(!html.contains("<svg") && !html.contains("<table"))
        #expect(
            summary.warnings == [
                "Content/index.md:6: the query `none` gave no rows, so the chart shows \"No data\"",
                "Content/index.md:9: the query `none` gave no rows, so the table shows \"No data\"",
                "Content/index.md:12: the query `none` gave no rows, so the key figure shows \"No data\"",
            ])
        var strict = site.options()
        strict.strict = true
        #expect(throws: BuildError.self) { try Site.build(strict) }

        try site.write(
            """
            ```ttsite query none
            SELECT mission, crew FROM missions WHERE crew > 99
            ```

            ```ttsite chart kind=line data=none x=launch y=crew
            ```
            """, to: "Content/index.md")
        #expect { try site.build() } throws: { error in "\(error)".contains("the query `none` has no column `launch`") }
    }

    /// `{{#data.contries}}` rendered nothing, silently: a section over a misspelt result or
    /// row column is a warning with its line and the name meant. A NULL column is no miss.
    @Test func aMisspeltResultOrColumnInASectionIsAWarning() throws {
        let site = try Self.site(
            """
            ```ttsite query countries
            SELECT mission FROM missions
            ```

            {{#data.contries}}[{{mission}}]{{/data.contries}}
            -- Content/m/[mission].md --
            ---
            rows: all
            ---
            ```ttsite query all
            SELECT mission, notes FROM missions ORDER BY launch
            ```

            {{#row.note}}Note: {{row.note}}{{/row.note}}{{#row.notes}}({{row.notes}}){{/row.notes}}
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(
            summary.warnings.contains(
                "Content/index.md:6: `{{#data.contries}}` names no query result of the page on index.html, "
                    + "so it shows nothing; did you mean `data.countries`?"
            ))
        #expect(
            summary.warnings.contains {
                $0.hasPrefix(
                    "Content/m/[mission].md:8: `{{#row.note}}` names no column of the page's row on m/apollo-11/index.html "
                        + "(and 4 more pages), so it shows nothing; did you mean `row.notes`?"
                )
            },
            "\(summary.warnings)")
        // Apollo 14 has no notes: no warning says so, and its page shows none.
        #expect(!summary.warnings.contains { $0.contains("{{row.notes}}") || $0.contains("{{#row.notes}}") })
        #expect(!Self.article(try site.read("m/apollo-14/index.html")).contains("("))
    }

    // MARK: Numbers as a column writes them

    static let gapSite = """
        -- ttsite.yml --
        title: Gap
        data:
          gap: { file: data/gap.csv }
        -- data/gap.csv --
        year,pop,lifeExp,founded
        1952,1952,5,1800
        1957,2100,5.3,1801
        1962,2300,68.87,1802
        """

    /// Years read "1,952" in tables, charts' data tables and summaries, key figures and
    /// Mustache: a column of whole numbers from 1000 to 2999 named `year` is written without
    /// grouping (and any with `format.COLUMN=year`); `pop` holds numbers, grouped.
    @Test func yearsAreWrittenWithoutAThousandsSeparator() throws {
        let site = try TestSite(
            Self.gapSite + """

                -- Content/index.md --
                ```ttsite query gap
                SELECT year, pop, founded FROM gap ORDER BY year
                ```

                ```ttsite table data=gap format.founded=year
                ```

                ```ttsite chart kind=column data=gap x=year y=pop
                ```

                ```ttsite value data=gap column=year row=3
                ```

                {{#data.gap}}[{{year}}|{{pop}}]{{/data.gap}}
                """)
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("index.html"))
        #expect(html.contains(#"<td class="num">1952</td><td class="num" data-sort="1952">1,952</td><td class="num">1800</td>"#))
        #expect(html.contains("[1952|1,952][1957|2,100][1962|2,300]"))
        #expect(html.contains(#"<span class="big-number">1962</span>"#))
        // The chart's data table and its summary (`<desc>`).
        #expect(html.contains("<tr><th>1952<td>1,952<tr><th>1957<td>2,100<tr><th>1962<td>2,300</tbody>"))
        #expect(!html.contains("1,957") && !html.contains("1,962"), "no year grouped, in the summary neither")
    }

    /// The default decimal format dropped trailing zeros, so a column read "5" next to "5.3":
    /// a column of numbers with fractions takes the decimals of the value that needs the
    /// most, in a table and in a chart's data table; the chart's axis keeps round ticks.
    @Test func aColumnOfDecimalsKeepsOneNumberOfDecimals() throws {
        let site = try TestSite(
            Self.gapSite + """

                -- Content/index.md --
                ```ttsite query gap
                SELECT year, lifeExp FROM gap ORDER BY year
                ```

                ```ttsite table data=gap
                ```

                ```ttsite chart kind=line data=gap x=year y=lifeExp
                ```
                """)
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("index.html"))
        let table = String(html[..<html.range(of: "chart-block")!.lowerBound])
        #expect(table.contains(">5.00</td>") && table.contains(">5.30</td>") && table.contains(">68.87</td>"))
        #expect(html.contains("<tr><th>1952<td>5.00<tr><th>1957<td>5.30<tr><th>1962<td>68.87</tbody>"), "the chart's data table")
        #expect(!html.contains(">20.00<") && html.contains(">20<"), "the axis's ticks stay round")
    }

    // MARK: The preview and a build

    /// `ttsite build` failed while `ttsite serve` rebuilt the same site: it waits for the
    /// preview's rebuild (the lock says a preview holds it), says so, and then builds.
    @Test func aBuildWaitsForThePreviewsRebuild() async throws {
        let site = try Self.site("")
        defer { site.remove() }
        final class Held: @unchecked Sendable { var lock: SiteLock? }
        let preview = Held()
        preview.lock = try SiteLock(siteFolder: site.folder, outputFolder: site.output, wait: 0, preview: true)
        let build = try TTSiteBinary.start(["build", "--now", "2026-11-22T08:00:00Z"], in: site.folder)
        // On a thread of its own, which lets the preview's lock go as soon as the build says it
        // waits: a test resumed on a busy concurrency pool could come back after the build had
        // given up (300 s), and see it fail.
        let waited = try await offThePool { () -> Bool in
            let told = waitUntil(limit: 240) { build.errorOutput.contains("waiting for it to finish") || !build.isRunning }
            let running = build.isRunning
            preview.lock = nil
            return told && running
        }
        #expect(waited, "the build said it waits, and waited")
        let result = try await build.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "ttsite: the preview (`ttsite serve`, pid \(getpid())) is rebuilding the site; waiting for it to finish\n"))
        #expect(try site.read("index.html").contains("Hello."))
    }

    // MARK: File names

    /// `[mission].de.md` on a site of English and French was read as a page named
    /// `[mission].de` and failed with an unrelated message: a translation into a language
    /// the site does not list is left out, with one warning naming the language.
    @Test func aTranslationIntoAnUnlistedLanguageIsLeftOutWithAWarning() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Missions
            languages: [en, fr]
            data:
              missions: { file: data/missions.csv }
            -- data/missions.csv --
            \(DataReportTests.missions)
            -- Content/index.md --
            Hello.
            -- Content/about.de.md --
            Über uns.
            -- Content/m/[mission].md --
            ---
            rows: all
            ---
            ```ttsite query all
            SELECT mission FROM missions
            ```
            -- Content/m/[mission].de.md --
            ---
            rows: all
            ---
            ```ttsite query all
            SELECT mission FROM missions
            ```
            -- Content/notes.v2.md --
            Version 2 is no language.
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(
            summary.warnings == [
                "`de` is not one of the site's languages (en, fr): its 2 pages are left out (Content/about.de.md, "
                    + "Content/m/[mission].de.md); add `de` to `languages:` to publish them"
            ])
        #expect(Self.exists(site, "m/apollo-11/index.html") && !Self.exists(site, "de/about/index.html"))
        #expect(Self.exists(site, "notes.v2/index.html"))
    }

    /// A file named `%.md` (tldr-pages has one) stopped a 7,000-page site: such a name gets an
    /// address that works (a slug, or a hash where it has no letter), with a warning.
    @Test func aFileNameThatBreaksAddressesGetsOneThatWorks() throws {
        let site = try Self.site(
            """
            See [percent](%25.md).
            -- Content/%.md --
            # The percent command
            -- Content/c#.md --
            # C sharp
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(Self.exists(site, "c/index.html"))
        #expect(
            summary.warnings.contains(
                "Content/c#.md: the name `c#` has a character (`?`, `#` or `%`) that breaks addresses, so its page is at `c` instead; "
                    + "rename the file or folder, or give it a `slug:`, to choose"
            ))
        let percent = try #require(summary.warnings.first { $0.hasPrefix("Content/%.md: the name `%` has") })
        let slug = try #require(percent.firstMatch(of: /at `(page-[0-9a-f]{16})` instead/)?.1)
        #expect(try site.read("\(slug)/index.html").contains("The percent command"))
    }

    // MARK: Words

    /// `--help` said the tool was for "people, birthdays and timelines"; it is for data.
    @Test func helpSaysWhatTheToolIsFor() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T")
        defer { site.remove() }
        let help = try await TTSiteBinary.run(["--help"], in: site.folder)
        #expect(help.status == 0)
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            words.hasPrefix(
                "OVERVIEW: Builds static report sites from data: CSV, JSON, SQLite and PostgreSQL queried with SQL at build time"))
    }

    /// `format.price=currency:usd` gave its reason run together with the list of formats and
    /// "or `sparkline`": a format named with a mistake gets what is wrong with it, alone.
    @Test func aMisspeltCurrencySaysWhatIsWrongAlone() throws {
        let site = try Self.site(
            """
            ```ttsite query q
            SELECT mission, samples_kg FROM missions
            ```

            ```ttsite table data=q format.samples_kg=currency:usd
            ```
            """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)"
                == "Content/index.md:6: `format.samples_kg`: the format `currency:usd`: "
                + "`usd` is not an ISO 4217 currency code: write it in capitals, `currency:USD`"
        }
    }

    // MARK: Charts

    static let carsSite = """
        -- ttsite.yml --
        title: Cars
        data:
          cars: { file: data/cars.csv }
        -- data/cars.csv --
        name,hp,mpg,origin,year
        a,150,10,USA,1970
        b,150,12,USA,1970
        c,100,20,USA,1971
        d,150,30,Europe,1970
        e,90,26,Europe,1971
        f,90,27,Europe,1971
        """

    /// The wide frame of the chart of `html` whose class is `kind-chart`.
    static func wideFrame(_ html: String, kind: String) -> String {
        guard let start = html.range(of: "<svg class=\"chart \(kind)-chart wide\""),
            let end = html.range(of: "</svg>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// `series=` kept only the last row of each x and series: every row is a point now (six
    /// cars, six markers: circles for the USA, squares for Europe), and bars add up the
    /// rows of one x and series, and the data table says so.
    @Test func everyRowOfASeriesIsAPoint() throws {
        let site = try TestSite(
            Self.carsSite + """

                -- Content/index.md --
                ```ttsite query cars
                SELECT hp, mpg, origin, year FROM cars ORDER BY hp
                ```

                ```ttsite chart kind=scatter data=cars x=hp y=mpg series=origin
                ```

                ```ttsite chart kind=column layout=stacked data=cars x=year y=mpg series=origin
                ```
                """)
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("index.html"))
        let scatter = Self.wideFrame(html, kind: "scatter")
        // Europe comes first (the rows are by hp): circles, an arc each; the USA squares
        // (`h6v6h-6z` each).
        #expect(scatter.components(separatedBy: "a3.5 3.5 0 1 0 7 0").count - 1 == 3)
        #expect(scatter.components(separatedBy: "h6v6h-6z").count - 1 == 3)
        // The data table: a row a slot, Europe's column first. 90: Europe 26 and 27; 100: USA
        // 20; 150: Europe 30, USA 10 and 12.
        #expect(
            html.contains(
                "<tr><th>90<td>26<td>–<tr><th>90<td>27<td>–<tr><th>100<td>–<td>20<tr><th>150<td>30<td>10<tr><th>150<td>–<td>12</tbody>"))
        // The summary counts every car: the USA from 20 (hp 100) to 12 (hp 150), highest 20, lowest 10.
        #expect(scatter.contains("USA: from 20 to 12, highest 20 (100), lowest 10 (150)"))
        // Stacked columns (1971 first, as the rows come): Europe's 1971 is 26 + 27 = 53, the
        // USA's 1970 10 + 12 = 22.
        #expect(html.contains("<tr><th>1971<td>53<td>20<tr><th>1970<td>30<td>22</tbody>"))
        #expect(html.contains("<caption>Rows with the same year and series are added up.</caption>"))
    }

    /// A line through two rows of one series at one x does not break the other series' line.
    @Test func aSecondRowAtOneXBreaksNoOtherLine() throws {
        let site = try TestSite(
            Self.carsSite + """

                -- Content/index.md --
                ```ttsite query cars
                SELECT hp, mpg, origin FROM cars WHERE origin = 'USA' OR hp <> 90 ORDER BY hp
                ```

                ```ttsite chart kind=line data=cars x=hp y=mpg series=origin
                ```
                """)
        defer { site.remove() }
        try site.build()
        let line = Self.wideFrame(Self.article(try site.read("index.html")), kind: "line")
        // Europe has one car left (hp 150): no line of its own to break; the USA's three cars
        // (100, 150, 150) make one run of one path, one `M`.
        let usa = try #require(line.firstMatch(of: /id="[^"]*-l1"[^>]* d="([^"]*)"/)?.1)
        #expect(usa.filter { $0 == "M" }.count == 1, "\(usa)")
    }

    /// The share and feed PNGs carried the machine's title ("Line chart of Price (USD) by
    /// Date"), not the author's caption: the picture is drawn with the caption, so another
    /// caption is another picture (a PNG is named by the digest of what it shows).
    @Test func aChartsPictureCarriesTheAuthorsCaption() throws {
        func address(caption: String) throws -> String {
            let site = try ChartImagesTests.site()
            defer { site.remove() }
            let page = try String(contentsOf: site.folder.appendingPathComponent("Content/news/samples.md"), encoding: .utf8)
            try site.write(
                page.replacingOccurrences(of: "label.samples_kg=", with: "caption=\"\(caption)\" label.samples_kg="),
                to: "Content/news/samples.md")
            try site.build()
            let html = try site.read("news/samples/index.html")
            #expect(html.contains("<figcaption>\(caption)</figcaption>"))
            return try #require(ChartImagesTests.shareImage(html))
        }
        #expect(try address(caption: "Samples brought back") != address(caption: "Moon rocks by mission"))
    }

    /// The labels of the value axis of a wide frame, in order.
    static func valueAxisLabels(_ frame: String) -> [String] {
        guard let start = frame.range(of: #"<g class="axis value-axis">"#),
            let end = frame.range(of: "</g>", range: start.upperBound..<frame.endIndex)
        else { return [] }
        return frame[start.upperBound..<end.lowerBound].matches(of: /<text[^>]*>([^<]*)<\/text>/).map { String($0.1) }
    }

    /// 4.1–4.7 % with `format=percent` read "4%, 4%, 4%, 5%": labels read apart (a decimal
    /// more); a tick at 0.0015 read "0.002": every tick takes the decimals the finest needs.
    @Test func axisLabelsReadApart() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Rates
            data:
              rates: { file: data/rates.csv }
            -- data/rates.csv --
            month,rate,tiny
            1,0.041,0
            2,0.043,0.0005
            3,0.045,0.001
            4,0.047,0.0015
            -- Content/index.md --
            ```ttsite query rates
            SELECT month, rate, tiny FROM rates
            ```

            ```ttsite chart kind=line data=rates x=month y=rate format.rate=percent
            ```

            ```ttsite chart kind=scatter data=rates x=month y=tiny
            ```
            """)
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("index.html"))
        let percents = Self.valueAxisLabels(Self.wideFrame(html, kind: "line"))
        #expect(percents.count >= 3 && Set(percents).count == percents.count, "\(percents)")
        #expect(percents.allSatisfy { $0.hasSuffix("%") && $0.contains(".") }, "\(percents)")
        let tiny = Self.valueAxisLabels(Self.wideFrame(html, kind: "scatter"))
        #expect(tiny.contains("0.0015") && tiny.contains("0.0005") && tiny.allSatisfy { $0.count == 6 }, "\(tiny)")
    }

    /// A site of regions, one chart by year and one by size, the rows in other orders.
    static let regionsSite = """
        -- ttsite.yml --
        title: Regions
        data:
          r: { file: data/r.csv }
        -- data/r.csv --
        region,year,n
        Asia,2000,5
        Europe,2000,3
        Asia,2001,6
        Europe,2001,4
        """

    /// Series 6 looked like series 1 (solid, blue, a circle), and the same series had other
    /// colours in two charts of a page: each of eight series has a dash of its own, a series
    /// keeps its colour (class) by name across the page, and the legends one order.
    @Test func aSeriesKeepsItsStyleAcrossThePage() throws {
        let site = try TestSite(
            Self.regionsSite + """

                -- Content/index.md --
                ```ttsite query byYear
                SELECT region, year, n FROM r ORDER BY year, region
                ```

                ```ttsite query bySize
                SELECT region, year, n FROM r ORDER BY n
                ```

                ```ttsite chart kind=line data=byYear x=year y=n series=region
                ```

                ```ttsite chart kind=column data=bySize x=year y=n series=region
                ```
                """)
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("index.html"))
        // bySize's first row is Europe's; Asia is the page's first series all the same.
        let legends = html.matches(of: /<ul class="chart-legend">(.*?)<\/ul>/).map { String($0.1) }
        #expect(legends.count == 2)
        for legend in legends {
            let names = legend.matches(of: /<\/svg>([^<]+)<\/li>/).map { String($0.1) }
            #expect(names == ["Asia", "Europe"], "\(legend)")
            #expect(
                legend.contains(##"<g class="series s1" color="#0072B2">"##) && legend.contains(##"<g class="series s2" color="#D55E00">"##)
            )
        }
        #expect(Self.wideFrame(html, kind: "column").contains("<title>Asia</title>"))
    }

    /// Past eight series nothing warned: a chart of nine warns with its line.
    @Test func aChartOfMoreSeriesThanStylesWarns() throws {
        let rows = (1...9).map { "s\($0),1,\($0)\ns\($0),2,\($0 + 1)" }.joined(separator: "\n")
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Many
            data:
              m: { file: data/m.csv }
            -- data/m.csv --
            name,x,y
            \(rows)
            -- Content/index.md --
            ```ttsite query m
            SELECT name, x, y FROM m
            ```

            ```ttsite chart kind=line data=m x=x y=y series=name
            ```
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(
            summary.warnings == [
                "Content/index.md:5: the chart of `m` draws 9 series, and only 8 can be told apart (each by a colour and a dash, "
                    + "a marker or a pattern of its own): show fewer, or a chart for a few of them"
            ])
        let line = Self.wideFrame(Self.article(try site.read("index.html")), kind: "line")
        // Series 6 (`s6`) is dashed where series 1 is solid.
        #expect(
            line.range(of: #"<g class="series s6"[^>]*><title>s6</title><path[^>]* stroke-dasharray="12 3""#, options: .regularExpression)
                != nil)
    }

    /// The `<text>`s of the x axis of a frame.
    static func xAxisLabels(_ frame: String) -> [String] {
        guard let start = frame.range(of: #"<g class="axis x-axis">"#),
            let end = frame.range(of: "</g>", range: start.upperBound..<frame.endIndex)
        else { return [] }
        return frame[start.upperBound..<end.lowerBound].matches(of: /<text[^>]*>([^<]*)<\/text>/).map { String($0.1) }
    }

    /// Dates along a column chart were text ("2006 Sep May 2008 …"): columns stand on a time
    /// axis, each at its date (a year's gap is twelve times a month's), labelled by the
    /// time ticks a line chart has; horizontal bars name each date whole.
    @Test func columnsOverDatesStandOnATimeAxis() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Sales
            data:
              s: { file: data/s.csv }
            -- data/s.csv --
            day,n
            2006-01-01,5
            2006-02-01,7
            2007-02-01,4
            -- Content/index.md --
            ```ttsite query s
            SELECT day, n FROM s ORDER BY day
            ```

            ```ttsite chart kind=column data=s x=day y=n
            ```

            ```ttsite chart kind=bar data=s x=day y=n
            ```
            """)
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("index.html"))
        let columns = Self.wideFrame(html, kind: "column")
        let labels = Self.xAxisLabels(columns)
        #expect(labels.contains("2007") && !labels.contains("Jan 1, 2006"), "\(labels)")
        // The columns' left edges: the first two a month apart, the third a year after.
        let lefts = columns.matches(of: /<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"/).map { Double($0.1)! + Double($0.2)! / 2 }
        #expect(lefts.count == 3, "\(columns)")
        if lefts.count == 3 {
            // 31 days, then 365: the gaps in that proportion, to the tenth of a unit drawn.
            #expect(abs((lefts[2] - lefts[1]) / (lefts[1] - lefts[0]) - 365.0 / 31.0) < 0.1, "\(lefts)")
        }
        #expect(Self.xAxisLabels(Self.wideFrame(html, kind: "bar")) == ["Jan 1, 2006", "Feb 1, 2006", "Feb 1, 2007"])
    }

    /// Integer histograms got half-width bins and there was no `bins=`: whole numbers are
    /// binned by whole steps, and `bins=` (how many) and `step=` (how wide) choose.
    @Test func histogramsOfWholeNumbersAndTheirBins() throws {
        let values = (0..<40).map { "\($0 % 5 + 1)" }.joined(separator: "\n")
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Scores
            data:
              s: { file: data/s.csv }
            -- data/s.csv --
            score
            \(values)
            -- Content/index.md --
            ```ttsite query s
            SELECT score FROM s
            ```

            ```ttsite chart kind=histogram data=s y=score
            ```

            ```ttsite chart kind=histogram data=s y=score step=2
            ```
            """)
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("index.html"))
        // 1 … 5, eight of each: bins of 1 (1–2 … 5–6), not of 0.5 with every second empty.
        #expect(html.contains("<tr><th>1–2<td>8<tr><th>2–3<td>8<tr><th>3–4<td>8<tr><th>4–5<td>8<tr><th>5–6<td>8</tbody>"), "\(html)")
        // step=2 from 0: 0–2 holds the 1s, 2–4 the 2s and 3s, 4–6 the 4s and 5s.
        #expect(html.contains("<tr><th>0–2<td>8<tr><th>2–4<td>16<tr><th>4–6<td>16</tbody>"))
        try site.write(
            "```ttsite query s\nSELECT score FROM s\n```\n\n```ttsite chart kind=line data=s x=score y=score bins=3\n```\n",
            to: "Content/index.md")
        #expect { try site.build() } throws: { "\($0)".contains("`bins=` is for `histogram` charts, and this is `line`") }
    }

    /// A sparkline column put each row on its own x scale (GOOG, listed in 2004, filled the
    /// cell like stocks from 2000): the column's lines share one axis, the shorter ending at
    /// the right edge with the others.
    @Test func aSparklineColumnSharesOneAxis() throws {
        let site = try Self.site(
            """
            ```ttsite query s
            SELECT 'AAPL' AS symbol, '1,2,3,4,5' AS prices UNION ALL SELECT 'GOOG', '4,5'
            ```

            ```ttsite table data=s format.prices=sparkline
            ```
            """)
        defer { site.remove() }
        try site.build()
        let html = Self.article(try site.read("index.html"))
        let paths = html.matches(of: /<svg class="sparkline"[^>]*>.*?d="M([0-9.]+)[^0-9.]/).map { Double($0.1)! }
        // AAPL starts at the left inset (2.5); GOOG's two values take the last two of five
        // places: it starts three quarters of the way across, at 2.5 + 75 × 3 / 4 = 58.75.
        #expect(paths.count == 2 && paths[0] == 2.5 && abs(paths[1] - 58.8) < 0.06, "\(paths)")
    }
}
