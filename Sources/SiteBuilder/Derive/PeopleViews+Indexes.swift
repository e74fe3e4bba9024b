import CivilTime
import Foundation
import TemplateEngine

extension PeopleViews {
    /// One person in a month or letter page's list: name, birthday and age, linked to their
    /// page. Lighter than `person`: these pages list many people.
    func indexEntry(_ facts: PersonFacts) -> TemplateValue {
        let person = facts.person
        var view: [String: TemplateValue] = [
            "name": .string(nameText(person)),
            "href": .link(Routes.file(routes.person(person.slug, language: language))),
            "birthday": .string(birthdayText(person)),
            "age": .string(ageText(facts)),
        ]
        if let born = person.birthDate { view["birthdayISO"] = .string(CivilText.isoDate(born)) }
        return .map(view)
    }

    /// A person's page in one line, for its description and share preview: only what the
    /// page shows ("Anna Alpha · Born 22-11-1990 · 36 years old").
    func description(_ facts: PersonFacts) -> String {
        let person = facts.person
        var parts = [nameText(person)]
        if let born = person.birthDate { parts.append("\(labels.born) \(dates.string(born))") }
        if let age = facts.age { parts.append(ageText(age)) }
        return parts.joined(separator: " · ")
    }

    /// A person in the search index: what the list shows of them and nothing else (name,
    /// page from the site root, birthday, age).
    func searchEntry(_ facts: PersonFacts) -> SearchIndex.Entry {
        let person = facts.person
        return SearchIndex.Entry(names: SearchIndex.Entry.spellings(of: nameText(person)),
                                 link: Routes.file(routes.person(person.slug, language: language)),
                                 details: [birthdayText(person), ageText(facts)])
    }

    /// The ways into the people besides the list (`browse.mustache`): a year overview with
    /// how many birthdays each month has, linked to the month pages, and the letters of the
    /// name index. `currentMonth` (0 for the unknown birthdays) and `currentLetter` mark the
    /// page that shows them.
    func browse(months: BirthdayMonths, index: NameIndex, currentMonth: Int? = nil, currentLetter: String? = nil) -> TemplateValue {
        let monthNames = dates.standaloneMonthNames
        let shortNames = dates.shortStandaloneMonthNames
        var monthViews: [TemplateValue] = months.counts.enumerated().map { offset, count in
            var view: [String: TemplateValue] = [
                "name": .string(monthNames[offset]),
                "short": .string(shortNames[offset]),
                "count": number(count),
                "current": .bool(currentMonth == offset + 1),
            ]
            if count > 0 { view["href"] = .link(Routes.file(routes.birthdayMonth(offset + 1, language: language))) }
            return .map(view)
        }
        if !months.unknown.isEmpty {
            monthViews.append(.map([
                "name": .string(labels.unknownBirthday),
                "short": .string("?"),
                "count": number(months.unknown.count),
                "current": .bool(currentMonth == 0),
                "href": .link(Routes.file(routes.birthdayMonth(nil, language: language))),
            ]))
        }
        // One row per script, so that Latin O and Greek Ο are not side by side.
        var scripts: [[TemplateValue]] = []
        var lastScript: NameIndex.Script?
        for letter in index.letters {
            let view: TemplateValue = .map([
                "label": .string(letter.label),
                "count": number(letter.people.count),
                "current": .bool(currentLetter == letter.slug),
                "href": .link(Routes.file(routes.nameIndex(letter.slug, language: language))),
            ])
            if letter.script == lastScript, !scripts.isEmpty { scripts[scripts.count - 1].append(view) } else { scripts.append([view]) }
            lastScript = letter.script
        }
        return .map(["months": .list(monthViews), "scripts": .list(scripts.map { .map(["letters": .list($0)]) })])
    }

    /// "22 November" / "22. November": a day heading of a month page, in the page's language.
    func dayHeading(_ date: CalendarDate) -> String {
        dayAndMonth.string(date)
    }
}
