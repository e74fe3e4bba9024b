import CivilTime
import Foundation
import ReportData
import TemplateEngine
import TestSupport
import Testing

@testable import SiteBuilder

/// The view model of the people pages, one value at a time. Expected texts are the labels'
/// and the interval texts' own words, worked out by hand for 2026-11-22.
struct PeopleViewsTests {
    static let today = calendarDay("2026-11-22")

    static func views(_ language: String, birthdayFormat: String = "dd-MM-yyyy") -> PeopleViews {
        var config = SiteConfig(title: "T")
        config.languages = ["en", "de"]
        config.birthdayFormat = birthdayFormat
        return PeopleViews(config: config, language: language, today: today, routes: Routes(languages: config.languages))
    }

    static let anna = Person(
        id: "a", slug: "anna-alpha", first: "Anna", last: "Alpha", birthDate: calendarDay("1992-03-08"), nationality: "DE")

    /// The view holds its links as paths from the site's root; written from a page one and two
    /// folders down, they are what those pages show.
    @Test func aPersonInEnglishAndGerman() throws {
        let facts = PersonFacts(Self.anna, today: Self.today)
        guard case .map(let english) = Self.views("en").person(facts).templateValue.resolvingLinks(after: "../"),
            case .map(let german) = Self.views("de", birthdayFormat: "d. MMMM yyyy").person(facts).templateValue.resolvingLinks(
                after: "../../")
        else {
            Issue.record("not a map")
            return
        }
        #expect(english["name"] == .string("Anna Alpha"))
        #expect(english["birthday"] == .string("08-03-1992"))
        #expect(english["birthdayISO"] == .string("1992-03-08"))
        #expect(english["age"] == .string("34 years old"))
        #expect(english["nextBirthday"] == .string("in 106 days"))  // Nov 22 → Mar 8: 8 + 31 + 31 + 28 + 8
        #expect(english["nextBirthdayISO"] == .string("2027-03-08"))
        #expect(english["href"] == .string("../people/anna-alpha/index.html"))
        #expect(english["isBirthday"] == .bool(false))
        #expect(english["nationality"] == .string("DE"))
        #expect(english["picture"] == nil)  // remote images are off
        #expect(german["birthday"] == .string("8. März 1992"))
        #expect(german["age"] == .string("34 Jahre alt"))
        #expect(german["nextBirthday"] == .string("in 106 Tagen"))
        #expect(german["href"] == .string("../../de/people/anna-alpha/index.html"))
    }

    @Test func withoutADateOfBirth() {
        let nobody = Person(id: "n", slug: "n")
        guard case .map(let view) = Self.views("en").person(PersonFacts(nobody, today: Self.today)).templateValue
        else {
            Issue.record("not a map")
            return
        }
        #expect(view["name"] == .string("n/a"))
        #expect(view["birthday"] == .string("n/a"))
        #expect(view["age"] == .string("n/a"))
        #expect(view["nextBirthday"] == .string("n/a"))
        #expect(view["birthdayISO"] == nil && view["ageCounter"] == nil)
    }

    @Test func aBirthdayToday() {
        let today = Person(id: "t", slug: "t", first: "T", birthDate: calendarDay("2000-11-22"))
        guard case .map(let view) = Self.views("en").person(PersonFacts(today, today: Self.today)).templateValue
        else {
            Issue.record("not a map")
            return
        }
        #expect(view["isBirthday"] == .bool(true))
        #expect(view["age"] == .string("26 years old"))
    }

    /// The age chart is the chart engine's column chart of the decades, and its table.
    @Test func theHistogramIsAColumnChartOfTheDecades() throws {
        guard case .map(let view) = Self.views("en").histogram(AgeHistogram(ages: [5, 25, 28, nil])).templateValue,
            case .list(let bars) = view["bars"], case .string(let wide) = view["wide"], case .string(let narrow) = view["narrow"]
        else {
            Issue.record("no bars")
            return
        }
        #expect(view["unknown"] == .string("1 without a known date of birth"))
        #expect(
            bars.map { bar -> String in
                guard case .map(let fields) = bar, case .string(let label) = fields["label"], case .string(let count) = fields["count"]
                else { return "" }
                return "\(label): \(count)"
            } == ["0–9: 1", "10–19: 0", "20–29: 2"])
        #expect(wide.hasPrefix(#"<svg class="chart column-chart wide""#) && narrow.hasPrefix(#"<svg class="chart column-chart narrow""#))
        #expect(wide.contains(#"<desc id="age-chart-svg-w-desc">People by age: 0–9: 1; 10–19: 0; 20–29: 2</desc>"#))
        // Two bars (an empty decade has none), the one of 2 twice as tall as the one of 1.
        let heights = wide.split(separator: "<rect ").dropFirst().compactMap { rect in
            rect.split(separator: " ").first { $0.hasPrefix("height=") }.flatMap { Double($0.dropFirst(8).prefix { $0 != "\"" }) }
        }
        #expect(heights.count == 2 && abs(heights[1] - 2 * heights[0]) < 0.2, "\(heights)")
    }

}
