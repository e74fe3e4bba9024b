import Foundation
import IntervalText
import ReportData

/// The pages made from data rather than from `Content/`: the people list and a page per
/// person, the timeline list and a timeline per scenario (`ReportPages+Scenarios.swift`), in
/// every language of the site, with the view models their templates show. A
/// `Content/people.md` (or `people.de.md`, `scenarios.md`) gives a list page its title and
/// intro text.
struct ReportPages {
    /// Every page, content and generated, in output order.
    var pages: [ContentPage]
    /// Extra template values by output path.
    var extras: [String: [String: Any]]

    init(content: [ContentPage], report: Report, config: SiteConfig, now: Date) {
        var pages = content
        var extras: [String: [String: Any]] = [:]
        let today = IntervalText.CalendarDate(now, in: config.timeZone)
        let ordered = PersonFacts.inBirthdayOrder(report.people, today: today)

        for language in config.languages {
            let views = PeopleViews(config: config, language: language, today: today)
            let labels = Labels.forLanguage(language)

            if let home = pages.firstIndex(where: { $0.translationKey == "" && $0.language == language }) {
                if !config.people.isEmpty || !config.scenarios.isEmpty {
                    extras[pages[home].outputPath] = Self.homeExtras(ordered, report: report, views: views, root: RelativeLink.root(from: pages[home].urlPath), hasPeople: !config.people.isEmpty)
                }
            }
            guard !config.people.isEmpty else { continue }

            // The people list, from Content/people.md when there is one.
            let list = Self.listPage("people", title: labels["people"]!, menu: 3, language: language, prefix: views.prefix, from: &pages)
            pages.append(list)
            let root = RelativeLink.root(from: list.urlPath)
            extras[list.outputPath] = [
                "people": ordered.map { views.person($0, root: root) },
                "histogram": views.histogram(AgeHistogram(ages: ordered.map(\.age))),
                "hasPeople": !ordered.isEmpty,
                "calendar": views.calendarLinks(root: root),
                "hasCounters": false,
            ]

            for (position, facts) in ordered.enumerated() {
                let page = Self.generatedPage("people/\(facts.person.slug)", title: facts.person.fullName, layout: "person", language: language, prefix: views.prefix)
                pages.append(page)
                let root = RelativeLink.root(from: page.urlPath)
                var extra: [String: Any] = [
                    "person": views.person(facts, root: root),
                    "list": root + views.prefix + "people/index.html",
                    "hasCounters": facts.age != nil,
                ]
                if position > 0 { extra["previous"] = views.person(ordered[position - 1], root: root) }
                if position + 1 < ordered.count { extra["next"] = views.person(ordered[position + 1], root: root) }
                extras[page.outputPath] = extra
            }
        }
        if !config.scenarios.isEmpty {
            Self.addScenarioPages(report.scenarios, config: config, now: now, to: &pages, extras: &extras)
        }
        self.pages = pages
        self.extras = extras
    }

    /// The home page's report: counters and the birthdays of the next 30 days.
    private static func homeExtras(_ ordered: [PersonFacts], report: Report, views: PeopleViews, root: String, hasPeople: Bool) -> [String: Any] {
        let upcoming = ordered.filter { ($0.daysUntilBirthday ?? .max) <= 30 }
        let labels = Labels.forLanguage(views.language)
        return [
            "hasCounters": true,
            "hasPeople": hasPeople,
            "peopleHref": root + views.prefix + "people/index.html",
            "counters": [
                ["counter": views.counter(to: Double(report.people.count), format: "{value}"), "label": labels["peopleCount"]!],
                ["counter": views.counter(to: Double(report.scenarios.count), format: "{value}"), "label": labels["scenarioCount"]!],
                ["counter": views.counter(to: Double(report.eventCount), format: "{value}"), "label": labels["eventCount"]!],
            ],
            "upcoming": upcoming.map { views.person($0, root: root) },
            "hasUpcoming": !upcoming.isEmpty,
        ]
    }
}
