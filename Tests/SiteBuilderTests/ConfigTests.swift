import CivilTime
import Foundation
import Markdown
import Testing

@testable import SiteBuilder

struct ConfigTests {
    @Test func readsTheSpecExample() throws {
        let config = try SiteConfig.parse(
            """
            title: Birthdays and Timelines
            base_url: https://example.org/reports/
            languages: [en, de]
            time_zone: Europe/Berlin
            output: _site
            people:
              - file: Content/data/people.json
              - url: https://randomuser.me/api/?results=50&seed=ttsite
            scenarios:
              - file: Content/data/scenarios/
            replay_seconds: 60
            date_formats: ["dd.MM.yyyy"]
            fetch: { timeout_seconds: 30, retries: 2, max_bytes: 50000000 }
            markdown: { smart: true, unsafe_html: false }
            interval_text:
              en: { past: "<VALUE> <TIME_COMPONENT> ago", future: "in <VALUE> <TIME_COMPONENT>", zero: "today" }
            """, file: "ttsite.yml")
        #expect(config.title == "Birthdays and Timelines")
        #expect(config.baseURL?.absoluteString == "https://example.org/reports/")
        #expect(config.languages == ["en", "de"])
        #expect(config.timeZone.identifier == "Europe/Berlin")
        #expect(
            config.people == [.file("Content/data/people.json"), .url(URL(string: "https://randomuser.me/api/?results=50&seed=ttsite")!)])
        #expect(config.scenarios == [.file("Content/data/scenarios/")])
        #expect(config.dateFormats == ["dd.MM.yyyy"])
        #expect(config.fetch.retries == 2)
        #expect(config.markdown.smart && !config.markdown.unsafeHTML)
        #expect(config.pack(for: "en").interval.zero == "today")
    }

    @Test func defaults() throws {
        let config = try SiteConfig.parse("title: T", file: "ttsite.yml")
        #expect(config.languages == ["en"])
        #expect(config.timeZone.secondsFromGMT() == 0)
        #expect(config.output == "_site")
        #expect(config.baseURL == nil)
        #expect(config.shrinkGuard.maxShrink == 0.5 && config.shrinkGuard.maxDeletes == 0.5)
        #expect(config.markdown.extensions == [.table, .strikethrough, .autolink, .tasklist, .footnotes, .tagfilter])
    }

    @Test func markdownExtensionsAreChosenByName() throws {
        #expect(
            try SiteConfig.parse("title: T\nmarkdown: { extensions: [footnotes, table] }", file: "ttsite.yml").markdown.extensions == [
                .table, .footnotes,
            ])
        #expect(try SiteConfig.parse("title: T\nmarkdown: { extensions: [] }", file: "ttsite.yml").markdown.extensions.isEmpty)
    }

    @Test func theGuardLimitsArePercentages() throws {
        let config = try SiteConfig.parse("title: T\nguard: { max_shrink: 20%, max_deletes: 12.5 % }", file: "ttsite.yml")
        #expect(config.shrinkGuard.maxShrink == 0.2)
        #expect(config.shrinkGuard.maxDeletes == 0.125)
    }

    @Test func pageSizes() throws {
        let defaults = try SiteConfig.parse("title: T", file: "ttsite.yml")
        #expect(defaults.pageSize.people == 100 && defaults.pageSize.scenarios == 50)
        let config = try SiteConfig.parse("title: T\npage_size: { people: 25 }", file: "ttsite.yml")
        #expect(config.pageSize.people == 25 && config.pageSize.scenarios == 50)
        #expect(defaults.pageSize.index == 500)
        #expect(try SiteConfig.parse("title: T\npage_size: { index: 40 }", file: "ttsite.yml").pageSize.index == 40)
    }

    @Test func personURLs() throws {
        #expect(try SiteConfig.parse("title: T", file: "ttsite.yml").personURLs == .name)
        #expect(try SiteConfig.parse("title: T\npeople_urls: id", file: "ttsite.yml").personURLs == .id)
        #expect(try SiteConfig.parse("title: T\npeople_urls: name", file: "ttsite.yml").personURLs == .name)
    }

    @Test func aBaseURLGetsItsTrailingSlash() throws {
        let config = try SiteConfig.parse("title: T\nbase_url: https://example.org/sub", file: "ttsite.yml")
        #expect(config.baseURL?.absoluteString == "https://example.org/sub/")
    }

    @Test(
        arguments: [
            ("title: T\nlangauges: [en]", 2, "unknown key `langauges`; did you mean `languages`?"),
            ("base_url: https://x.org/", nil, "`title` is missing"),
            (
                "title: T\nmarkdown:\n  smart: true\n  unsafe: true", 4,
                "unknown key `unsafe` in `markdown`; known keys are `smart`, `unsafe_html`"
            ),
            (
                "title: T\nmarkdown:\n  extensions: [table, footnote]", 3,
                "`markdown.extensions` names `footnote`, which is not an extension; the extensions are `table`, `strikethrough`, "
                    + "`autolink`, `tasklist`, `footnotes`, `tagfilter`"
            ),
            (
                "title: T\nmarkdown:\n  extensions:\n    - table\n    - tables", 5,
                "`markdown.extensions` names `tables`, which is not an extension"
            ),
            ("title: T\ntime_zone: Mars/Olympus", 2, "`Mars/Olympus` is not an IANA time zone"),
            ("title: T\nbase_url: /reports/", 2, "`base_url` must be an absolute http(s) URL"),
            ("title: T\nlanguages: []", 2, "`languages` must name at least one language"),
            (
                "title: T\nlanguages: [en, nl]", 2,
                "`languages` names `nl`, which has no language pack: write one at Templates/languages/nl.yml"
            ),
            ("title: T\nlanguages:\n  - de-AT\n  - pt-BR", 4, "`languages` names `pt-BR`, which has no language pack"),
            ("title: T\npeople:\n  - file: a.json\n    url: https://x.org/", 3, "needs exactly one of `file:` or `url:`"),
            ("title: T\npeople:\n  - url: ftp://x.org/a.json", 3, "`ftp://x.org/a.json` is not an http or https URL"),
            ("title: T\nfetch: { retries: many }", 2, "`retries` must be a whole number, found `many`"),
            ("title: T\nfetch: { retries: 99999999999999999999:1 }", 2, "`retries` must be a whole number, found `99999999999999999999:1`"),
            ("title: T\nreplay_seconds: 0", 2, "`replay_seconds` must be more than 0"),
            ("title: [T", 1, "invalid YAML"),
            ("title: T\ninterval_text:\n  en:\n    past: x\n    pats: y", 5, "interval_text.en: unknown key"),
            (
                "title: T\ninterval_text:\n  xx: { past: x }", 3,
                "interval_text.xx: `xx` is not one of `languages` (en); a new language needs a language pack, at Templates/languages/xx.yml"
            ),
            (
                "title: T\nlanguages: [en, fr]\ninterval_text:\n  fr: { past: \"il y a <VALEUR>\" }", 4,
                "interval_text.fr.past: unknown placeholder <VALEUR>"
            ),
            ("title: T\nlanguage_packs:\n  de: { name: Deutsch }", 3, "language_packs.de: `de` is not one of `languages` (en)"),
            (
                "title: T\nlanguage_packs:\n  en:\n    words: { skipp: Skip }", 4,
                "unknown key `skipp` in `language_packs.en.words`; did you mean `skip`?"
            ),
            (
                "title: T\nlanguage_packs:\n  en:\n    direction: sideways", 4,
                "`language_packs.en.direction` must be `ltr` or `rtl`, found `sideways`"
            ),
            (
                "title: T\nlanguage_packs:\n  en:\n    numbers: { digits: \"0123\" }", 4,
                "`language_packs.en.numbers.digits` must be the ten digits from 0 to 9"
            ),
            (
                "title: T\nlanguage_packs:\n  en:\n    interval:\n      plural_rule: { one: \"i = 1 andd v = 0\" }", 4,
                "language pack `en`: language_packs.en.interval.plural_rule.one: \"i = 1 andd v = 0\": at character 7"
            ),
            ("title: T\nguard: { max_shrink: 50 }", 2, "`max_shrink` must be a percentage from 0% to 100%, such as `50%`, found `50`"),
            ("title: T\nguard:\n  max_deletes: 120%", 3, "`max_deletes` must be a percentage from 0% to 100%"),
            (
                "title: T\nguard: { max_deletions: 10% }", 2,
                "unknown key `max_deletions` in `guard`; known keys are `max_shrink`, `max_deletes`"
            ),
            ("title: T\npage_size: { people: 0 }", 2, "`page_size.people` must be a whole number from 1 to 10000, found 0"),
            (
                "title: T\npage_size:\n  timelines: 20", 3,
                "unknown key `timelines` in `page_size`; known keys are `people`, `scenarios`, `index`"
            ),
            ("title: T\npage_size: { index: 20000 }", 2, "`page_size.index` must be a whole number from 1 to 10000, found 20000"),
            (
                "title: T\npeople_urls: uuid", 2,
                "`people_urls` must be `name` (people/lukas-schafer/) or `id` (the record's id), found `uuid`"
            ),
        ] as [(String, Int?, String)])
    func badConfigNamesFileLineAndKey(text: String, line: Int?, message: String) {
        #expect {
            try SiteConfig.parse(text, file: "ttsite.yml")
        } throws: { error in
            guard let error = error as? BuildError else { return false }
            return error.location == "ttsite.yml" && error.line == line && error.message.contains(message) && error.exitCode == 2
        }
    }
}

/// `--now`: instants from Python's `datetime.fromisoformat(...).timestamp()`.
struct InstantTests {
    @Test(arguments: [
        ("2026-11-22T08:00:00Z", 1_795_334_400.0),
        ("2026-11-22T09:00:00+01:00", 1_795_334_400.0),
        ("2026-11-22T08:00:00.250Z", 1_795_334_400.25),
        ("2026-11-22", 1_795_305_600.0),
    ])
    func readsInstantsWithAZoneOrDatesAlone(text: String, seconds: Double) {
        #expect(Instant.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["2026-11-22T08:00:00", "yesterday", "2026-02-30", ""])
    func refusesTheRest(text: String) {
        #expect(Instant.parse(text) == nil)
    }
}
