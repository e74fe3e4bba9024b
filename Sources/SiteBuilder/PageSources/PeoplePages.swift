import CivilTime
import TemplateEngine

/// The people's pages in every language: the list (`people/`, in pages of
/// `page_size.people`), a page per person (`people/<slug>/`) after the list page that shows
/// them, the birthdays of each month (`people/by-month/01/` …) and the family names under each
/// letter (`people/by-name/a/` …), each in pages of `page_size.index`.
struct PeoplePages: RecordPages {
    static let list = PageSource(key: "people", layout: "people", list: (.people, 3))
    static let person = PageSource(key: "people/[slug]", layout: "person")
    static let month = PageSource(key: "people/by-month/[month]", layout: "people-index")
    static let letter = PageSource(key: "people/by-name/[letter]", layout: "people-index")
    static let sources = [list, person, month, letter]

    /// Everyone, in birthday order (the next birthday first), with their facts on the build's day.
    let ordered: [PersonFacts]
    /// Each language's views, indexes and search index.
    private let languages: [String: Language]
    let pageSize: SiteConfig.PageSizes
    /// Whether every person's view made is kept (a preview renders the same pages again).
    let keepingEveryView: Bool

    /// What one language's pages are made from: collating the names and writing the search
    /// index are the dearest steps before rendering, so they are made once, every language on
    /// its own core.
    private struct Language: Sendable {
        let views: PeopleViews
        let indexes: PeopleIndexes
        let search: SearchIndex
    }

    init(_ input: RecordPagesInput) {
        let (ordered, config) = (input.people, input.config)
        self.ordered = ordered
        pageSize = config.pageSize
        keepingEveryView = input.keepingEveryView
        let made = config.languages.parallelMap { language -> Language in
            let views = input.peopleViews[language]!
            let indexes = PeopleIndexes(ordered, language: language, labels: views.labels)
            let search = SearchIndex(name: "people-search.\(language).js", entries: indexes.index.ordered.map(views.searchEntry))
            return Language(views: views, indexes: indexes, search: search)
        }
        languages = Dictionary(uniqueKeysWithValues: zip(config.languages, made))
    }

    func add(_ language: String, list: Page, to made: inout MadePages) throws {
        guard let prepared = languages[language] else { return }
        let (views, indexes, search) = (prepared.views, prepared.indexes, prepared.search)
        made.searchIndexes.append(search)
        try addIndexPages(indexes, views: views, listPath: list.urlPath, to: &made)

        // Every person page shows its person and both neighbours, and the list pages show the
        // same views (their links are written from each page as it is rendered). They are made
        // as pages are rendered, and only the recent ones are kept.
        let ordered = ordered
        let pattern = try made.recordPattern(Self.person, language: language, urlPath: made.routes.person("[slug]", language: language))
        let personViews = PersonViews(window: max(256, 2 * pageSize.people), keepingEvery: keepingEveryView) {
            views.person(ordered[$0]).templateValue
        }
        let personPageValues = PersonPageValues(views: views, ordered: ordered, personViews: personViews)

        // The list, in pages of `page_size.people`: the first at the list's address, with the
        // overview. Each list page, then the pages of the people it shows: pages are rendered
        // in order, so a person's page finds the view its list page made.
        let pagination = Pagination(records: ordered.count, size: pageSize.people)
        let listPages = MadePages.listPages(
            of: list, title: list.source.frontMatter.title ?? views.labels.people,
            layout: list.source.frontMatter.layout ?? Self.list.layout,
            pagination: pagination, pack: views.pack)
        let histogram = AgeHistogram(ages: ordered.map(\.age))
        for (offset, page) in listPages.enumerated() {
            made.pages.append(page)
            let input = ListPageInput(number: offset + 1, pagination: pagination, firstPage: list.urlPath)
            made.extras.later(page) {
                Self.listValues(input, ordered: ordered, personViews: personViews, histogram: histogram, language: prepared)
            }
            let listLink = Routes.file(page.urlPath)
            for position in pagination.records(onPage: offset + 1) {
                let person = ordered[position].person
                let page = pattern.page(person.slug, title: person.displayName) {
                    PageRow(
                        columns: PeopleTables.peopleColumns,
                        values: PeopleTables.person(of: person, today: views.today, routes: views.routes, language: language))
                }
                made.pages.append(page)
                made.extras.later(page, digested: { personPageValues.values(position, list: listLink) })
            }
        }
    }

    /// The values of one page of the people list: its people, the navigation, and on the
    /// first page the age overview, the calendar links and the ways into the indexes.
    private static func listValues(
        _ page: ListPageInput, ordered: [PersonFacts], personViews: PersonViews, histogram: AgeHistogram, language: Language
    ) -> PeopleListPageView {
        let views = language.views
        var view = PeopleListPageView(
            people: page.pagination.records(onPage: page.number).map { personViews[$0] }, hasPeople: !ordered.isEmpty,
            search: language.search.view(label: views.labels.searchPeople, labels: views.labels),
            pagination: PaginationView(page.pagination, current: page.number, listPath: page.firstPage, pack: views.pack)
        )
        if page.number == 1 {
            view.histogram = views.histogram(histogram)
            view.calendar = views.calendarLinks()
            view.browse = views.browse(months: language.indexes.months, index: language.indexes.index)
        }
        return view
    }
}
