import Foundation
import ReportData
import TestSupport
import Testing

@testable import SiteBuilder

/// How a timeline writes a point of its axis. Instants and wall clocks are Python's
/// (`datetime.fromisoformat("1969-07-16T13:32:00+00:00").astimezone(ZoneInfo("Europe/Berlin"))`
/// is 14:32); the day count of 15 March 44 BC (year -43) is `date(357, 3, 15) - date(1970, 1, 1)`
/// less one 400-year cycle of 146,097 days, -735,160.
struct ScenarioViewsTests {
    static func views(_ language: String) -> ScenarioViews {
        var config = SiteConfig(title: "T")
        config.languages = ["en", "de"]
        config.timeZone = berlin
        return ScenarioViews(
            config: config, language: language, now: instant("2026-11-22T08:00:00Z"), routes: Routes(languages: config.languages))
    }

    @Test func aMomentInTheSitesZone() {
        let point = ScenarioPoint(date: instant("1969-07-16T13:32:00Z"))
        let english = Self.views("en").pointText(point, unit: .datetime)
        #expect(english.text == "16 July 1969, 14:32")
        #expect(english.iso == "1969-07-16T13:32:00Z")
        #expect(Self.views("de").pointText(point, unit: .datetime).text == "16. Juli 1969, 14:32")
    }

    /// Persian joins a date and its time with its own comma (U+060C), in Persian digits; the
    /// date's part is the pack's and CLDR's, so only the end is checked.
    @Test func aPersianMomentJoinsItsTimeWithTheArabicComma() {
        var config = SiteConfig(title: "T")
        config.languages = ["fa"]
        config.timeZone = berlin
        let views = ScenarioViews(
            config: config, language: "fa", now: instant("2026-11-22T08:00:00Z"), routes: Routes(languages: config.languages))
        let text = views.pointText(ScenarioPoint(date: instant("1969-07-16T13:32:00Z")), unit: .datetime).text
        #expect(text.hasSuffix("\u{060C} \u{06F1}\u{06F4}:\u{06F3}\u{06F2}"), "\(text)")
    }

    /// The first minutes of year 1 in Tehran (+03:25:44 then) are still year 0 in UTC, which
    /// `<time datetime>` cannot hold: the text has the local date, and no `datetime`.
    @Test func aMomentBeforeYearOneInUTCHasNoDatetime() throws {
        var config = SiteConfig(title: "T")
        config.timeZone = try #require(TimeZone(identifier: "Asia/Tehran"))
        let views = ScenarioViews(
            config: config, language: "en", now: instant("2026-11-22T08:00:00Z"), routes: Routes(languages: config.languages))
        // 0001-01-01T00:00:00 local mean time in Tehran (UTC+03:25:44), from Python's zoneinfo.
        let point = ScenarioPoint(date: Date(timeIntervalSince1970: -62_135_609_144))
        let written = views.pointText(point, unit: .datetime)
        #expect(written.text == "1 January 1, 00:00")
        #expect(written.iso == nil)
    }

    @Test func aDay() {
        let point = ScenarioPoint(date: instant("1989-11-09T17:53:00Z"))
        let german = Self.views("de").pointText(point, unit: .date)
        #expect(german.text == "9. November 1989")
        #expect(german.iso == "1989-11-09")
    }

    @Test func aDayBeforeTheCommonEra() {
        // Noon UTC on 15 March of year -43 is 44 BC; Berlin's local mean time (+00:53:28) keeps the day.
        let point = ScenarioPoint(date: Date(timeIntervalSince1970: -735_160 * 86_400 + 43_200))
        let english = Self.views("en").pointText(point, unit: .date)
        #expect(english.text == "15 March 44 BC")
        #expect(english.iso == nil)  // HTML's <time> has no year before 1
        #expect(Self.views("de").pointText(point, unit: .date).text == "15. März 44 v. Chr.")
    }

    @Test func distances() {
        #expect(Self.views("de").pointText(ScenarioPoint(3_940), unit: .km).text == "3.940 km")
        #expect(Self.views("en").pointText(ScenarioPoint(3_940), unit: .km).text == "3,940 km")
        #expect(Self.views("en").pointText(ScenarioPoint(-5.2), unit: .ae).text == "−5.2 AU")
        #expect(Self.views("en").pointText(ScenarioPoint(-5.2), unit: .ae).iso == nil)
    }
}
