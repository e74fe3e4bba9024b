import Charts
import CivilTime
import Counting
import DataSources
import Foundation
import IntervalText
import ReportData
import TemplateEngine
import TextFormatting

/// The view models of the people pages in one language: every text computed here, so the
/// templates only place values.
struct PeopleViews {
    let config: SiteConfig
    let language: String
    let today: CalendarDate
    let routes: Routes
    /// The page language's pack: words, numbers, dates.
    let pack: LanguagePack
    let labels: Labels
    /// How the language writes numbers: every number a page shows goes through it.
    var numbers: NumberSymbols { pack.numbers }
    private let intervals: IntervalFormatter
    /// Birthdays as `birthday_format` writes them.
    let dates: DateWriter
    /// Day and month in the language's usual order, for the day headings of month pages.
    let dayAndMonth: DateWriter
    /// Country names by nationality code ("DE" → "Germany" / "Deutschland").
    private let countries: [String: String]
    /// The age texts of ages 0 to 150, made once: every person is on four pages and in the
    /// search index.
    private let ageTexts: [String]
    /// People's pictures as `images:` says.
    let pictures: PictureViews

    /// - Parameter nationalities: the nationality codes the people have, named once here.
    init(
        config: SiteConfig, language: String, today: CalendarDate, routes: Routes, nationalities: Set<String> = [],
        pictures: PictureViews? = nil
    ) {
        self.config = config
        self.pictures = pictures ?? PictureViews(mode: config.images.mode)
        self.language = language
        self.today = today
        self.routes = routes
        let pack = config.pack(for: language)
        self.pack = pack
        labels = pack.labels
        intervals = IntervalFormatter(language: pack.interval, counting: .calendar(config.timeZone))
        dates = pack.birthdays
        let locale = Locale(identifier: language)
        dayAndMonth = DateWriter(pack.dates.dayAndMonth, pack: pack)
        countries = Dictionary(uniqueKeysWithValues: nationalities.map { ($0, locale.localizedString(forRegionCode: $0) ?? $0) })
        ageTexts = (0...150).map { [intervals, labels] in Self.ageText($0, intervals: intervals, labels: labels) }
    }

    /// One person as the list and the person page show them.
    func person(_ facts: PersonFacts) -> PersonView {
        let person = facts.person
        var view = PersonView(
            name: nameText(person), initials: person.initials, avatarClass: "avatar-\(Self.colourIndex(of: person.id))",
            href: Routes.file(routes.person(person.slug, language: language)),
            birthday: birthdayText(person), age: ageText(facts), nextBirthday: nextBirthdayText(facts),
            isBirthday: facts.daysUntilBirthday == 0
        )
        if !person.displayTitle.isEmpty { view.title = pack.title(person.displayTitle) }
        view.birthdayISO = person.birthDate.map(CivilText.isoDate)
        view.nextBirthdayISO = facts.nextBirthday.map(CivilText.isoDate)
        view.nationality = person.nationality.map { countries[$0] ?? $0 }
        view.picture = pictures.view(person.picture?.best, as: .avatar, alt: nameText(person))
        if let age = facts.age {
            // The age once: the number counts up, and the words after it are those of the
            // final number ("26" and "years old", "26" and "лет").
            // A text that does not start with the number as the counter writes it ("2,026"
            // against "2026 years") shows without a counter.
            let text = ageText(age)
            let ageCounter = counter(to: Double(age), format: "{value}")
            if text.hasPrefix(ageCounter.text) {
                view.ageCounter = ageCounter
                view.ageWords = text.dropFirst(ageCounter.text.count).trimmingCharacters(in: .whitespaces)
            }
        }
        return view
    }

    /// The links to the birthday calendar: relative like every internal link, and a `webcal:`
    /// address for subscribing, which must be absolute and so needs a `base_url`.
    func calendarLinks() -> CalendarLinksView {
        CalendarLinksView(href: Routes.calendar, webcal: config.baseURL.flatMap { Routes.webcalCalendar(baseURL: $0) })
    }

    /// The name as pages show it, "n/a" for a record without one.
    func nameText(_ person: Person) -> String {
        person.displayName.isEmpty ? labels.notAvailable : person.displayName
    }

    /// The birth date in `birthday_format`, "n/a" without one.
    func birthdayText(_ person: Person) -> String {
        person.birthDate.map(dates.string) ?? labels.notAvailable
    }

    /// The age in words, "n/a" without a birth date.
    func ageText(_ facts: PersonFacts) -> String {
        facts.age.map(ageText) ?? labels.notAvailable
    }

    /// "34 years old" / "34 Jahre alt".
    func ageText(_ age: Int) -> String {
        ageTexts.indices.contains(age) ? ageTexts[age] : Self.ageText(age, intervals: intervals, labels: labels)
    }

    private static func ageText(_ age: Int, intervals: IntervalFormatter, labels: Labels) -> String {
        let years = intervals.standalone(Double(age), .years) ?? "\(age)"
        return labels.yearsOld.replacingEvery("<AGE>", with: years)
    }

    /// "in 23 days", "today!", or "n/a" without a birth date.
    func nextBirthdayText(_ facts: PersonFacts) -> String {
        guard let next = facts.nextBirthday, let days = facts.daysUntilBirthday else { return labels.notAvailable }
        if days == 0 { return labels.today }
        return intervals.string(for: next, relativeTo: today) ?? ""
    }

    /// A counter that counts up to `value` (see `counter.js`), with its final text for the HTML.
    func counter(to value: Double, format: String) -> CounterView {
        CounterView(to: value, format: format, numbers: numbers)
    }

    /// The column chart of ages, drawn by the chart engine as every report chart is (`Chart`:
    /// its value axis, ticks, frames and colours), and a table's rows. `id` starts the ids of
    /// the chart's heading and SVGs (`age-chart-title`).
    func histogram(_ histogram: AgeHistogram, id: String = "age-chart") -> HistogramView {
        let numbers = numbers
        let bars = histogram.bars.map { bar in
            HistogramView.Bar(label: numbers.localizingDigits("\(bar.from)–\(bar.from + 9)"), count: number(bar.count))
        }
        var chart = Chart(
            kind: .column, domain: .categories(bars.map(\.label)),
            series: [Chart.Series(name: labels.count, values: histogram.bars.map { Double($0.count) })])
        chart.wholeValues = true
        chart.valueLabel = { numbers.localizingDigits(String(Int($0))) }
        chart.valueTitle = labels.count
        chart.xTitle = labels.ageRange
        chart.mirrored = pack.direction == .rtl
        // What assistive technology reads: every decade and its count, as the table lists them.
        let summary = "\(labels.ageChart): " + bars.map { "\($0.label): \($0.count)" }.joined(separator: "; ")
        let frames = bars.isEmpty ? (wide: "", narrow: "") : chart.svgs(id: id + "-svg", title: labels.ageChart, summary: summary)
        return HistogramView(
            bars: bars, wide: frames.wide, narrow: frames.narrow, chartId: id,
            unknown: histogram.unknown > 0 ? "\(numbers.localizingDigits(String(histogram.unknown))) \(labels.unknownAge)" : nil
        )
    }

    /// The form of a word after `count` ("1 person", "3 people").
    func counted(_ word: CountedWord, _ count: Int) -> String {
        word.form(for: count, rules: pack.interval.pluralRules)
    }

    /// A count as the page shows it, in the language's digits.
    func number(_ value: Int) -> String {
        numbers.localizingDigits(String(value))
    }

    /// One of twelve avatar colours, the same for a person on every build (FNV-1a of the id).
    static func colourIndex(of id: String) -> Int {
        Int(StableHash.value(of: id.utf8) % 12)
    }
}
