import DataTables
import Foundation
@testable import SiteBuilder
import Testing
import TestSupport

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
        let site = try Self.site("""
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
        let site = try TestSite("""
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
        #expect(listing.stdout == """
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
        let site = try TestSite("""
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
            let zipped = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["gzip", "-9", name], in: site.folder.appendingPathComponent("data"))
            #expect(zipped.status == 0, "\(zipped.stderr)")
        }
        try site.build()
        #expect(Self.article(try site.read("index.html")).contains("[7|2|5]"))
    }
}
