import TemplateEngine

/// The values a data page adds to its `PageView` (`PageExtras`), one type per kind of page.
/// People's views are held as template values already made: a person's view is made once and
/// shown on several pages (`DataPages.PersonViews`).

/// A page of the people list (`people.mustache`): its people, the search box, and on the
/// first page the age chart, the calendar links and the ways into the indexes.
struct PeopleListPageView: TemplateView {
    let people: [TemplateValue]
    let hasPeople: Bool
    let search: SearchBoxView
    var histogram: HistogramView?
    var calendar: CalendarLinksView?
    var browse: BrowseView?
    let pagination: PaginationView?

    var templateValue: TemplateValue {
        var map = TemplateMap(["people": .list(people), "hasPeople": .bool(hasPeople), "hasCounters": .bool(false)])
        map.add("search", search)
        map.add("histogram", histogram)
        map.add("calendar", calendar)
        map.add("browse", browse)
        map.add("pagination", pagination)
        return map.templateValue
    }
}

/// A person's page (`person.mustache`): the person and both neighbours, the list page that
/// shows them, and the page's line for its description.
struct PersonPageView: TemplateView {
    let list: String
    let hasCounters: Bool
    let description: String
    let previous: TemplateValue?
    let person: TemplateValue?
    let next: TemplateValue?

    var templateValue: TemplateValue {
        var map = TemplateMap(["list": .link(list), "hasCounters": .bool(hasCounters), "description": .string(description)])
        map.add("previous", previous)
        map.add("person", person)
        map.add("next", next)
        return map.templateValue
    }
}

/// The home page's report (`home.mustache`): counters, and the birthdays of the next days
/// with a link to where the rest begin.
struct HomeReportView: TemplateView {
    struct Count: TemplateView {
        let counter: CounterView
        let label: String

        var templateValue: TemplateValue { .map(["counter": counter.templateValue, "label": .string(label)]) }
    }

    let hasPeople: Bool
    let peopleHref: String
    let counters: [Count]
    let upcoming: [PersonView]
    let hasUpcoming: Bool
    /// "12 more birthdays" and the month page where they begin; nil when all are shown.
    let more: (text: String, href: String)?

    var templateValue: TemplateValue {
        .map([
            "hasCounters": .bool(true), "hasPeople": .bool(hasPeople), "peopleHref": .link(peopleHref),
            "counters": counters.templateValue, "upcoming": upcoming.templateValue, "hasUpcoming": .bool(hasUpcoming),
            "moreUpcoming": more.map { .map(["text": .string($0.text), "href": .link($0.href)]) } ?? .bool(false),
        ])
    }
}

/// A page of a people index, a month's birthdays or a letter's names (`people-index.mustache`).
struct IndexPageView: TemplateView {
    /// A day's birthdays, headed "22 November" on month pages; one group without a heading
    /// on letter pages.
    struct Group: TemplateView {
        let heading: String?
        let id: String?
        let people: [IndexEntryView]

        var templateValue: TemplateValue {
            var map = TemplateMap(["people": people.templateValue])
            map.add("heading", heading)
            map.add("id", id)
            return map.templateValue
        }
    }

    let list: String
    let browse: BrowseView
    let groups: [Group]
    let pagination: PaginationView?

    var templateValue: TemplateValue {
        var map = TemplateMap([
            "list": .link(list), "browse": browse.templateValue, "groups": groups.templateValue, "hasCounters": .bool(false),
        ])
        map.add("pagination", pagination)
        return map.templateValue
    }
}

/// A page of the timeline list (`scenarios.mustache`).
struct ScenarioListPageView: TemplateView {
    let scenarios: [ScenarioSummaryView]
    let hasScenarios: Bool
    let search: SearchBoxView
    let pagination: PaginationView?

    var templateValue: TemplateValue {
        var map = TemplateMap([
            "scenarios": scenarios.templateValue, "hasScenarios": .bool(hasScenarios), "search": search.templateValue,
            "hasCounters": .bool(hasScenarios),
        ])
        map.add("pagination", pagination)
        return map.templateValue
    }
}

/// A timeline's page (`timeline.mustache`).
struct TimelinePageView: TemplateView {
    let scenario: TimelineView

    var templateValue: TemplateValue { .map(["scenario": scenario.templateValue, "hasCounters": .bool(false)]) }
}
