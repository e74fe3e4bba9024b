import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Inputs (```` ```ttsite input … ````): every combination of a page's options is a page of its
/// own, built ahead, whose blocks show the answer for it; the input is a list of links between
/// them. The expected answers are summed here from the rows the test wrote, not by ttsite.
@Suite struct InputTests {
    /// Nine countries on three continents, each with a population in 1952, 1977 and 2007.
    static let countries: [(country: String, continent: String, pops: [Int])] = [
        ("Kenya", "Africa", [6, 14, 37]), ("Ghana", "Africa", [5, 10, 23]), ("Mali", "Africa", [4, 6, 12]),
        ("Japan", "Asia", [86, 113, 127]), ("Nepal", "Asia", [9, 14, 28]), ("Laos", "Asia", [2, 3, 6]),
        ("France", "Europe", [42, 53, 61]), ("Norway", "Europe", [3, 4, 5]), ("Ireland", "Europe", [3, 3, 4]),
    ]
    static let years = [1952, 1977, 2007]

    static var csv: String {
        var lines = ["country,continent,year,pop"]
        for row in countries {
            for (year, pop) in zip(years, row.pops) { lines.append("\(row.country),\(row.continent),\(year),\(pop)") }
        }
        return lines.joined(separator: "\n")
    }

    /// The sum of the populations of `continent` (every continent for nil) in `year`, in millions.
    static func people(_ continent: String?, _ year: Int) -> Int {
        let column = years.firstIndex(of: year)!
        return countries.filter { continent == nil || $0.continent == continent }.reduce(0) { $0 + $1.pops[column] }
    }

    static func site(page: String, config: String = "", files: String = "") throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Inputs
            base_url: https://example.org/
            data:
              gap: { file: data/gap.csv }
            \(config)
            -- data/gap.csv --
            \(csv)
            -- Content/index.md --
            # Inputs
            -- Content/gapminder.md --
            \(page)
            \(files)
            """)
    }

    static let page = """
        ---
        title: Gapminder
        date: 2026-11-01
        menu: 2
        ---
        ```ttsite query continents
        SELECT DISTINCT continent FROM gap ORDER BY continent
        ```

        ```ttsite input name=continent data=continents column=continent label="Continent" all="All continents"
        ```

        ```ttsite input name=year options=1952,1977,2007 label="Year" default=2007
        ```

        ```ttsite query people
        SELECT sum(pop) AS pop FROM gap WHERE year = :year AND (:continent IS NULL OR continent = :continent)
        ```

        ```ttsite value data=people column=pop label="million people"
        ```

        ```ttsite query countries
        SELECT country, pop FROM gap WHERE year = :year AND (:continent IS NULL OR continent = :continent) ORDER BY pop DESC
        ```

        ```ttsite table data=countries download=csv
        ```

        ```ttsite query everyone
        SELECT count(DISTINCT country) AS countries FROM gap
        ```

        ```ttsite value data=everyone column=countries label="countries in all"
        ```
        """

    /// The text of the first key figure of `html`.
    static func figure(_ html: String) -> String? {
        guard let start = html.range(of: "<span class=\"big-number\">") else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.range(of: "</span> <span class=\"value-label\">") else { return nil }
        return rest[..<end.lowerBound].replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
    }

    /// Four continent options (everything and three continents) by three years: twelve pages,
    /// each with its own sum, title and address; the page itself shows the defaults.
    @Test func everyCombinationIsAPageWithItsOwnAnswer() throws {
        let site = try Self.site(page: Self.page)
        defer { site.remove() }
        try site.build()
        let continents: [(slug: String?, name: String?)] = [(nil, nil), ("africa", "Africa"), ("asia", "Asia"), ("europe", "Europe")]
        for (slug, continent) in continents {
            for year in Self.years {
                var path = "gapminder/"
                if let slug { path += "continent/\(slug)/" }
                if year != 2007 { path += "year/\(year)/" }
                let html = try site.read(path + "index.html")
                #expect(Self.figure(html) == String(Self.people(continent, year)), "\(path)")
                let shown = [continent, year == 2007 ? nil : String(year)].compactMap { $0 }
                let title = "Gapminder" + (shown.isEmpty ? "" : " — " + shown.joined(separator: ", "))
                #expect(html.contains("<title>\(title) · Inputs</title>"), "\(path)")
                #expect(html.contains("<link rel=\"canonical\" href=\"https://example.org/\(path)\">"), "\(path)")
                // The table holds the continent's countries alone, largest first.
                let rows = Self.countries.filter { continent == nil || $0.continent == continent }
                #expect(html.components(separatedBy: "<tr><td>").count - 1 == rows.count, "\(path)")
                // Each page offers its own result.
                let csv = try site.read(path + "countries.csv")
                #expect(csv.split(whereSeparator: \.isNewline).count == rows.count + 1, "\(path)")
            }
        }
        let pages = try FileManager.default.subpathsOfDirectory(atPath: site.output.appendingPathComponent("gapminder").path)
            .filter { $0.hasSuffix("index.html") }
        #expect(pages.count == 12)
        let (checked, broken) = try LinkChecker(folder: site.output, sitePath: "/").check()
        #expect(checked > 0 && broken.isEmpty, "\(broken)")
    }

    /// The input is a list of links to the other answers, the shown one marked; the blocks whose
    /// query reads an input are marked as the part that changes, the others are not.
    @Test func theInputIsAListOfLinksAndTheChangingBlocksAreMarked() throws {
        let site = try Self.site(page: Self.page)
        defer { site.remove() }
        try site.build()
        let html = try site.read("gapminder/continent/asia/year/1952/index.html")
        #expect(
            html.contains(#"<nav class="report-block input-block" aria-labelledby="input_year" data-input="year" data-kind="buttons">"#))
        #expect(
            html.contains(
                #"<a href="../../../../../gapminder/continent/asia/year/1952/index.html" data-value="1952" aria-current="page">1952</a>"#))
        #expect(html.contains(#"<a href="../../../../../gapminder/continent/asia/index.html" data-value="2007">2007</a>"#))
        #expect(html.contains(#"<a href="../../../../../gapminder/year/1952/index.html" data-value="">All continents</a>"#))
        // The options shown, and the page's place in the menu.
        #expect(html.components(separatedBy: "aria-current=\"page\"").count - 1 == 3)
        // Two blocks read an input (the key figure of people and the table); the count of all
        // countries reads none.
        #expect(html.components(separatedBy: "<div class=\"varies\"").count - 1 == 2)
        let varying = html.components(separatedBy: "<div class=\"varies\"").dropFirst().map { $0.components(separatedBy: "\n</div>")[0] }
        #expect(varying.count == 2 && varying[0].contains("million people") && varying[1].contains("<table"))
        #expect(!varying.contains { $0.contains("countries in all") })
        let countAll = try #require(html.range(of: "<p class=\"report-block value-block\">", options: .backwards))
        #expect(Self.figure(String(html[countAll.lowerBound...])) == "9")
        // Four options or fewer are buttons, unless told; more are a drop-down.
        #expect(html.contains(#"data-input="continent" data-kind="buttons""#))
    }

    /// A changed row rewrites the answers whose results it is in, and no other file: Laos is in
    /// Asia, so its 1977 figure is in the answers of Asia in 1977 and of everything in 1977.
    @Test func aChangedRowRewritesOnlyTheAnswersItIsIn() throws {
        let site = try Self.site(page: Self.page)
        defer { site.remove() }
        try site.build()
        let before = try IncrementalTests().stamps(site.output)
        try site.write(Self.csv.replacingOccurrences(of: "Laos,Asia,1977,3", with: "Laos,Asia,1977,30"), to: "data/gap.csv")
        try site.build()
        let after = try IncrementalTests().stamps(site.output)
        #expect(after.keys.sorted() == before.keys.sorted())
        let changed = Set(after.keys.filter { after[$0]!.inode != before[$0]?.inode })
        #expect(
            changed == [
                "gapminder/continent/asia/year/1977/index.html", "gapminder/continent/asia/year/1977/countries.csv",
                "gapminder/year/1977/index.html", "gapminder/year/1977/countries.csv",
            ])
        #expect(Self.figure(try site.read("gapminder/continent/asia/year/1977/index.html")) == String(Self.people("Asia", 1977) + 27))
    }

    /// Menus and the pages feeds show the page once; the sitemap lists every answer, each a page.
    @Test func menusAndFeedsShowThePageOnceAndTheSitemapEveryAnswer() throws {
        let site = try Self.site(page: Self.page)
        defer { site.remove() }
        try site.build()
        let home = try site.read("index.html")
        #expect(home.contains(#"<li><a href="gapminder/index.html">Gapminder</a></li>"#))
        #expect(!home.contains("Gapminder —"))
        let atom = try site.read("atom.xml")
        #expect(atom.components(separatedBy: "<entry>").count - 1 == 1)
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/gapminder/continent/europe/year/1977/</loc>"))
        #expect(sitemap.components(separatedBy: "<loc>https://example.org/gapminder/").count - 1 == 12)
    }

    /// Each mistake names the page's line and what to do.
    @Test(arguments: [
        ("name=Continent options=a,b", "lower-case letters, digits and `_`, from a letter; found `Continent`"),
        ("options=a,b", "`input` needs `name=`"),
        ("name=region options=a,b", "no query of the page reads `:region`"),
        ("name=continent", "`input` needs its options"),
        ("name=continent data=continents options=a,b", "not both"),
        ("name=continent options=a,,b", "`options=` has an empty item"),
        ("name=continent options=a,a", "`options=` lists `a` twice"),
        ("name=continent options=a,b default=c", "`default=c` is none of the input's options (`a`, `b`)"),
        ("name=continent options=a,b kind=radio", "`kind` must be `select` (a drop-down) or `buttons`"),
        ("name=continent data=plain column=land", "the query `plain` has no column `land`"),
        ("name=continent data=continents", "the options come from `continents`, which reads the input `:continent`"),
        ("name=continent data=missing", "no query named `missing` for this page"),
        ("name=continent options=a,b colour=red", "`input` takes `name=` or `data=`"),
        ("name=title options=a,b", "`:title` is a front matter key of the page already"),
    ])
    func aMistakeNamesTheLine(block: String, message: String) throws {
        let site = try Self.site(
            page: """
                ---
                title: Gapminder
                ---
                ```ttsite query continents
                SELECT DISTINCT continent FROM gap WHERE :title IS NOT NULL OR :continent IS NULL ORDER BY continent
                ```

                ```ttsite input \(block)
                ```

                ```ttsite query plain
                SELECT 'Asia' AS continent
                ```
                """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("Content/gapminder.md:8: ") && text.contains(message)
        }
    }

    /// An input whose options hold a NULL, or two inputs of one name, are refused.
    @Test func optionsThatCannotBeChosenAreRefused() throws {
        let cases: [(page: String, line: Int, message: String)] = [
            (
                """
                ```ttsite query continents
                SELECT NULL AS continent UNION ALL SELECT DISTINCT continent FROM gap WHERE :continent IS NULL OR 1
                ```

                ```ttsite query listed
                SELECT continent FROM (SELECT NULL AS continent UNION ALL SELECT 'Asia')
                ```

                ```ttsite input name=continent data=listed
                ```
                """, 9, "row 1 of `listed` has no `continent` (NULL)"
            ),
            (
                """
                ```ttsite query continents
                SELECT continent FROM gap WHERE continent = :continent
                ```

                ```ttsite input name=continent options=Asia,Europe
                ```

                ```ttsite input name=continent options=Africa
                ```
                """, 8, "two inputs are called `continent` (lines 5 and 8)"
            ),
        ]
        for (page, line, message) in cases {
            let site = try Self.site(page: page)
            defer { site.remove() }
            #expect(throws: (any Error).self) { try site.build() }
            do { try site.build() } catch {
                #expect("\(error)".hasPrefix("Content/gapminder.md:\(line): ") && "\(error)".contains(message), "\(error)")
            }
        }
    }

    /// `inputs.max_variants` bounds the pages one page makes: 12 are refused under 10, with the
    /// inputs and their counts named.
    @Test func aPageOfTooManyAnswersStopsTheBuild() throws {
        let site = try Self.site(page: Self.page, config: "inputs: { max_variants: 10 }")
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)".hasPrefix(
                "Content/gapminder.md:10: the page's inputs make 12 pages, `continent` (4 options) × `year` (3 options), "
                    + "and a page may have 10 (`inputs.max_variants`)")
        }
        let wrong = try Self.site(page: Self.page, config: "inputs: { max_variants: 0 }")
        defer { wrong.remove() }
        #expect { try wrong.build() } throws: { error in
            "\(error)".contains("ttsite.yml:5")
                && "\(error)".contains("`inputs.max_variants` must be a whole number from 1 to 100000, found 0")
        }
    }

    /// A query that fails for one answer alone says which.
    @Test func aFailureOnOneAnswerNamesItsOptions() throws {
        let site = try Self.site(
            page: """
                ```ttsite input name=year options=1952,oops
                ```

                ```ttsite query people
                SELECT 1 / CASE WHEN :year = 'oops' THEN abs(-9223372036854775807 - 1) ELSE 1 END AS x
                ```

                ```ttsite value data=people
                ```
                """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)".contains("(with `year` at \"oops\")")
        }
    }

    /// `options=` of whole numbers gives the queries numbers, as SQL writes them; any other list,
    /// `007` among them, gives texts.
    @Test(arguments: [("1952,1977,2007", "integer"), ("007,1952", "text"), ("Asia,Europe", "text")])
    func listedOptionsAreNumbersWhenEveryOneIs(options: String, type: String) throws {
        let site = try Self.site(
            page: """
                ```ttsite input name=year options=\(options)
                ```

                ```ttsite query kind
                SELECT typeof(:year) AS type
                ```

                ```ttsite value data=kind column=type
                ```
                """)
        defer { site.remove() }
        try site.build()
        #expect(Self.figure(try site.read("gapminder/index.html")) == type)
    }

    /// A language's page with other defaults: each answer's translation is the other language's
    /// page of the same answer, the page itself's too; the menu marks the page on its answers.
    @Test func translationsFollowTheAnswerWhateverTheDefaults() throws {
        let german = Self.page.replacingOccurrences(of: "title: Gapminder", with: "title: Gapminder (de)")
            .replacingOccurrences(of: "default=2007", with: "default=1952")
        let site = try Self.site(
            page: Self.page, config: "languages: [en, de]",
            files: """
                -- Content/gapminder.de.md --
                \(german)
                -- Content/index.de.md --
                # Eingaben
                """)
        defer { site.remove() }
        try site.build()
        // English: everything in 2007 at gapminder/; German: the same answer at de/gapminder/year/2007/.
        let english = try site.read("gapminder/index.html")
        #expect(english.contains(#"hreflang="de" href="https://example.org/de/gapminder/year/2007/""#))
        let germanAnswer = try site.read("de/gapminder/year/2007/index.html")
        #expect(germanAnswer.contains(#"hreflang="en" href="https://example.org/gapminder/""#))
        #expect(Self.figure(germanAnswer) == String(Self.people(nil, 2007)))
        // Asia in 1952 is an answer below both pages.
        let asia = try site.read("gapminder/continent/asia/year/1952/index.html")
        #expect(asia.contains(#"hreflang="de" href="https://example.org/de/gapminder/continent/asia/""#))
        #expect(asia.contains(#"<li><a href="../../../../../gapminder/index.html" aria-current="page">Gapminder</a></li>"#))
    }

    /// Options keep the same addresses in every language, so that a page's translation of an
    /// answer is the other language's page of the same answer.
    @Test func translationsOfAnAnswerAreTheSameAnswer() throws {
        let site = try Self.site(
            page: Self.page, config: "languages: [en, de]",
            files: """
                -- Content/gapminder.de.md --
                \(Self.page.replacingOccurrences(of: "title: Gapminder", with: "title: Gapminder (de)"))
                """)
        defer { site.remove() }
        try site.build()
        let german = try site.read("de/gapminder/continent/asia/year/1952/index.html")
        #expect(Self.figure(german) == String(Self.people("Asia", 1952)))
        #expect(german.contains(#"hreflang="en" href="https://example.org/gapminder/continent/asia/year/1952/""#))
    }

    /// Blocks that read no input after and between those that do: a table without links, one
    /// with a download (under each answer's address), a chart whose series meet the styles a
    /// varying chart gave them first, and a key figure of no rows.
    static let sharedBlocks = """

        ```ttsite query growth
        SELECT year, continent, sum(pop) AS pop FROM gap
        WHERE (:continent IS NULL OR continent = :continent) AND year <= :year GROUP BY year, continent ORDER BY year, continent
        ```

        ```ttsite chart kind=column data=growth x=year y=pop series=continent
        ```

        ```ttsite query everything
        SELECT country, continent, pop FROM gap WHERE year = 2007 ORDER BY country
        ```

        ```ttsite table data=everything
        ```

        ```ttsite table data=everything download=json
        ```

        ```ttsite query history
        SELECT year, continent, sum(pop) AS pop FROM gap GROUP BY year, continent ORDER BY year, continent
        ```

        ```ttsite chart kind=line data=history x=year y=pop series=continent
        ```

        ```ttsite query nothing
        SELECT country FROM gap WHERE pop < 0
        ```

        ```ttsite value data=nothing column=country
        ```
        """

    /// A block that reads no input is rendered once for each way an answer writes it — by the
    /// way back to the site's root, and for a chart by the styles the page's charts before it
    /// gave their series — and each answer's text is the text it renders alone, byte for byte,
    /// with the same links, scripts and warnings.
    @Test func aBlockThatReadsNoInputIsRenderedOnceForTheAnswersThatWriteItAlike() throws {
        let site = try Self.site(page: Self.page + Self.sharedBlocks)
        defer { site.remove() }
        let (summary, kept) = try Site.build(site.options(), keepingPlan: true)
        let plan = try #require(kept)
        let answers = plan.pages.filter { $0.variant != nil }
        #expect(answers.count == 12)
        let shared = plan.markdown.with(templates: plan.markdown.templates)
        for page in answers {
            let once = try #require(try shared.text(of: page))
            let alone = try #require(try plan.markdown.with(templates: plan.markdown.templates).text(of: page))
            #expect(once.rendered.html == alone.rendered.html, "\(page.urlPath)")
            #expect(once.misses.written == alone.misses.written, "\(page.urlPath)")
            #expect(once.misses.notes.map(\.message) == alone.misses.notes.map(\.message), "\(page.urlPath)")
            #expect(once.tables.tableScript && once.tables.chartScript && once.tables.inputScript, "\(page.urlPath)")
        }
        // The blocks kept, by their line in the page's file.
        let lines = Dictionary(grouping: shared.blockMemo.keys, by: \.line).mapValues(\.count)
        func line(of block: String) throws -> Int {
            let body = Self.page + Self.sharedBlocks
            let index = try #require(body.components(separatedBy: "\n").firstIndex(of: block))
            return index + 1
        }
        // Twelve answers at three depths: the page (`gapminder/`), one input not at its
        // default (`gapminder/year/1952/`) and two (`gapminder/continent/asia/year/1952/`).
        #expect(lines[try line(of: "```ttsite value data=everyone column=countries label=\"countries in all\"")] == 3)
        #expect(lines[try line(of: "```ttsite table data=everything")] == 3)
        #expect(lines[try line(of: "```ttsite value data=nothing column=country")] == 3)
        // A download is under each answer's address: every answer renders its own.
        #expect(lines[try line(of: "```ttsite table data=everything download=json")] == nil)
        // Everything (at the page's depth or below one input) and each continent (below one
        // input or two) colours the continents' series in its own order.
        #expect(lines[try line(of: "```ttsite chart kind=line data=history x=year y=pop series=continent")] == 2 + 3 * 2)
        // The download's links lead to each answer's own file; the warning counts every answer.
        let asia = try site.read("gapminder/continent/asia/year/1952/index.html")
        #expect(asia.contains(#"href="../../../../../gapminder/continent/asia/year/1952/everything.json""#))
        #expect(summary.warnings.contains { $0.contains("the query `nothing` gave no rows") && $0.contains("on 12 pages") })
    }

    /// In the preview, a saved CSV renders the answers whose results changed, and every file
    /// is what a full build of the site as it now is writes: Laos in 1977 is in two answers;
    /// with blocks below that read no input and show every year, it is in every answer, and
    /// those blocks are made anew.
    @Test func aSavedTableRendersTheAnswersItChangesInThePreview() throws {
        // Undated, so that the feeds (which a preview's update leaves to a build) do not show it.
        for (page, answers) in [(Self.page, 2), (Self.page + Self.sharedBlocks, 12)] {
            let site = try Self.site(page: page.replacingOccurrences(of: "date: 2026-11-01\n", with: ""))
            defer { site.remove() }
            let live = LiveSite()
            try LiveSiteTests().update(live, site, [], "first build")
            try site.write(Self.csv.replacingOccurrences(of: "Laos,Asia,1977,3", with: "Laos,Asia,1977,30"), to: "data/gap.csv")
            let laos = try LiveSiteTests().update(live, site, ["data/gap.csv"], "Laos in 1977")
            #expect(laos.update?.pagesRendered == answers)
            #expect(Self.figure(try site.read("gapminder/year/1977/index.html")) == String(Self.people(nil, 1977) + 27))
        }
    }
}
