import Foundation
import Testing

@testable import SiteBuilder

/// The timeline pages of `Fixtures/scenario-site` (UTC, en/de/ru, replay_seconds 60) at
/// 2026-11-22: one scenario of every unit plus deep time and a zero-length one.
///
/// Positions and delays below were worked out independently, not by the code under test:
/// by hand for the number units (e.g. Jupiter in miokm: (778.5 − 150) / 4350 = 14.448 %,
/// × 30 s / 4350 = 4.334 s) and with Python's `datetime` for the dates (Apollo: seconds
/// since the launch over 703 115 s; deep time: proleptic Gregorian days, years shifted by
/// 2000 = 5 × 400 years so Python's `date` can count them).
@Suite struct ScenarioPagesTests {
    static let now = "2026-11-22T08:00:00Z"

    /// (event id, position %, gap, delay s) in page order.
    static let expected: [String: [(String, String, String, String)]] = [
        "apollo-11": [
            ("0", "0.00", "0.0000", "0.00"), ("1", "52.61", "0.5261", "31.57"), ("2", "56.02", "0.0340", "33.61"),
            ("3", "100.00", "0.4398", "60.00"),
        ],
        // 365 days, 36.5 s: 0.1 s a day. May 2 is day 121, Nov 9 day 312; the tie keeps document order.
        "year-1989": [
            ("0", "0.00", "0.0000", "0.00"), ("2", "33.15", "0.3315", "12.10"), ("1", "85.48", "0.5233", "31.20"),
            ("3", "85.48", "0.0000", "31.20"), ("4", "100.00", "0.1452", "36.50"),
        ],
        // 1 … 41 AU, 1.5 s per AU; Mercury (0.39) is before the start: at 0, shown first.
        "solar-ae": [
            ("2", "0.00", "0.0000", "0.00"), ("0", "0.00", "0.0000", "0.00"), ("1", "10.50", "0.1050", "6.30"),
            ("3", "21.25", "0.1075", "12.75"), ("4", "100.00", "0.7875", "60.00"),
        ],
        // 150 … 4500 million km in 30 s; 5000 is after the end: at 100 % and 30 s.
        "solar-miokm": [
            ("0", "14.45", "0.1445", "4.33"), ("1", "29.51", "0.1506", "8.85"), ("2", "99.89", "0.7038", "29.97"),
            ("3", "100.00", "0.0011", "30.00"),
        ],
        // 3940 km in 39.4 s: 0.01 s a km.
        "road-trip": [
            ("0", "0.00", "0.0000", "0.00"), ("1", "25.38", "0.2538", "10.00"), ("2", "55.28", "0.2990", "21.78"),
            ("3", "100.00", "0.4472", "39.40"),
        ],
        "deep-time": [("0", "22.81", "0.2281", "13.69"), ("1", "25.00", "0.0219", "15.00"), ("2", "74.96", "0.4996", "44.97")],
        "zero": [("0", "0.00", "0.0000", "0.00"), ("1", "0.00", "0.0000", "0.00")],
    ]
    static let replay: [String: String] = [
        "apollo-11": "60.00", "year-1989": "36.50", "solar-ae": "60.00", "solar-miokm": "30.00",
        "road-trip": "39.40", "deep-time": "60.00", "zero": "60.00",
    ]

    func built() throws -> TestSite {
        let site = try TestSite(fixture: "scenario-site")
        try site.build(now: Self.now)
        return site
    }

    func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }

    @Test func positionsGapsAndDelaysAreProportional() throws {
        let site = try built()
        defer { site.remove() }
        for (slug, events) in Self.expected {
            for prefix in ["", "de/"] {
                let page = try site.read("\(prefix)scenarios/\(slug)/index.html")
                let rules = matches(#"\.event-(\d+)\{--at:([0-9.]+)%;--gap:([0-9.]+);--delay:([0-9.]+)s\}"#, in: page)
                #expect(rules.map { [$0[0], $0[1], $0[2], $0[3]] } == events.map { [$0.0, $0.1, $0.2, $0.3] }, "\(slug)")
                #expect(page.contains(".timeline-replay{--replay:\(Self.replay[slug]!)s}"), "\(slug)")
                // The list is in the same order as the rules.
                #expect(matches(#"<li id="event-(\d+)""#, in: page).map { $0[0] } == events.map(\.0), "\(slug)")
            }
        }
    }

    @Test func labelsForEveryUnitInEnglishAndGerman() throws {
        let site = try built()
        defer { site.remove() }
        func whens(_ path: String) throws -> [String] {
            matches(
                #"<p class="event-when">(?:<span class="visually-hidden">[^<]*</span>)?(?:<time[^>]*>|<span class="event-date">)([^<]*)<"#,
                in: try site.read(path)
            ).map { $0[0] }
        }
        #expect(
            try whens("scenarios/apollo-11/index.html") == [
                "16 July 1969, 13:32", "20 July 1969, 20:17", "21 July 1969, 02:56", "24 July 1969, 16:50",
            ])
        #expect(
            try whens("de/scenarios/year-1989/index.html") == [
                "1. Januar 1989", "2. Mai 1989", "9. November 1989", "9. November 1989", "1. Januar 1990",
            ])
        #expect(try whens("scenarios/solar-ae/index.html") == ["0.39 AU", "1 AU", "5.2 AU", "9.5 AU", "41 AU"])
        #expect(try whens("de/scenarios/solar-ae/index.html") == ["0,39 AE", "1 AE", "5,2 AE", "9,5 AE", "41 AE"])
        #expect(
            try whens("scenarios/solar-miokm/index.html") == [
                "778.5 million km", "1,433.5 million km", "4,495.1 million km", "5,000 million km",
            ])
        #expect(
            try whens("de/scenarios/solar-miokm/index.html") == ["778,5 Mio. km", "1.433,5 Mio. km", "4.495,1 Mio. km", "5.000 Mio. km"])
        #expect(try whens("de/scenarios/road-trip/index.html") == ["0 km", "1.000 km", "2.178 km", "3.940 km"])
        #expect(try whens("scenarios/deep-time/index.html") == ["15 March 44 BC, 12:00", "1 January 1, 00:00", "1 March 1000, 06:30"])
        #expect(
            try whens("de/scenarios/deep-time/index.html") == ["15. März 44 v. Chr., 12:00", "1. Januar 1, 00:00", "1. März 1000, 06:30"])

        let apollo = try site.read("scenarios/apollo-11/index.html")
        #expect(
            matches(#"class="event-since">([^<]*)<"#, in: apollo).map { $0[0] } == [
                "at the start", "4 days after the start", "4 days after the start", "1 week after the start",
            ])
        #expect(apollo.contains(#"<span class="event-ago">57 years ago</span>"#))
        let jahr = try site.read("de/scenarios/year-1989/index.html")
        #expect(
            matches(#"class="event-since">([^<]*)<"#, in: jahr).map { $0[0] } == [
                "beim Start", "4 Monate nach dem Start", "10 Monate nach dem Start", "10 Monate nach dem Start", "1 Jahr nach dem Start",
            ])
        #expect(jahr.contains(#"<span class="event-ago">vor 37 Jahren</span>"#))
        #expect(
            try site.read("de/scenarios/deep-time/index.html").contains(
                #"<span class="event-since">4 Jahrhunderte nach dem Start</span> · <span class="event-ago">vor 2 Jahrtausenden</span>"#))
        // Outside the axis, marked; no interval text for distances.
        #expect(try site.read("scenarios/solar-ae/index.html").contains(#"<span class="event-outside">(before the start)</span>"#))
        #expect(try site.read("de/scenarios/solar-miokm/index.html").contains(#"<span class="event-outside">(nach dem Ende)</span>"#))
        #expect(!(try site.read("scenarios/road-trip/index.html")).contains("event-since"))
    }

    @Test func theListShowsSpansCountsAndImages() throws {
        let site = try built()
        defer { site.remove() }
        let list = try site.read("scenarios/index.html")
        #expect(
            matches(#"<span>([^<]*)</span> · <span>([^<]*)</span>"#, in: list).map { $0[1] } == [
                "1 week", "1 year", "40 AU", "4,350 million km", "3,940 km", "2 millennia", "0 km",
            ])
        #expect(
            matches(#"data-to="(\d+)""#, in: list).map { $0[0] } == ["4", "3", "5", "2", "5", "2", "4", "2", "4", "2", "3", "1", "2", "1"])
        #expect(
            list.contains(
                #"<img class="scenario-thumb" src="https://images.example.org/apollo.jpg" alt="" loading="lazy" decoding="async">"#))
        #expect(list.contains(#"<a href="../index.html" aria-current="page">"#) == false)
        #expect(list.contains(#"<li><a href="../scenarios/index.html" aria-current="page">Timelines</a></li>"#))
        #expect(try site.read("de/scenarios/index.html").contains("4 Jahrhunderte") == false)
        #expect(try site.read("de/scenarios/index.html").contains(#"aria-current="page">Zeitleisten</a>"#))
        let apollo = try site.read("scenarios/apollo-11/index.html")
        #expect(
            apollo.contains(
                #"<img src="https://images.example.org/step.jpg" alt="First step" loading="lazy" decoding="async"></picture>"#
                    + #"<figcaption>License: NASA · "#
                    + #"<a href="https://images.nasa.gov/step" rel="noopener noreferrer">Source</a></figcaption>"#
            ))
        // An event without an image shows none (not the scenario's).
        #expect(apollo.components(separatedBy: "apollo.jpg").count == 2)
    }

    /// Russian: texts from English with `lang="en"`, every word of the page Russian; a scenario with
    /// only English text says so on the German page too.
    @Test func otherLanguagesFallBackToEnglishWithLang() throws {
        let site = try built()
        defer { site.remove() }
        let russian = try site.read("ru/scenarios/year-1989/index.html")
        #expect(russian.contains(#"<h1 lang="en">1989</h1>"#))
        #expect(russian.contains(#"<div class="event-text" lang="en">"#))
        #expect(russian.contains(#"<span class="event-ago">37 лет назад</span>"#))
        #expect(russian.contains("через 4 месяца после начала"))
        let german = try site.read("de/scenarios/deep-time/index.html")
        #expect(german.contains(#"<h1 lang="en">Two thousand years</h1>"#))
        #expect(german.contains(#"<div class="event-text" lang="en">"#))
    }

    @Test func hostileScenarioTextIsNeutralised() throws {
        let hostile = #"""
            {"named":"x","nameEn":"<script>alert(1)</script>",\#
            "textEn":"<b onmouseover=\"x()\">raw</b> [click](javascript:alert(1)) <img src=x onerror=alert(1)>",
             "unit":"km","start":0,"end":1,"image":"javascript:alert(1)","source":"data:text/html,hi",
             "events":[{"start":0,"textEn":"<img src=x onerror=alert(2)> [x](javascript:alert(3))","image":"https://e.org/a.jpg",\#
            "license":"<i>CC</i>\" onload=\"y","source":"javascript:alert(4)"}]}
            """#
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            images: remote
            scenarios:
              - file: Content/data/s.json
            markdown: { unsafe_html: true }
            -- Content/index.md --
            Hi.
            -- Content/data/s.json --
            \(hostile)
            """)
        defer { site.remove() }
        try site.build(now: Self.now)
        for path in ["scenarios/index.html", "scenarios/x/index.html"] {
            let page = try site.read(path)
            #expect(!page.contains("<script>alert"), "\(path)")
            #expect(!page.contains("javascript:"), "\(path)")
            #expect(!page.contains("onerror"), "\(path)")
            #expect(!page.contains("<b onmouseover"), "\(path)")
            #expect(!page.contains("data:text"), "\(path)")
            #expect(!page.contains("\" onload"), "\(path)")
        }
        let page = try site.read("scenarios/x/index.html")
        #expect(page.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(page.contains("<!-- raw HTML omitted -->"))
        #expect(page.contains(#"<img src="https://e.org/a.jpg" alt="x" loading="lazy""#))
        #expect(page.contains(#"<figcaption>License: &lt;i&gt;CC&lt;/i&gt;&quot; onload=&quot;y</figcaption>"#))
    }

    @Test func everyLinkOfTheFixtureSiteResolves() throws {
        let site = try built()
        defer { site.remove() }
        let (checked, broken) = try LinkChecker(folder: site.output).check()
        #expect(checked > 50)
        #expect(broken.isEmpty, "\(broken)")
    }
}

/// Whole pages read through by hand against the numbers above: order, dates, interval text,
/// distances, labels in en and de, images with license and source, the replay controls.
@Suite struct ScenarioGoldenTests {
    static let pages = [
        "scenarios/index.html", "de/scenarios/index.html",
        "scenarios/apollo-11/index.html", "de/scenarios/apollo-11/index.html",
        "de/scenarios/year-1989/index.html", "scenarios/solar-ae/index.html",
        "de/scenarios/solar-miokm/index.html", "scenarios/road-trip/index.html",
        "de/scenarios/deep-time/index.html", "scenarios/zero/index.html",
    ]

    @Test(arguments: pages)
    func pageMatchesTheGoldenCopy(_ path: String) throws {
        let site = try TestSite(fixture: "scenario-site")
        defer { site.remove() }
        try site.build(now: ScenarioPagesTests.now)
        try Golden.check(Data(site.read(path).utf8), path: path, in: "scenario-golden")
    }
}
