import Charts
import CivilTime
import Foundation
import TemplateEngine

extension PeopleViews {
    /// One person in a month or letter page's list: name, birthday and age, linked to their
    /// page. Lighter than `person`: these pages list many people.
    func indexEntry(_ facts: PersonFacts) -> IndexEntryView {
        let person = facts.person
        return IndexEntryView(
            name: nameText(person), href: Routes.file(routes.person(person.slug, language: language)),
            birthday: birthdayText(person), age: ageText(facts), birthdayISO: person.birthDate.map(CivilText.isoDate))
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
        return SearchIndex.Entry(
            names: SearchIndex.Entry.spellings(of: nameText(person)),
            link: Routes.file(routes.person(person.slug, language: language)),
            details: [birthdayText(person), ageText(facts)])
    }

    /// The ways into the people besides the list (`browse.mustache`): a year overview with
    /// how many birthdays each month has, a bar each (drawn on the chart engine's scale),
    /// linked to the month pages, and the letters of the
    /// name index. `currentMonth` (0 for the unknown birthdays) and `currentLetter` mark the
    /// page that shows them.
    func browse(months: BirthdayMonths, index: NameIndex, currentMonth: Int? = nil, currentLetter: String? = nil) -> BrowseView {
        let monthNames = dates.standaloneMonthNames
        let shortNames = dates.shortStandaloneMonthNames
        // Each month's bar on one scale, from none to the fullest month (unknown birthdays too).
        let fullest = max(months.counts.max() ?? 0, months.unknown.count)
        let scale = LinearScale(domain: (0, Double(fullest)), range: (0, 100))
        let bar = { (count: Int) in fullest == 0 ? 0 : Int(scale.position(of: Double(count)).rounded()) }
        var monthViews = months.counts.enumerated().map { offset, count in
            BrowseView.Month(
                name: monthNames[offset], short: shortNames[offset], count: number(count), current: currentMonth == offset + 1,
                href: count > 0 ? Routes.file(routes.birthdayMonth(offset + 1, language: language)) : nil, bar: bar(count))
        }
        if !months.unknown.isEmpty {
            monthViews.append(
                BrowseView.Month(
                    name: labels.unknownBirthday, short: "?", count: number(months.unknown.count), current: currentMonth == 0,
                    href: Routes.file(routes.birthdayMonth(nil, language: language)), bar: bar(months.unknown.count)))
        }
        // One row per script, so that Latin O and Greek Ο are not side by side.
        var scripts: [[BrowseView.Letter]] = []
        var lastScript: NameIndex.Script?
        for letter in index.letters {
            let view = BrowseView.Letter(
                label: letter.label, count: number(letter.people.count), current: currentLetter == letter.slug,
                href: Routes.file(routes.nameIndex(letter.slug, language: language)))
            if letter.script == lastScript, !scripts.isEmpty { scripts[scripts.count - 1].append(view) } else { scripts.append([view]) }
            lastScript = letter.script
        }
        return BrowseView(months: monthViews, scripts: scripts)
    }

    /// "22 November" / "22. November": a day heading of a month page, in the page's language.
    func dayHeading(_ date: CalendarDate) -> String {
        dayAndMonth.string(date)
    }
}
