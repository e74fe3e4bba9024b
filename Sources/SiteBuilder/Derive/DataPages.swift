import CivilTime
import Foundation
import ReportData
import TemplateEngine
import TextFormatting

/// The pages made from data rather than from `Content/`: the people list and a page per
/// person, the timeline list and a timeline per scenario (`DataPages+Scenarios.swift`), in
/// every language of the site, with the view models their templates show. A
/// `Content/people.md` (or `people.de.md`, `scenarios.md`) gives a list page its title and
/// intro text.
struct DataPages {
    /// Every page, content and generated, in output order.
    var pages: [Page]
    /// Extra template values by output path, most made when their page is rendered.
    var extras: PageExtras
    /// Where every page is, the list pages included.
    var routes: Routes
    /// The files the search boxes of the list pages load, one per list and language.
    var searchIndexes: [SearchIndex] = []
    /// Everyone, in birthday order (the next birthday first), with their facts on the build's day.
    var people: [PersonFacts] = []
    /// The views of the people and of the timelines in each language, made once for the data
    /// pages, the report blocks and the feeds.
    var peopleViews: [String: PeopleViews] = [:]
    var scenarioViews: [String: ScenarioViews] = [:]

    init(
        content: [Page], data: SiteData, config: SiteConfig, now: Date, today: CalendarDate, pictures: PictureViews? = nil,
        keepingEveryView: Bool = false
    ) {
        let pictures = pictures ?? PictureViews(mode: config.images.mode)
        var pages = content
        // A page per person and per timeline in each language, their lists and indexes: room
        // made once (growing by doubling left a 50 MB array behind at 100,000 people).
        pages.reserveCapacity(
            content.count + config.languages.count * (data.people.count + data.people.count / 50 + data.scenarios.count + 256))
        var extras = PageExtras()
        var routes = Routes(languages: config.languages)
        var searchIndexes: [SearchIndex] = []
        let ordered = PersonFacts.inBirthdayOrder(data.people, today: today)
        let nationalities = Set(data.people.compactMap(\.nationality))

        // The list pages first, so that every link to a list goes where its page is.
        var peopleLists: [String: Page] = [:]
        var scenarioLists: [String: Page] = [:]
        for language in config.languages {
            let labels = config.pack(for: language).labels
            if !config.people.isEmpty {
                peopleLists[language] = Self.listPage(
                    .people, title: labels.people, menu: 3, language: language, routes: &routes, from: &pages)
            }
            if !config.scenarios.isEmpty {
                scenarioLists[language] = Self.listPage(
                    .scenarios, title: labels.scenarios, menu: 4, language: language, routes: &routes, from: &pages)
            }
        }

        // The views, the indexes and the search index of each language, the languages on
        // every core: collating and writing the index are the dearest steps before rendering.
        let listRoutes = routes
        let prepared = config.languages.parallelMap { language -> (views: PeopleViews, indexes: PeopleIndexes?, search: SearchIndex?) in
            let views = PeopleViews(
                config: config, language: language, today: today, routes: listRoutes, nationalities: nationalities, pictures: pictures)
            guard !config.people.isEmpty else { return (views, nil, nil) }
            let indexes = PeopleIndexes(ordered, language: language, labels: views.labels)
            let search = SearchIndex(name: "people-search.\(language).js", entries: indexes.index.ordered.map(views.searchEntry))
            return (views, indexes, search)
        }
        for (language, (views, indexes, search)) in zip(config.languages, prepared) {

            if let home = pages.firstIndex(where: { $0.kind == .home && $0.language == language }) {
                if !config.people.isEmpty || !config.scenarios.isEmpty {
                    extras.set(pages[home], Self.homeExtras(ordered, data: data, views: views, hasPeople: !config.people.isEmpty))
                }
            }
            guard let list = peopleLists[language], let indexes, let search else { continue }

            // Every person page shows its person and both neighbours, and the list pages show
            // the same views (their links are written from each page as it is rendered). They
            // are made as pages are rendered, and only the recent ones are kept.
            let personPages = ordered.map {
                Self.generatedPage(
                    "people/\($0.person.slug)", title: $0.person.displayName, layout: "person",
                    language: language, urlPath: routes.person($0.person.slug, language: language))
            }
            let personViews = PersonViews(window: max(256, 2 * config.pageSize.people), keepingEvery: keepingEveryView) {
                views.person(ordered[$0]).templateValue
            }

            // The people list, from Content/people.md when there is one, in pages of
            // `page_size.people`: the first at the list's URL, with the overview.
            let pagination = Pagination(records: ordered.count, size: config.pageSize.people)
            let listPages = Self.listPages(of: list, kind: .people, pagination: pagination, pack: views.pack)
            let histogram = AgeHistogram(ages: ordered.map(\.age))
            searchIndexes.append(search)
            Self.addIndexPages(indexes, views: views, listPath: list.urlPath, pageSize: config.pageSize.index, to: &pages, extras: &extras)
            // Each list page, then the pages of the people it shows: pages are rendered in
            // order, so a person's page finds the view its list page made.
            let personPageValues = PersonPageValues(views: views, ordered: ordered, personViews: personViews)
            for (offset, page) in listPages.enumerated() {
                pages.append(page)
                let input = ListPageInput(number: offset + 1, pagination: pagination, firstPage: list.urlPath)
                extras.later(page) {
                    Self.peopleListExtras(
                        input, ordered: ordered, personViews: personViews, histogram: histogram, indexes: indexes, search: search,
                        views: views)
                }
                let listLink = Routes.file(page.urlPath)
                for position in pagination.records(onPage: offset + 1) {
                    pages.append(personPages[position])
                    extras.later(personPages[position], digested: { personPageValues.values(position, list: listLink) })
                }
            }
        }
        let scenarioViews = Dictionary(
            uniqueKeysWithValues: config.languages.map {
                ($0, ScenarioViews(config: config, language: $0, now: now, routes: routes, pictures: pictures))
            })
        if !config.scenarios.isEmpty {
            Self.addScenarioPages(
                data.scenarios, lists: scenarioLists, views: scenarioViews, config: config, routes: routes,
                to: &pages, extras: &extras, searchIndexes: &searchIndexes)
        }
        self.pages = pages
        self.searchIndexes = searchIndexes
        self.people = ordered
        self.peopleViews = Dictionary(uniqueKeysWithValues: zip(config.languages, prepared.map(\.views)))
        self.scenarioViews = scenarioViews
        self.extras = extras
        self.routes = routes
    }

    /// The values of one page of the people list: its people, the navigation, and on the
    /// first page the age overview and the calendar links.
    private static func peopleListExtras(
        _ page: ListPageInput, ordered: [PersonFacts], personViews: PersonViews, histogram: AgeHistogram,
        indexes: PeopleIndexes, search: SearchIndex, views: PeopleViews
    ) -> PeopleListPageView {
        var view = PeopleListPageView(
            people: page.pagination.records(onPage: page.number).map { personViews[$0] }, hasPeople: !ordered.isEmpty,
            search: search.view(label: views.labels.searchPeople, labels: views.labels),
            pagination: PaginationView(page.pagination, current: page.number, listPath: page.firstPage, pack: views.pack)
        )
        if page.number == 1 {
            view.histogram = views.histogram(histogram)
            view.calendar = views.calendarLinks()
            view.browse = views.browse(months: indexes.months, index: indexes.index)
        }
        return view
    }

    /// How many of the next 30 days' birthdays the home page lists; the people list, which
    /// starts with the next birthday, has the rest.
    static let upcomingOnHome = 12

    /// The home page's report: counters and the birthdays of the next 30 days.
    private static func homeExtras(_ ordered: [PersonFacts], data: SiteData, views: PeopleViews, hasPeople: Bool) -> HomeReportView {
        let upcoming = ordered.filter { ($0.daysUntilBirthday ?? .max) <= 30 }
        let shown = upcoming.prefix(upcomingOnHome)
        let labels = views.labels
        let counters: [(Int, String)] = [
            (data.people.count, views.counted(labels.peopleCount, data.people.count)),
            (data.scenarios.count, views.counted(labels.scenarioCount, data.scenarios.count)),
            (data.eventCount, views.counted(labels.eventCount, data.eventCount)),
        ]
        return HomeReportView(
            hasPeople: hasPeople,
            peopleHref: Routes.file(views.routes.list(.people, language: views.language)),
            counters: counters.map { count, label in
                HomeReportView.Count(counter: views.counter(to: Double(count), format: "{value}"), label: label)
            },
            upcoming: shown.map(views.person),
            hasUpcoming: !upcoming.isEmpty,
            moreUpcoming: upcoming.count > shown.count
                ? HomeReportView.More(
                    text: labels.moreUpcoming.replacingEvery(
                        "<COUNT>", with: views.numbers.localizingDigits(String(upcoming.count - shown.count))),
                    // The month page where the birthdays the home page leaves out begin.
                    href: Routes.file(views.routes.birthdayMonth(upcoming[shown.count].nextBirthday?.month, language: views.language))
                ) : nil
        )
    }
}
