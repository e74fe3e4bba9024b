import CivilTime
import TemplateEngine
import TextFormatting

extension DataPages {
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
    static func addIndexPages(
        _ indexes: PeopleIndexes, views: PeopleViews, listPath: String, pageSize: Int,
        to pages: inout [Page], extras: inout PageExtras
    ) {
        let labels = views.labels
        let language = views.language
        let monthNames = views.dates.standaloneMonthNames
        for month in 1...12 where !indexes.months.months[month - 1].isEmpty {
            let title = labels.birthdaysIn.replacingEvery("<MONTH>", with: monthNames[month - 1])
            addIndexPage(
                indexes.months.months[month - 1], key: "people/by-month/\(month)", title: title,
                urlPath: views.routes.birthdayMonth(month, language: language), byDay: true, currentMonth: month,
                indexes: indexes, views: views, listPath: listPath, pageSize: pageSize, to: &pages, extras: &extras)
        }
        if !indexes.months.unknown.isEmpty {
            addIndexPage(
                indexes.months.unknown, key: "people/by-month/unknown", title: labels.unknownBirthday,
                urlPath: views.routes.birthdayMonth(nil, language: language), byDay: false, currentMonth: 0,
                indexes: indexes, views: views, listPath: listPath, pageSize: pageSize, to: &pages, extras: &extras)
        }
        for letter in indexes.index.letters {
            let title = labels.namesWith.replacingEvery("<LETTER>", with: letter.label)
            addIndexPage(
                letter.people, key: "people/by-name/\(letter.slug)", title: title,
                urlPath: views.routes.nameIndex(letter.slug, language: language), byDay: false, currentLetter: letter.slug,
                indexes: indexes, views: views, listPath: listPath, pageSize: pageSize, to: &pages, extras: &extras)
        }
    }

    /// One month or letter: its pages, and their values made when each is rendered.
    private static func addIndexPage(
        _ people: [PersonFacts], key: String, title: String, urlPath: String, byDay: Bool,
        currentMonth: Int? = nil, currentLetter: String? = nil,
        indexes: PeopleIndexes, views: PeopleViews, listPath: String, pageSize: Int,
        to pages: inout [Page], extras: inout PageExtras
    ) {
        let pagination = Pagination(records: people.count, size: pageSize)
        let first = generatedPage(key, title: title, layout: "people-index", language: views.language, urlPath: urlPath)
        let later = pagination.laterPages(of: first) { number in
            generatedPage(
                "", title: "\(title) – \(PaginationView.status(number, of: pagination.pageCount, pack: views.pack))",
                layout: "people-index", language: views.language, urlPath: "")
        }
        for (offset, page) in ([first] + later).enumerated() {
            let number = offset + 1
            pages.append(page)
            extras.later(page) {
                IndexPageView(
                    list: Routes.file(listPath),
                    browse: views.browse(
                        months: indexes.months, index: indexes.index, currentMonth: currentMonth, currentLetter: currentLetter),
                    groups: groups(people[pagination.records(onPage: number)], byDay: byDay, views: views),
                    pagination: PaginationView(pagination, current: number, listPath: urlPath, pack: views.pack)
                )
            }
        }
    }

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
