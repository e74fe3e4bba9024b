import TemplateEngine

/// The values a data page adds to its `PageView` (`PageExtras`), one type per kind of page.
/// People's views are held as template values already made: a person's view is made once and
/// shown on several pages (`PeoplePages.PersonViews`).

/// A page of the people list (`people.mustache`): its people, the search box, and on the
/// first page the age chart, the calendar links and the ways into the indexes.
struct PeopleListPageView: TemplateView {
    let people: [TemplateValue]
    let hasPeople: Bool
    let hasCounters = false
    let search: SearchBoxView
    var histogram: HistogramView?
    var calendar: CalendarLinksView?
    var browse: BrowseView?
    let pagination: PaginationView?
}

/// A person's page (`person.mustache`): the person and both neighbours, the list page that
/// shows them, and the page's line for its description.
struct PersonPageView: TemplateView {
    @LinkPath var list: String
    let hasCounters: Bool
    let description: String
    let previous: TemplateValue?
    let person: TemplateValue?
    let next: TemplateValue?
}

/// The home page's report (`home.mustache`): counters, and the birthdays of the next days
/// with a link to where the rest begin.
struct HomeReportView: TemplateView {
    struct Count: TemplateView {
        let counter: CounterView
        let label: String
    }

    /// "12 more birthdays" and the month page where they begin.
    struct More: TemplateView {
        let text: String
        @LinkPath var href: String
    }

    let hasCounters = true
    /// The home page's section of counters: only with this report (`hasCounters` is true on
    /// any page with a counter, a key figure's among them, and then `counters` is empty).
    let hasReportCounters = true
    let hasPeople: Bool
    @LinkPath var peopleHref: String
    let counters: [Count]
    let upcoming: [PersonView]
    let hasUpcoming: Bool
    /// Nil when all are shown.
    @OrFalse var moreUpcoming: More?
}

/// A page of a people index, a month's birthdays or a letter's names (`people-index.mustache`).
struct IndexPageView: TemplateView {
    /// A day's birthdays, headed "22 November" on month pages; one group without a heading
    /// on letter pages.
    struct Group: TemplateView {
        let heading: String?
        let id: String?
        let people: [IndexEntryView]
    }

    @LinkPath var list: String
    let browse: BrowseView
    let groups: [Group]
    let hasCounters = false
    let pagination: PaginationView?
}

/// A page of the timeline list (`scenarios.mustache`).
struct ScenarioListPageView: TemplateView {
    let scenarios: [ScenarioSummaryView]
    let hasScenarios: Bool
    let search: SearchBoxView
    /// The list's counters count up when there are scenarios.
    let hasCounters: Bool
    let pagination: PaginationView?

    init(scenarios: [ScenarioSummaryView], hasScenarios: Bool, search: SearchBoxView, pagination: PaginationView?) {
        self.scenarios = scenarios
        self.hasScenarios = hasScenarios
        self.search = search
        hasCounters = hasScenarios
        self.pagination = pagination
    }
}

/// A timeline's page (`timeline.mustache`).
struct TimelinePageView: TemplateView {
    let scenario: TimelineView
    let hasCounters = false
}
