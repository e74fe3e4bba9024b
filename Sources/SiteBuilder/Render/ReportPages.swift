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
    /// Extra template values by output path, most made when their page is rendered.
    var extras: PageExtras

    init(content: [ContentPage], report: Report, config: SiteConfig, now: Date) {
        var pages = content
        var extras = PageExtras()
        let today = IntervalText.CalendarDate(now, in: config.timeZone)
        let ordered = PersonFacts.inBirthdayOrder(report.people, today: today)

        for language in config.languages {
            let views = PeopleViews(config: config, language: language, today: today)
            let labels = Labels.forLanguage(language)

            if let home = pages.firstIndex(where: { $0.translationKey == "" && $0.language == language }) {
                if !config.people.isEmpty || !config.scenarios.isEmpty {
                    extras.set(pages[home].outputPath, Self.homeExtras(ordered, report: report, views: views, root: RelativeLink.root(from: pages[home].urlPath), hasPeople: !config.people.isEmpty))
                }
            }
            guard !config.people.isEmpty else { continue }

            // The people list, from Content/people.md when there is one.
            let list = Self.listPage("people", title: labels["people"]!, menu: 3, language: language, prefix: views.prefix, from: &pages)
            pages.append(list)
            let listRoot = RelativeLink.root(from: list.urlPath)
            extras.later(list.outputPath) {
                [
                    "people": ordered.map { views.person($0, root: listRoot) },
                    "histogram": views.histogram(AgeHistogram(ages: ordered.map(\.age))),
                    "hasPeople": !ordered.isEmpty,
                    "calendar": views.calendarLinks(root: listRoot),
                    "hasCounters": false,
                ]
            }

            // Every person page of a language sits at the same depth, and shows its person
            // and both neighbours: each person's view is made once, on every core.
            let personPages = ordered.map {
                Self.generatedPage("people/\($0.person.slug)", title: $0.person.fullName, layout: "person", language: language, prefix: views.prefix)
            }
            let root = personPages.first.map { RelativeLink.root(from: $0.urlPath) } ?? ""
            let personViews = PersonViewList(ordered.parallelMap { views.person($0, root: root) })
            for (position, page) in personPages.enumerated() {
                pages.append(page)
                var extra: [String: Any] = [
                    "person": personViews[position],
                    "list": root + views.prefix + "people/index.html",
                    "hasCounters": ordered[position].age != nil,
                ]
                if position > 0 { extra["previous"] = personViews[position - 1] }
                if position + 1 < ordered.count { extra["next"] = personViews[position + 1] }
                extras.set(page.outputPath, extra)
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

/// Person view models shared by the person pages that show them (the person and the
/// neighbours): `[String: Any]` values, built once and only read afterwards.
private struct PersonViewList: @unchecked Sendable {
    let views: [[String: Any]]
    init(_ views: [[String: Any]]) { self.views = views }
    subscript(position: Int) -> [String: Any] { views[position] }
}
