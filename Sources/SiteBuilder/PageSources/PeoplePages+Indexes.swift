import CivilTime
import DataTables
import TemplateEngine
import TextFormatting

extension PeoplePages {
    /// The people of one language by birthday month and by family name, as built once for
    /// every page that links them.
    struct PeopleIndexes: Sendable {
        let index: NameIndex
        let months: BirthdayMonths

        init(_ people: [PersonFacts], language: String, labels: Labels) {
            index = NameIndex(people, language: language, otherLabel: labels.otherNames)
            months = BirthdayMonths(nameOrder: index.ordered)
        }
    }

    /// The month pages (`people/by-month/01/` …, and `unknown/` for people without a birth
    /// date) and the letter pages (`people/by-name/a/` …) of one language, each in pages of
    /// `page_size.index` people. Every person is on exactly one month page and one letter page.
    func addIndexPages(_ indexes: PeopleIndexes, views: PeopleViews, listPath: String, to made: inout MadePages) throws {
        let (labels, language) = (views.labels, views.language)
        let monthNames = views.dates.standaloneMonthNames
        let byMonth = try made.recordPattern(
            Self.month, language: language, urlPath: made.routes.birthdayMonth(named: "[month]", language: language))
        let byName = try made.recordPattern(
            Self.letter, language: language, urlPath: made.routes.nameIndex("[letter]", language: language))
        let index = IndexPages(indexes: indexes, views: views, listPath: listPath, pageSize: pageSize.index)
        for month in 1...12 where !indexes.months.months[month - 1].isEmpty {
            let people = indexes.months.months[month - 1]
            let name = Routes.monthName(month)
            let page = byMonth.page(name, title: labels.birthdaysIn.replacingEvery("<MONTH>", with: monthNames[month - 1])) {
                Self.indexRow(.month, name, label: monthNames[month - 1], people: people.count)
            }
            index.add(people, page: page, byDay: true, currentMonth: month, to: &made)
        }
        if !indexes.months.unknown.isEmpty {
            let people = indexes.months.unknown
            let page = byMonth.page(Routes.monthName(nil), title: labels.unknownBirthday) {
                Self.indexRow(.month, Routes.monthName(nil), label: labels.unknownBirthday, people: people.count)
            }
            index.add(people, page: page, byDay: false, currentMonth: 0, to: &made)
        }
        for letter in indexes.index.letters {
            let page = byName.page(letter.slug, title: labels.namesWith.replacingEvery("<LETTER>", with: letter.label)) {
                Self.indexRow(.letter, letter.slug, label: letter.label, people: letter.people.count)
            }
            index.add(letter.people, page: page, byDay: false, currentLetter: letter.slug, to: &made)
        }
    }

    /// The row a month's or a letter's page carries when `Content/people/by-month/[month].md`
    /// or `Content/people/by-name/[letter].md` gives it a text: `month` (`01` … `12`,
    /// `unknown`) or `letter` (the slug of its address), `label` (the month's name, the
    /// letter as shown) and how many `people` it lists.
    static func indexRow(_ kind: IndexKind, _ slug: String, label: String, people: Int) -> PageRow {
        PageRow(
            columns: [Column(kind.rawValue, .text), Column("label", .text), Column("people", .integer)],
            values: [.text(slug), .text(label), .integer(Int64(people))])
    }

    enum IndexKind: String {
        case month, letter
    }

    /// What every month and letter page of a language is made with.
    private struct IndexPages {
        let indexes: PeopleIndexes
        let views: PeopleViews
        let listPath: String
        let pageSize: Int

        /// One month or letter, whose first page is `page`: its pages, and their values made
        /// when each is rendered.
        func add(
            _ people: [PersonFacts], page first: Page, byDay: Bool, currentMonth: Int? = nil, currentLetter: String? = nil,
            to made: inout MadePages
        ) {
            let pagination = Pagination(records: people.count, size: pageSize)
            let (views, indexes, listPath, firstPath) = (views, indexes, listPath, first.urlPath)
            let layout = first.source.frontMatter.layout ?? Self.layout
            for (offset, page) in MadePages.listPages(
                of: first, title: first.title, layout: layout, pagination: pagination, pack: views.pack
            )
            .enumerated() {
                let number = offset + 1
                made.pages.append(page)
                made.extras.later(page) {
                    IndexPageView(
                        list: Routes.file(listPath),
                        browse: views.browse(
                            months: indexes.months, index: indexes.index, currentMonth: currentMonth, currentLetter: currentLetter),
                        groups: Self.groups(people[pagination.records(onPage: number)], byDay: byDay, views: views),
                        pagination: PaginationView(pagination, current: number, listPath: firstPath, pack: views.pack)
                    )
                }
            }
        }

        static var layout: String { PeoplePages.month.layout }

        /// The people of a page: one group per birthday (headed "22 November") on month pages,
        /// one group without a heading on the others.
        private static func groups(_ people: ArraySlice<PersonFacts>, byDay: Bool, views: PeopleViews) -> [IndexPageView.Group] {
            guard byDay else {
                return [IndexPageView.Group(heading: nil, id: nil, people: people.map(views.indexEntry))]
            }
            var groups: [IndexPageView.Group] = []
            var start = people.startIndex
            while start < people.endIndex {
                let born = people[start].person.birthDate!
                let end = people[start...].firstIndex { $0.person.birthDate?.day != born.day } ?? people.endIndex
                // A leap year, so that 29 February has a date of its own.
                let day = CalendarDate(year: 2000, month: born.month, day: born.day)!
                groups.append(
                    IndexPageView.Group(
                        heading: views.dayHeading(day), id: "day-\(born.day)", people: people[start..<end].map(views.indexEntry)))
                start = end
            }
            return groups
        }
    }
}
