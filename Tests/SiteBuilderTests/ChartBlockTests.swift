import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// The `chart` block on a site: a query's result drawn as SVG with its summary, legend and
/// data table in the page's language, every mistake an error naming the page and line. The
/// expected texts are written by hand from `DataReportTests.missions`.
@Suite struct ChartBlockTests {
    static func page(_ blocks: String, language: String = "") throws -> (site: TestSite, html: String) {
        let site = try DataReportTests.site(
            """
            -- Content/charts\(language).md --
            ---
            title: Charts
            ---
            \(blocks)
            """)
        try site.build()
        return (site, DataReportTests.article(try site.read(language.isEmpty ? "charts/index.html" : "de/charts/index.html")))
    }

    /// The error that stops `site`'s build, if one does; the site is removed.
    static func failure(of site: TestSite) throws -> BuildError? {
        defer { site.remove() }
        do { try site.build() } catch let error as BuildError { return error }
        return nil
    }

    static let samples = """
        ```ttsite query samples
        SELECT mission, samples_kg FROM missions ORDER BY launch
        ```

        ```ttsite chart kind=column data=samples x=mission y=samples_kg label.samples_kg="Samples (kg)"
        ```
        """

    @Test func aChartIsItsSVGSummaryAndDataTable() throws {
        let (site, html) = try Self.page(Self.samples)
        defer { site.remove() }
        #expect(html.contains(#"<figure class="report-block chart-block column" id="chart-samples-8">"#))
        // Two frames of one chart, each named for assistive technology by its title and desc.
        #expect(html.contains(#"<svg class="chart column-chart wide" viewBox="0 0 640 360" role="img""#))
        #expect(html.contains(#"<svg class="chart column-chart narrow" viewBox="0 0 320 260" role="img""#))
        #expect(html.contains(#"aria-labelledby="chart-samples-8-w-title chart-samples-8-w-desc""#))
        #expect(html.contains("<title id=\"chart-samples-8-w-title\">Column chart of Samples (kg) by mission</title>"))
        // Apollo 13 brought nothing back (NULL): the summary skips it, the table shows a dash.
        #expect(
            html.contains(
                "<desc id=\"chart-samples-8-w-desc\">Column chart of Samples (kg) by mission, Apollo 11 to Apollo 15: from 21.55 to 77.31, "
                    + "highest 77.31 (Apollo 15), lowest 21.55 (Apollo 11)</desc>"
            ))
        #expect(html.contains(#"<summary>The chart&#39;s data</summary>"#) || html.contains("<summary>The chart's data</summary>"))
        #expect(html.contains(#"<thead><tr><th scope="col">mission</th><th scope="col" class="num">Samples (kg)</th></tr></thead>"#))
        #expect(html.contains("<tr><th>Apollo 13<td>–<tr>"))
        #expect(html.contains("<tr><th>Apollo 15<td>77.31</tbody>"))
        // Four columns (one a mission with samples), no legend for one series.
        let wide = try #require(html.range(of: "wide").map { String(html[$0.lowerBound...].prefix { $0 != "]" }) })
        #expect(wide.components(separatedBy: "</svg>")[0].components(separatedBy: "<rect x=").count - 1 == 4)
        #expect(!html.contains("chart-legend"))
    }

    @Test func theSummaryIsInThePagesLanguage() throws {
        let (site, html) = try Self.page(Self.samples, language: ".de")
        defer { site.remove() }
        #expect(
            html.contains(
                ">Säulendiagramm von Samples (kg) nach mission, Apollo 11 bis Apollo 15: von 21,55 auf 77,31, "
                    + "höchster Wert 77,31 (Apollo 15), niedrigster Wert 21,55 (Apollo 11)</desc>"
            ))
        #expect(html.contains("<summary>Die Daten des Diagramms</summary>"))
        #expect(html.contains("<tr><th>Apollo 11<td>21,55<tr>"))
    }

    @Test func aSeriesColumnMakesOneSeriesOfEachOfItsValues() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query outcomes
            SELECT strftime('%Y', launch) AS year, \
            CASE WHEN samples_kg IS NULL THEN 'none' ELSE 'samples' END AS outcome, count(*) AS flights
            FROM missions GROUP BY 1, 2 ORDER BY 1, 2 DESC
            ```

            ```ttsite chart kind=column layout=stacked data=outcomes x=year y=flights series=outcome
            ```
            """)
        defer { site.remove() }
        // Series in the order the rows first name them; a year without one has a dash.
        #expect(html.contains(#"<ul class="chart-legend"><li><svg class="chart-swatch""#))
        let legend = try #require(
            html.range(of: #"<ul class="chart-legend">"#).map { String(html[$0.upperBound...].prefix { $0 != "\n" }) })
        #expect(
            legend.replacingOccurrences(of: #"<svg[^>]*>.*?</svg>"#, with: "", options: .regularExpression)
                == "<li>samples</li><li>none</li></ul>")
        #expect(
            html.contains(
                #"<thead><tr><th scope="col">year</th><th scope="col" class="num">samples</th>"#
                    + #"<th scope="col" class="num">none</th></tr></thead>"#
            ))
        #expect(html.contains("<tr><th>1969<td>2<td>–<tr>"))
        #expect(html.contains("<tr><th>1970<td>–<td>1<tr>"))
        // Whole numbers: no tick between two.
        #expect(!html.contains(">0.5<") && !html.contains(">1.5<"))
    }

    @Test func aPersianPageMirrorsItsCharts() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Missions
            languages: [fa]
            data:
              missions: { file: data/missions.csv }
            -- data/missions.csv --
            \(DataReportTests.missions)
            -- Content/index.md --
            ```ttsite query samples
            SELECT mission, samples_kg FROM missions WHERE samples_kg IS NOT NULL ORDER BY launch
            ```

            ```ttsite chart kind=bar data=samples x=mission y=samples_kg
            ```
            """)
        defer { site.remove() }
        try site.build()
        let html = try site.read("index.html")
        // Drawn right to left: the categories' labels on the right, anchored at their end,
        // which is their left edge in a right-to-left SVG; Persian digits.
        #expect(html.contains(#"direction="rtl""#))
        let label = try #require(html.range(of: #"text-anchor="end">Apollo 11</text>"#))
        let before = String(html[..<label.lowerBound].suffix(60))
        let x = try #require(
            before.range(of: #"x="([0-9.]+)""#, options: .regularExpression).map { Double(before[$0].dropFirst(3).dropLast()) ?? 0 })
        #expect(x > 320, "\(before)")
        #expect(html.contains("۷۷٫۳۱"))
    }

    @Test func mistakesNameThePageLineAndWhatIsAllowed() throws {
        func failure(_ block: String) throws -> BuildError? {
            let site = try DataReportTests.site(
                "-- Content/x.md --\n```ttsite query q\nSELECT mission, launch, samples_kg, crew FROM missions\n```\n\n" + block + "\n```\n"
            )
            defer { site.remove() }
            do { try site.build() } catch let error as BuildError { return error }
            return nil
        }
        let cases: [(String, String)] = [
            (
                "```ttsite chart kind=pie data=q x=mission y=crew",
                "there is no chart kind `pie`; the kinds are `line`, `area`, `bar`, `column`, `scatter`, `histogram`, "
                    + "`step`, `dot`, `bubble`, `box`, `heatmap`, `calendar`, `sparkline`"
            ),
            ("```ttsite chart data=q x=mission y=crew", "`chart` needs `kind=`"),
            (
                "```ttsite chart kind=line data=q x=mission y=weight",
                "the query `q` has no column `weight`; it has `mission`, `launch`, `samples_kg`, `crew`"
            ),
            ("```ttsite chart kind=line data=q x=mission y=mission", "`y=mission` must be a column of numbers"),
            ("```ttsite chart kind=line data=q y=crew", "`line` needs `x=`"),
            ("```ttsite chart kind=line data=q x=mission y=crew colour=red", "`chart` takes `data=`, `kind=`"),
            ("```ttsite chart kind=line layout=stacked data=q x=mission y=crew", "`layout=` is for `bar`, `column` and `area` charts"),
            (
                "```ttsite chart kind=column layout=piled data=q x=mission y=crew",
                "`layout` must be `grouped`, `stacked` or `percent`, found `piled`"
            ),
            ("```ttsite chart kind=column log=y data=q x=mission y=crew", "`log=` is for `line`, `step`, `scatter` and `bubble` charts"),
            ("```ttsite chart kind=scatter log=x data=q x=mission y=crew", "`log=x` needs an x column of numbers"),
            ("```ttsite chart kind=histogram data=q x=mission y=crew", "`histogram` draws the values of `y=` alone and takes no `x=`"),
            ("```ttsite chart kind=line data=q x=mission y=crew,samples_kg series=launch", "`series=` names the series of one `y=` column"),
            ("```ttsite chart kind=line data=q x=mission y=crew format.crew=percent:12", "`format.crew`"),
            (
                "```ttsite chart kind=line data=q x=launch y=crew rule.y=abc",
                "`rule.y=abc` must read `rule.y=VALUE` or `rule.y=VALUE:LABEL`"
            ),
            (
                "```ttsite chart kind=column data=q x=mission y=crew rule.x=Gemini",
                "`rule.x=Gemini`: `Gemini` is none of the chart's x values"
            ),
            ("```ttsite chart kind=line data=q x=launch y=crew band.x=1969-07-16", "must read `band.x=FROM:TO` or `band.x=FROM:TO:LABEL`"),
            (
                "```ttsite chart kind=line data=q x=launch y=crew x.min=July",
                "`x.min` must be a date, written as `2024-02-29`, found `July`"
            ),
            ("```ttsite chart kind=line data=q x=launch y=crew y.min=50 y.max=10", "`y.min=50` must be below `y.max=10`"),
            ("```ttsite chart kind=area data=q x=launch y=crew y.zero=false", "`y.zero=false` is for lines, points and bars side by side"),
            ("```ttsite chart kind=line data=q x=launch y=crew y.zero=no", "`y.zero` must be `true` or `false`, found `no`"),
            ("```ttsite chart kind=column data=q x=mission y=crew x.min=1", "`x.min=` is for an x axis of numbers or dates"),
            (
                "```ttsite chart kind=line data=q x=launch y=crew ticks.y=0",
                "`ticks.y` must be about how many ticks the axis has, from 1 to 50"
            ),
            ("```ttsite chart kind=scatter log=y data=q x=crew y=samples_kg y.min=0", "`y.min` of a logarithmic axis must be above 0"),
            ("```ttsite chart kind=sparkline data=q y=crew rule.y=3", "a sparkline is a line without axes, and takes no `rule.y=`"),
            (
                "```ttsite chart kind=line data=q x=launch y=crew format.axis.mission=integer",
                "`format.axis.mission=` formats an axis's ticks"
            ),
            ("```ttsite chart kind=histogram data=q y=crew x.max=4", "a histogram's x axis is its bins"),
            ("```ttsite chart kind=column data=q x=mission y=crew labels=end", "`labels=end` names the lines at their ends"),
            ("```ttsite chart kind=bubble data=q x=crew y=samples_kg", "`bubble` needs `size=`"),
            ("```ttsite chart kind=heatmap data=q x=mission y=crew", "`heatmap` draws a row for each series"),
            (
                "```ttsite chart kind=heatmap data=q x=mission y=crew series=launch rule.y=3",
                "a heatmap's colours are its values: it takes no `rule.y=`"
            ),
            ("```ttsite chart kind=box data=q x=mission y=crew series=launch", "`box` draws the values of one `y=` column"),
            ("```ttsite chart kind=histogram data=q y=crew facet=mission", "a histogram's bins are one chart"),
            (
                "```ttsite chart kind=column data=q x=mission y=crew facet=crew columns=9",
                "`columns` must be how many panels stand side by side"
            ),
            ("```ttsite chart kind=column data=q x=mission y=crew facet=crew facet.scales=same", "`facet.scales` must be `shared`"),
            ("```ttsite chart kind=column data=q x=mission y=crew columns=2", "`columns=` is for a chart split into panels"),
            (
                "```ttsite chart kind=scatter data=q x=crew y=samples_kg facet=crew label=mission",
                "name a scatter's points (`label=`) without it"
            ),
            ("```ttsite chart kind=line data=q x=launch y=crew size=crew", "`size=` is the column a `bubble` chart's areas stand for"),
            ("```ttsite chart kind=bubble data=q x=crew y=crew size=mission", "`size=mission` must be a column of numbers"),
            ("```ttsite chart kind=area layout=stacked data=q x=launch y=crew", "an area chart stacks its series already"),
            ("```ttsite chart kind=line data=q x=launch y=crew color.crew=red", "`color.crew` must be a colour of the palette (`blue`"),
            ("```ttsite chart kind=line data=q x=launch y=crew,samples_kg color.crew=blue color.samples_kg=blue", "is blue already"),
            ("```ttsite chart kind=line data=q x=launch y=crew colors=crew", "`colors=` lists `SERIES=COLOUR`"),
            ("```ttsite chart kind=line data=q x=launch y=crew negative=vermilion", "`negative=` colours the bars, columns and areas"),
            (
                "```ttsite chart kind=column data=q x=launch y=crew,samples_kg negative=grey",
                "`negative=` colours the values below zero of one series"
            ),
            (
                "```ttsite chart kind=sparkline data=q y=crew color.crew=blue",
                "a sparkline is a line without axes, and takes no `color.crew=`"
            ),
            ("```ttsite chart kind=line data=q x=launch y=crew labels=values", "`labels=values` writes each bar's value"),
            ("```ttsite chart kind=bar data=q x=mission y=crew labels=names", "`labels` must be `end`"),
            (
                "```ttsite chart kind=line data=q x=launch y=crew label=mission",
                "`label=` names the points of a `scatter` or `bubble` chart"
            ),
            (
                "```ttsite chart kind=scatter data=q x=crew y=samples_kg series=mission label=mission",
                "`label=` names the points of one series"
            ),
        ]
        for (block, message) in cases {
            let error = try failure(block)
            #expect(
                error?.location == "Content/x.md" && error?.line == 5 && error?.message.contains(message) == true,
                "\(block): \(String(describing: error))")
        }
    }

    /// Rules and bands over a chart of the missions' samples by launch: read from the block as
    /// a query writes values (dates `1971-01-31`, numbers `40`), labels that hold colons kept
    /// whole, and said in the summary. Written by hand from `DataReportTests.missions`: in the
    /// order of launch the samples are 21.55, 34.35, none, 42.8 (Apollo 14, launched Jan 31,
    /// 1971) and 77.31 (Apollo 15, Jul 26, 1971), so 40 is first crossed by Apollo 14 and 60 by
    /// Apollo 15.
    @Test func rulesAndBandsAreDrawnAndSaidInTheSummary() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query samples
            SELECT launch, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=line data=samples x=launch y=samples_kg rule.y="40:Target;60" \
            band.x="1969-11-01:1970-06-30:Pause: no landing" rule.x="1971-01-31:Apollo 14"
            ```
            """)
        defer { site.remove() }
        #expect(
            html.contains(
                "lowest 21.55 (Jul 16, 1969); marked: Apollo 14 (Jan 31, 1971); Target (40.00), crossed at Jan 31, 1971; "
                    + "60.00, crossed at Jul 26, 1971; Pause: no landing (Nov 1, 1969 to Jun 30, 1970)</desc>"), "\(html)")
        let wide = FirstHourTests.wideFrame(html, kind: "line")
        // Three rules (one up the plot, two across), one band, three labels (60 has none).
        #expect(wide.components(separatedBy: #"<g class="annotation rules""#).count == 2)
        #expect(wide.components(separatedBy: "<line").count - 1 >= 3)
        #expect(wide.contains(#"<g class="annotation bands""#))
        let labels = try #require(
            wide.range(of: #"<g class="annotation-labels".*?</g>"#, options: .regularExpression).map { String(wide[$0]) })
        #expect(
            labels.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { String($0.output.1) }.sorted() == [
                "Apollo 14", "Pause: no landing", "Target",
            ])
    }

    /// Rules drawn from queries' rows (`rules=NAME`): a shared query the chart alone reads
    /// runs all the same, its `y` values rules across the plot and its `label` their names; a
    /// row without a value is said. The same rules as `rulesAndBandsAreDrawnAndSaidInTheSummary`
    /// writes by hand, so the summary reads as that test's (written by hand from the missions).
    @Test func rulesFromAQueryAreDrawnAsTheBlocksAre() throws {
        let site = try DataReportTests.site(
            """
            -- queries/targets.sql --
            SELECT 40 AS y, 'Target' AS label UNION ALL SELECT 60, NULL UNION ALL SELECT NULL, 'Nothing'
            -- Content/rules.md --
            ```ttsite query samples
            SELECT launch, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite query landings
            SELECT launch AS x, mission AS label FROM missions WHERE mission = 'Apollo 14'
            ```

            ```ttsite chart kind=line data=samples x=launch y=samples_kg rules=targets
            ```

            ```ttsite chart kind=line data=samples x=launch y=samples_kg rules=landings
            ```
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings == ["Content/rules.md:9: `rules=targets`: 1 of its 3 rows has no number in `y`, and draws no rule"])
        let html = DataReportTests.article(try site.read("rules/index.html"))
        #expect(
            html.contains(
                "lowest 21.55 (Jul 16, 1969); marked: Target (40.00), crossed at Jan 31, 1971; 60.00, crossed at Jul 26, 1971</desc>"),
            "\(html)")
        #expect(html.contains("lowest 21.55 (Jul 16, 1969); marked: Apollo 14 (Jan 31, 1971)</desc>"))
        let wide = FirstHourTests.wideFrame(html, kind: "line")
        #expect(wide.components(separatedBy: #"<g class="annotation rules""#).count == 2)
    }

    /// A `rules=` query that is none, or whose rows are no rules, stops the build naming the
    /// page, the line and what a rules query gives.
    @Test func rulesFromAQueryThatAreNoneStopTheBuild() throws {
        let cases: [(String, String)] = [
            ("rules=nothing", "`rules=nothing`: no query named `nothing` for this page"),
            ("rules=q", "`rules=q`: the query gives its rules' places in a column `y` (across the plot) or `x` (up it)"),
            ("rules=words", "`rules=words`: its column `y` holds the values of rules across the plot, numbers; it holds text"),
            ("rules=days", "`rules=days`: row 1's `x`, `July`, must be a date, written as `2024-02-29`"),
        ]
        for (argument, message) in cases {
            let site = try DataReportTests.site(
                """
                -- Content/x.md --
                ```ttsite query q
                SELECT mission, launch, crew FROM missions
                ```
                ```ttsite chart kind=line data=q x=launch y=crew \(argument)
                ```
                ```ttsite query words
                SELECT 'ten' AS y
                ```
                ```ttsite query days
                SELECT 'July' AS x
                ```
                """)
            let failure = try Self.failure(of: site)
            #expect(
                failure?.location == "Content/x.md" && failure?.line == 4 && failure?.message.contains(message) == true,
                "\(argument): \(String(describing: failure))")
        }
    }

    /// A calendar of the missions' samples by launch day (written by hand from
    /// `DataReportTests.missions`): Apollo 11's day holds two rows (21.55 and the 1 added), so
    /// it reads 22.55 and the table says its rows were added up; Apollo 13 brought nothing
    /// back. English weeks start on Sunday, German ones on Monday (CLDR), so Monday is a
    /// calendar's second row in English and its first in German.
    @Test func aCalendarColoursEachDayInThePagesWeek() throws {
        let blocks = """
            ```ttsite query samples
            SELECT launch, samples_kg FROM missions UNION ALL SELECT launch, 1 FROM missions WHERE mission = 'Apollo 11' ORDER BY launch
            ```

            ```ttsite chart kind=calendar data=samples x=launch y=samples_kg
            ```
            """
        for language in ["", ".de"] {
            let (site, html) = try Self.page(blocks, language: language)
            defer { site.remove() }
            let wide = FirstHourTests.wideFrame(html, kind: "calendar")
            // 1969 to 1971: three years, their days in cells; four days with values.
            #expect(wide.components(separatedBy: #"class="calendar-year""#).count - 1 == 3)
            #expect(wide.components(separatedBy: "<g class=\"heat-").count - 1 >= 2)
            let (monday, wednesday) = language.isEmpty ? ("Mon", "Wed") : ("Mo", "Mi")
            func y(_ name: String) throws -> Double {
                let match = try #require(
                    wide.firstMatch(of: try Regex(#"<text x="[^"]*" y="([^"]*)" text-anchor="end">"# + name + "</text>")))
                return Double(match.output[1].substring!)!
            }
            // A row is half the distance from Monday to Wednesday; the first row's middle is
            // half a row under the grid's top, 22.2 units down (2 + 12 + 4, and 0.35 em).
            let mondayY = try y(monday)
            let row = (try y(wednesday) - mondayY) / 2
            #expect(abs((mondayY - 22.2) / row - (language.isEmpty ? 1.5 : 0.5)) < 0.01, "\(mondayY) \(row)")
            if language.isEmpty {
                #expect(
                    html.contains(
                        "<desc id=\"chart-samples-8-w-desc\">Calendar of samples_kg by launch, Jul 16, 1969 to Jul 26, 1971: "
                            + "highest 77.31 (Jul 26, 1971), lowest 22.55 (Jul 16, 1969)</desc>"), "\(html)")
                #expect(html.contains("The rows of one day are added up in its cell."))
                #expect(html.contains(#"<ul class="chart-legend""#))
            } else {
                #expect(html.contains("Die Zeilen eines Tages sind in seinem Feld addiert."))
            }
        }
    }

    /// What a calendar cannot draw stops the build, naming the page and the line.
    @Test func aCalendarOfWhatIsNoDayStopsTheBuild() throws {
        let cases: [(String, String)] = [
            ("x=mission y=crew", "`calendar` draws a cell a day: its `x=` column must hold dates, and `mission` holds text"),
            ("x=launch y=crew series=mission", "`calendar` colours each day by one value: give one `y=` and no `series=`"),
            ("x=launch y=crew rule.y=3", "a calendar's colours are its values, a year a block: it takes no `rule.y=`"),
            ("x=launch y=crew facet=mission", "it takes no `facet=`"),
            (
                "x=launch y=crew data=later",
                "`calendar` draws at most 20 years, a block each, and `launch` spans 31 (1969 to 1999): ask the query for fewer"
            ),
        ]
        for (arguments, message) in cases {
            let site = try DataReportTests.site(
                "-- Content/x.md --\n```ttsite query q\nSELECT mission, launch, crew FROM missions\n```\n\n"
                    + "```ttsite chart kind=calendar \(arguments.contains("data=") ? "" : "data=q ")\(arguments)\n```\n\n"
                    + "```ttsite query later\nSELECT launch, crew FROM missions\n"
                    + "UNION ALL SELECT date(max(launch), '+28 years'), 3 FROM missions\n```\n"
            )
            let failure = try Self.failure(of: site)
            #expect(failure?.line == 5 && failure?.message.contains(message) == true, "\(arguments): \(String(describing: failure))")
        }
    }

    /// Columns of the samples with the crews as a line on a second axis (written by hand from
    /// `DataReportTests.missions`): the legend names the line's axis, the data table gives the
    /// crews in their own format, and the description their span (every crew is 3, so no
    /// lowest); a German page calls it the right axis in German.
    @Test func aSecondAxisDrawsALineBesideTheColumns() throws {
        let blocks = """
            ```ttsite query samples
            SELECT mission, samples_kg, crew FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=column data=samples x=mission y=samples_kg y2=crew format.crew=decimal:1 label.crew=Crew
            ```
            """
        let (site, html) = try Self.page(blocks)
        defer { site.remove() }
        #expect(html.contains("</svg>Crew (right axis)</li></ul>") && html.contains("</svg>samples_kg</li><li>"), "\(html)")
        #expect(html.contains(#"<th scope="col" class="num">Crew (right axis)</th></tr></thead>"#))
        #expect(html.contains("<tr><th>Apollo 11<td>21.55<td>3.0<tr>"))
        #expect(html.contains("Crew (right axis): from 3.0 to 3.0, highest 3.0 (Apollo 11)</desc>"), "\(html)")
        let wide = FirstHourTests.wideFrame(html, kind: "column")
        #expect(wide.contains(#"<g class="axis second-axis">"#) && wide.contains("second-line"))
        let (german, page) = try Self.page(blocks, language: ".de")
        defer { german.remove() }
        #expect(page.contains("Crew (rechte Achse)"))
    }

    /// What a second axis cannot be stops the build, naming the page and the line.
    @Test func aSecondAxisOfWhatIsNoLineStopsTheBuild() throws {
        let cases: [(String, String)] = [
            (
                "kind=bar x=mission y=crew y2=samples_kg",
                "`y2=` draws a line on a second axis beside `column`, `line`, `step` and `area` charts"
            ),
            ("kind=line x=launch y=crew y2=mission", "`y2=mission` must be a column of numbers"),
            ("kind=line x=launch y=crew y2=crew", "`y2=crew` is one of the `y=` columns already"),
            ("kind=line x=launch y=crew series=mission y2=samples_kg", "it takes no `series=`"),
            ("kind=line x=launch y=crew y2=samples_kg labels=end", "`y2=`'s line is named in the legend"),
            ("kind=sparkline y=crew y2=samples_kg", "a sparkline is a line without axes, and takes no `y2=`"),
        ]
        for (arguments, message) in cases {
            let site = try DataReportTests.site(
                "-- Content/x.md --\n```ttsite query q\nSELECT mission, launch, samples_kg, crew FROM missions\n```\n\n"
                    + "```ttsite chart data=q \(arguments)\n```\n")
            let failure = try Self.failure(of: site)
            #expect(failure?.line == 5 && failure?.message.contains(message) == true, "\(arguments): \(String(describing: failure))")
        }
    }

    /// Ends that leave values out of the plot warn, naming how many; the data table keeps them.
    @Test func endsThatCutValuesOffWarn() throws {
        let site = try DataReportTests.site(
            """
            -- Content/cut.md --
            ```ttsite query samples
            SELECT launch, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=line data=samples x=launch y=samples_kg y.max=50 x.max=1971-01-01
            ```
            """)
        defer { site.remove() }
        let summary = try site.build()
        // 77.31 is above 50; Apollo 14 and 15 launched after 1971-01-01.
        #expect(
            summary.warnings == [
                "Content/cut.md:5: the chart of `samples` cuts values off: `y.max=50` leaves 1 value above it; "
                    + "`x.max=1971-01-01` leaves 2 rows after it (the chart's data table keeps them)"
            ])
        let html = DataReportTests.article(try site.read("cut/index.html"))
        #expect(html.contains("<tr><th>Jul 26, 1971<td>77.31</tbody>"))
        #expect(html.contains("clip-path=\"url(#chart-samples-5-w-clip)\""))
    }

    /// `format.axis.COLUMN=` writes the axis's ticks; the data table and summary keep the
    /// column's own format.
    @Test func anAxisFormatWritesTheTicksAlone() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query samples
            SELECT mission, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=column data=samples x=mission y=samples_kg format.samples_kg=decimal:1 \
            format.axis.samples_kg=percent ticks.y=4 y.max=100
            ```
            """)
        defer { site.remove() }
        let wide = FirstHourTests.wideFrame(html, kind: "column")
        let axis = try #require(
            wide.range(of: #"<g class="axis value-axis">.*?</g>"#, options: .regularExpression).map { String(wide[$0]) })
        // 0 … 100 in about 4 ticks: d3's step 20 (100 / 4 = 25 → 20); 100 as a percent is 10,000%.
        let ticks = axis.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { String($0.output.1) }
        #expect(ticks == ["0%", "2,000%", "4,000%", "6,000%", "8,000%", "10,000%"], "\(ticks)")
        #expect(html.contains("<tr><th>Apollo 11<td>21.6<tr>"))
        #expect(html.contains("from 21.6 to 77.3"))
    }

    /// `labels=end` names the lines at their ends in place of the legend; where the names do
    /// not fit, the legend stays and the build says why. `label=` heads the data table's rows
    /// with the points' names.
    @Test func namesOnTheMarksReplaceTheLegendWhereTheyFit() throws {
        let site = try DataReportTests.site(
            """
            -- Content/ends.md --
            ```ttsite query crews
            SELECT launch, mission, crew, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=line data=crews x=launch y=crew,samples_kg labels=end
            ```

            ```ttsite chart kind=line data=crews x=launch y=crew,samples_kg labels=end label.samples_kg="Kilograms of samples brought back"
            ```

            ```ttsite chart kind=scatter data=crews x=crew y=samples_kg label=mission
            ```
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(
            summary.warnings == [
                "Content/ends.md:8: `labels=end`: the names of the series of `crews` do not fit at the lines' ends "
                    + "(each within a third of a phone's width, all a line apart), so the chart keeps its legend"
            ])
        let html = DataReportTests.article(try site.read("ends/index.html"))
        let figures = html.components(separatedBy: "<figure").dropFirst()
        #expect(figures.count == 3)
        #expect(!figures[1].contains("chart-legend") && figures[1].contains(#"<g class="end-labels">"#))
        #expect(figures[2].contains("chart-legend") && !figures[2].contains(#"<g class="end-labels">"#))
        // The scatter's data table: a row a point, headed by its mission; Apollo 13 has no samples.
        let scatter = figures[3]
        #expect(
            scatter.contains(
                #"<thead><tr><th scope="col">mission</th><th scope="col" class="num">crew</th>"#
                    + #"<th scope="col" class="num">samples_kg</th>"#),
            "\(scatter)")
        #expect(scatter.contains("<tr><th>Apollo 11<td>3<td>21.55<tr>"))
        #expect(scatter.contains("<tr><th>Apollo 13<td>3<td>–<tr>"))
    }

    /// `color.SERIES=` gives a series a palette colour for the rest of the page (the series
    /// that had it moves to a colour no series has); `highlight=` greys the others; a hex
    /// colour too pale for a background is warned of with its contrast (worked out with WCAG's
    /// formula in Python: #eeeeee against #fbfbf8 is 1.1:1).
    @Test func colourByNameHighlightAndColoursOfTheAuthorsOwn() throws {
        let site = try DataReportTests.site(
            """
            -- Content/colours.md --
            ```ttsite query crews
            SELECT launch, mission, crew, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=line data=crews x=launch y=crew,samples_kg
            ```

            ```ttsite chart kind=line data=crews x=launch y=crew,samples_kg color.crew=vermilion highlight=samples_kg
            ```

            ```ttsite chart kind=line data=crews x=launch y=crew,samples_kg color.samples_kg=#eeeeee/#222222
            ```
            """)
        defer { site.remove() }
        let summary = try site.build()
        #expect(
            summary.warnings == [
                "Content/colours.md:11: `color.samples_kg`: #222222 stands 1.1:1 against the dark page's background, "
                    + "and a mark needs 3:1 to be seen",
                "Content/colours.md:11: `color.samples_kg`: #eeeeee stands 1.1:1 against the light page's background, "
                    + "and a mark needs 3:1 to be seen",
            ])
        let html = DataReportTests.article(try site.read("colours/index.html"))
        let figures = html.components(separatedBy: "<figure").dropFirst().map { FirstHourTests.wideFrame($0, kind: "line") }
        let series = { (svg: String) in
            svg.matches(of: /<g class="(series s\d[^"]*)"[^>]*><title>([^<]*)<\/title>/).map { "\($0.output.2): \($0.output.1)" }
        }
        // First: crew s1, samples_kg s2. Then crew takes vermilion (s2), samples_kg moves to s1,
        // and only samples_kg is in colour; the third keeps them.
        #expect(series(figures[0]) == ["crew: series s1", "samples_kg: series s2"])
        #expect(series(figures[1]) == ["crew: series s2 muted", "samples_kg: series s1"])
        #expect(series(figures[2]) == ["samples_kg: series s1 custom", "crew: series s2"])
    }

    /// WCAG 2's contrast ratio, against the figures its documents give: black on white 21:1,
    /// #777777 on white 4.48:1 (the grey that just fails AA for text).
    @Test func contrastIsWCAGs() {
        #expect(DataBlocks.contrast("#000", "#ffffff") == 21)
        #expect(abs(DataBlocks.contrast("#777777", "#fff") - 4.48) < 0.005)
        #expect(DataBlocks.isHexColour("#A0b1c2") && DataBlocks.isHexColour("#abc"))
        #expect(!DataBlocks.isHexColour("#abcd") && !DataBlocks.isHexColour("red") && !DataBlocks.isHexColour("#ggg"))
    }

    /// The kinds a report reaches for after the first seven: a bubble chart lists its sizes
    /// in the data table, a series column of years names its series as years, and shares of
    /// a whole read as percentages.
    @Test func bubblesDotsAndSharesOnAPage() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query samples
            SELECT mission, crew, samples_kg, CAST(strftime('%Y', launch) AS INTEGER) AS year FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=bubble data=samples x=crew y=samples_kg size=samples_kg label=mission
            ```

            ```ttsite chart kind=dot data=samples x=mission y=samples_kg series=year
            ```

            ```ttsite chart kind=column layout=percent data=samples x=mission y=crew,samples_kg
            ```
            """)
        defer { site.remove() }
        let figures = html.components(separatedBy: "<figure").dropFirst()
        #expect(figures.count == 3)
        // The bubbles: a row a mission, its crew, its samples and its size (the samples again).
        #expect(figures[1].contains("<tr><th>Apollo 15<td>3<td>77.31<td>77.31</tbody>"), "\(figures[1])")
        #expect(figures[1].contains(#"<th scope="col" class="num">samples_kg</th><th scope="col" class="num">samples_kg</th>"#))
        // The dots' series are the years 1969, 1970 and 1971, written as years.
        #expect(figures[2].contains("<title>1969</title>") && figures[2].contains("<title>1971</title>"))
        #expect(!figures[2].contains("1,969"))
        // Shares: the axis from 0% to 100%.
        let shares = FirstHourTests.wideFrame(figures[3], kind: "column")
        #expect(shares.contains(">0%</text>") && shares.contains(">100%</text>"))
    }

    /// `facet=` splits a chart into a panel for each value of a column, sharing their scales;
    /// the data table stays one table, each row headed by its panel's value.
    @Test func aFacetDrawsAPanelForEachValueAndOneDataTable() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query samples
            SELECT mission, crew, samples_kg, CAST(strftime('%Y', launch) AS INTEGER) AS year FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=column data=samples x=mission y=samples_kg facet=year columns=2
            ```

            ```ttsite chart kind=column data=samples x=mission y=samples_kg facet=year facet.scales=free
            ```
            """)
        defer { site.remove() }
        let figures = html.components(separatedBy: "<figure").dropFirst()
        #expect(figures.count == 2)
        let shared = figures[1]
        #expect(shared.contains(#"<div class="chart-panels" style="--columns:2">"#))
        // 1969 (Apollo 11 and 12), 1970 (13) and 1971 (14 and 15): three panels, each titled.
        #expect(shared.components(separatedBy: #"<p class="chart-panel-title">"#).count - 1 == 3)
        #expect(shared.contains("<title id=\"chart-samples-8-f1-w-title\">Column chart of samples_kg by mission: 1969</title>"))
        #expect(shared.contains(#"<thead><tr><th scope="col">year</th><th scope="col" class="num">mission</th>"#))
        #expect(shared.contains("<tr><th>1969<td>Apollo 11<td>21.55<tr><th>1969<td>Apollo 12<td>34.35<tr><th>1970<td>Apollo 13<td>–"))
        // Shared scales: every panel's value axis ends at the largest value's niced top, 80
        // (77.31: d3's step of 20). Free, the 1969 panel's is 0…35 (34.35: a step of 5), whose
        // eight ticks do not fit a panel's plot of 81 units (145 high, less 64 for the axes' texts;
        // 16 a tick), so d3's four: 0, 10, 20, 30.
        let tops = { (figure: String) in
            figure.components(separatedBy: #"<svg class="chart column-chart wide""#).dropFirst().map { svg in
                svg.components(separatedBy: "</g>")[0].matches(of: /<text[^>]*>([^<]*)<\/text>/).last.map { String($0.output.1) } ?? ""
            }
        }
        #expect(tops(shared) == ["80", "80", "80"], "\(tops(shared))")
        #expect(tops(figures[2]).first == "30", "\(tops(figures[2]))")
    }

    /// A box plot: a row a category in the data table, with its count, five numbers and
    /// outliers, worked out by hand from the missions: every crew is 3, so 1969's two samples
    /// (21.55 and 34.35) have quartiles 24.75, 27.95 and 31.15 (d3's rank (n − 1) × p).
    @Test func aBoxPlotsDataTableIsItsCategoriesFiveNumbers() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query samples
            SELECT CAST(strftime('%Y', launch) AS INTEGER) AS year, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=box data=samples x=year y=samples_kg
            ```
            """)
        defer { site.remove() }
        #expect(html.contains(#"<th scope="col" class="num">Lower quartile</th><th scope="col" class="num">Median</th>"#))
        #expect(html.contains("<tr><th>1969<td>2<td>21.55<td>24.75<td>27.95<td>31.15<td>34.35<td>0<tr>"), "\(html)")
        // 1970's one mission brought nothing back: no box, no row.
        #expect(!html.contains("<tr><th>1970"))
        #expect(html.contains("<tr><th>1971<td>2<td>42.80<td>51.43<td>60.06<td>68.68<td>77.31<td>0</tbody>"))
        #expect(html.contains(": Median: highest 60.06 (1971), lowest 27.95 (1969)</desc>"))
    }

    /// A block's rules are read once for each way of writing them (`ChartSettingsMemo`): the
    /// same block on an English and a German page writes its rule's value in each language.
    @Test func rulesAreWrittenInEachPagesLanguage() throws {
        let blocks = """
            ```ttsite query samples
            SELECT launch, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=line data=samples x=launch y=samples_kg rule.y="40.5:Target" rule.x=1970-04-11
            ```
            """
        // One build: the English page's settings are read first, and the German page's are not theirs.
        let site = try DataReportTests.site("-- Content/charts.md --\n\(blocks)\n-- Content/charts.de.md --\n\(blocks)")
        defer { site.remove() }
        try site.build()
        let english = DataReportTests.article(try site.read("charts/index.html"))
        let german = DataReportTests.article(try site.read("de/charts/index.html"))
        #expect(english.contains("marked: Apr 11, 1970; Target (40.50), crossed at Jan 31, 1971</desc>"), "\(english)")
        #expect(german.contains("markiert: 11.04.1970; Target (40,50), geschnitten bei 31.01.1971</desc>"), "\(german)")
    }

    /// A heatmap: its legend a swatch for each of its classes with the values each holds,
    /// its summary the highest and lowest cells. Worked out by hand: the crew of every mission
    /// is 3 and the samples 21.55 … 77.31, so the extent 3 … 77.31 has d3's ticks 0, 20 … 80
    /// (7 and 6 ticks step by 10: eight classes, too many): four classes.
    @Test func aHeatmapsLegendIsItsClassesAndItsSummaryItsExtremes() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query samples
            SELECT mission, crew, samples_kg FROM missions ORDER BY launch
            ```

            ```ttsite chart kind=heatmap data=samples x=mission y=crew,samples_kg
            ```
            """)
        defer { site.remove() }
        let legend = html.matches(of: /<li><svg class="chart-swatch"[^>]*><rect[^>]* fill="([^"]*)"\/><\/svg>([^<]*)<\/li>/).map {
            "\($0.output.1) \($0.output.2)"
        }
        #expect(legend == ["#ffffcc 0–20", "#7fcdbb 20–40", "#1d91c0 40–60", "#0c2c84 60–80"], "\(legend)")
        // The values with the decimals the most precise needs: 77.31.
        #expect(html.contains(": highest 77.31 (Apollo 15, samples_kg), lowest 3.00 (Apollo 11, crew)</desc>"), "\(html)")
    }

    /// `format.COLUMN=sparkline` draws a column of number lists in the table's cells.
    @Test func aTableCellDrawsAListOfNumbersAsASparkline() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query trends
            SELECT CASE WHEN samples_kg IS NULL THEN 'none' ELSE 'landed' END AS kind, group_concat(samples_kg) AS samples, 'abc' AS word
            FROM (SELECT * FROM missions ORDER BY launch) GROUP BY 1 ORDER BY 1
            ```

            ```ttsite table data=trends format.samples=sparkline format.word=sparkline
            ```
            """)
        defer { site.remove() }
        // Four landings' samples in launch order: 21.55, 34.35, 42.8, 77.31; named by the first and last.
        #expect(
            html.contains(
                #"<td data-sort="77.31"><svg class="sparkline" viewBox="0 0 80 20" role="img" "#
                    + #"fill="currentColor" aria-label="from 21.55 to 77.31">"#
            ), "\(html)")
        // A text that holds no number stays text.
        #expect(html.contains("<td>abc</td>"))
        // Only the one row without samples: no list, its text (the en dash of NULL).
        #expect(html.contains("<td>none</td><td data-sort=\"\">–</td>"))
    }

    /// A sparkline's list as queries write one: commas, blanks or lines between numbers, a
    /// JSON array, a tab beside a number; what is not a finite number is a gap.
    @Test(arguments: [
        ("3,5,2", [3.0, 5, 2] as [Double?]), ("[3, 5, null, 2]", [3, 5, nil, 2]), ("1.5 -2e3\n7", [1.5, -2000, 7]),
        ("4\t,\t6", [4, 6]), ("1,inf,nan,x", [1, nil, nil, nil]), ("\u{A0}8", [8]),
    ])
    func aListOfNumbersReadsAsWritten(text: String, numbers: [Double?]) {
        #expect(DataBlocks.numberList(.text(text)) == numbers)
    }

    @Test func aTextOfNoNumberIsNoList() {
        #expect(DataBlocks.numberList(.text("abc, def")) == nil)
        #expect(DataBlocks.numberList(.integer(4)) == [4])
        #expect(DataBlocks.numberList(.null) == nil)
    }

    @Test func textsFromTheBlockAndTheDataAreEscaped() throws {
        let (site, html) = try Self.page(
            """
            ```ttsite query q
            SELECT '<script>alert(1)</script>' AS name, 1 AS n UNION ALL SELECT ']]>&', 2
            ```

            ```ttsite chart kind=bar data=q x=name y=n caption="<b>bold</b>" label.n="a<i>b"
            ```
            """)
        defer { site.remove() }
        #expect(!html.contains("<script>alert") && !html.contains("<b>bold") && !html.contains("a<i>b") && !html.contains("]]>&"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && html.contains("&lt;b&gt;bold&lt;/b&gt;"))
    }
}
