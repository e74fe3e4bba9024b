import Charts
import CivilTime
import Counting
import Foundation
import IntervalText
import Markdown
import ReportData
import TemplateEngine
import TextFormatting

/// The view models of the timeline pages in one language: every text computed here, so the
/// templates only place values.
///
/// Scenario and event texts come from a remote API: they go through cmark in safe mode
/// always (raw HTML and `javascript:` links removed), whatever `markdown.unsafe_html` says.
/// A text missing in the page's language falls back to English (then German) and carries
/// `lang` so that it is read with the right voice. Words, numbers and dates are the page
/// language's pack's.
struct ScenarioViews {
    let config: SiteConfig
    let language: String
    let now: Date
    let routes: Routes
    private let labels: Labels
    private let ago: IntervalFormatter
    private let sinceStart: IntervalFormatter
    private let span: IntervalFormatter
    private let numbers: NumberSymbols
    private let punctuation: LanguagePack.Punctuation
    private let pluralRules: PluralRules
    /// The page's direction, and that of the languages a text falls back to.
    private let direction: LanguagePack.Direction
    private let fallbackDirections: [String: LanguagePack.Direction]
    private let days: DateWriter
    /// How the ticks of a timeline's axis read (`axisTicks`).
    private let tickDates: ChartDates
    /// Safe whatever the site allows its own pages: the text comes with the data.
    private let markdown: MarkdownRenderer
    /// Timeline and event pictures as `images:` says.
    let pictures: PictureViews

    init(config: SiteConfig, language: String, now: Date, routes: Routes, pictures: PictureViews? = nil) {
        self.config = config
        self.pictures = pictures ?? PictureViews(mode: config.images.mode)
        self.language = language
        self.now = now
        self.routes = routes
        let pack = config.pack(for: language)
        let labels = pack.labels
        self.labels = labels
        markdown = MarkdownRenderer(extensions: config.markdown.extensions, words: pack.markdownWords)
        let counting = IntervalCounting.calendar(config.timeZone)
        ago = IntervalFormatter(language: pack.interval, counting: counting)
        var sinceStart = IntervalFormatter(
            language: pack.interval, counting: counting,
            past: Phrase(labels.beforeStart, case: pack.startCase), future: Phrase(labels.afterStart, case: pack.startCase)
        )
        sinceStart.configuration.zeroTimeIntervalPlaceholder = labels.atStart
        self.sinceStart = sinceStart
        var span = IntervalFormatter(
            language: pack.interval, counting: counting, past: Phrase("<VALUE> <TIME_COMPONENT>"),
            future: Phrase("<VALUE> <TIME_COMPONENT>"))
        span.configuration.zeroTimeIntervalPlaceholder = labels.zeroSpan
        self.span = span
        numbers = pack.numbers
        punctuation = pack.punctuation
        pluralRules = pack.interval.pluralRules
        direction = pack.direction
        fallbackDirections = Dictionary(uniqueKeysWithValues: Self.fallbacks.map { ($0, config.pack(for: $0).direction) })
        days = DateWriter(pack.dates.eventDay, pack: pack)
        tickDates = ChartDates(pack)
    }

    /// A scenario as the list shows it.
    func summary(_ scenario: Scenario) -> ScenarioSummaryView {
        ScenarioSummaryView(
            heading: heading(scenario),
            eventCounter: CounterView(to: Double(scenario.totalEvents), format: "{value}", numbers: numbers),
            majorCounter: CounterView(to: Double(scenario.majorEvents), format: "{value}", numbers: numbers),
            eventsWord: counted(labels.events, scenario.totalEvents),
            majorWord: counted(labels.majorEvents, scenario.majorEvents)
        )
    }

    /// A scenario with its events in time order, as its timeline page shows it; `listPage` is
    /// the page of the timeline list that shows it.
    func timeline(_ layout: TimelineLayout, listPage: String) -> TimelineView {
        let scenario = layout.scenario
        let text = localized(scenario.text)
        let startLabel = pointText(scenario.start, unit: scenario.unit).text
        let endLabel = pointText(scenario.end, unit: scenario.unit).text
        let ticks = axisTicks(scenario, between: startLabel, and: endLabel)
        return TimelineView(
            heading: heading(scenario),
            // Notes of the scenario's text and of each event's have ids of their own on the page
            // (`fn:<slug>-1`, `fn:<slug>-e3-1`), which may show several timelines.
            textHTML: markdown.render(text.text, ids: .init(prefix: scenario.slug + "-")).html,
            textLang: text.lang,
            textDir: direction(of: text.lang),
            eventCount: numbers.localizingDigits(String(scenario.totalEvents)),
            majorCount: numbers.localizingDigits(String(scenario.majorEvents)),
            eventsWord: counted(labels.events, scenario.totalEvents),
            majorWord: counted(labels.majorEvents, scenario.majorEvents),
            list: Routes.file(listPage),
            style: layout.styleRules + ticks.map { ".tick-\($0.number){--at:\(TimelineLayout.fixed($0.at * 100, 2))%}\n" }.joined(),
            startLabel: startLabel,
            endLabel: endLabel,
            ticks: ticks,
            replayNote: labels.replayNote.replacingEvery("<DURATION>", with: duration(layout.replaySeconds)),
            events: layout.entries.map { event($0, in: scenario) },
            hasEvents: !layout.entries.isEmpty
        )
    }

    /// The ticks of a timeline's axis, chosen by the chart engine as a chart's are: calendar
    /// ticks (`TimeTicks`) for dates, d3's for distances, as many as fit without their labels
    /// touching each other or the start and end labels at the axis's ends. The axis shows on
    /// screens of 40rem and more: the labels are fitted to that narrowest width.
    func axisTicks(_ scenario: Scenario, between startLabel: String, and endLabel: String) -> [TimelineView.Tick] {
        let start = scenario.start.double
        let end = scenario.end.double
        guard end > start, start.isFinite, end.isFinite else { return [] }
        // 40rem less the page's and the axis's margins, in px of the labels' 0.8rem.
        let width = 560.0
        let size = 12.8
        let gap = 16.0
        let labelWidth = { (label: String) in AxisLabels.width(label, size: size) }
        let fitted: [(at: Double, label: String)]
        if let startDate = scenario.start.date, let endDate = scenario.end.date {
            // On the wall clock of the site's zone, as the events' dates read.
            let zone = config.timeZone
            let low = start + Double(zone.secondsFromGMT(for: startDate))
            let high = end + Double(zone.secondsFromGMT(for: endDate))
            let scale = LinearScale(domain: (low, high), range: (0, width))
            fitted = AxisLabels.fitting(
                count: 6, ticks: { TimeTicks.ticks(from: low, to: high, count: $0) }, position: { scale.position(of: $0.seconds) },
                label: tickDates.label, extent: labelWidth, gap: gap
            )
            .map { (scale.position(of: $0.tick.seconds) / width, $0.label) }
        } else {
            let scale = LinearScale(domain: (start, end), range: (0, width))
            let numbers = numbers
            fitted = AxisLabels.fitting(
                count: 6, ticks: scale.ticks(count:), position: scale.position(of:),
                label: { ($0 < 0 ? "−" : "") + numbers.magnitudeString(for: $0) }, extent: labelWidth, gap: gap
            )
            .map { (scale.position(of: $0.tick) / width, $0.label) }
        }
        // Clear of the labels at the ends, which start and end at the axis's ends.
        let startRoom = (labelWidth(startLabel) + gap) / width
        let endRoom = (labelWidth(endLabel) + gap) / width
        return fitted.filter { tick in
            let half = labelWidth(tick.label) / 2 / width
            return tick.at - half >= startRoom && tick.at + half <= 1 - endRoom
        }.enumerated().map { TimelineView.Tick(number: $0.offset + 1, at: $0.element.at, label: $0.element.label) }
    }

    /// A timeline in the search index: name, page from the site root, unit and span.
    func searchEntry(_ scenario: Scenario) -> SearchIndex.Entry {
        let name = localized(scenario.name)
        return SearchIndex.Entry(
            names: SearchIndex.Entry.spellings(of: name.text.isEmpty ? scenario.named : name.text),
            link: Routes.file(routes.timeline(scenario.slug, language: language)),
            details: [labels.unitName(scenario.unit), spanText(scenario)])
    }

    private func heading(_ scenario: Scenario) -> ScenarioHeadingView {
        let name = localized(scenario.name)
        return ScenarioHeadingView(
            name: name.text.isEmpty ? scenario.named : name.text,
            href: Routes.file(routes.timeline(scenario.slug, language: language)),
            unit: scenario.unit.rawValue,
            unitName: labels.unitName(scenario.unit),
            span: spanText(scenario),
            nameLang: name.lang,
            nameDir: direction(of: name.lang),
            image: image(scenario.image, alt: name.text, license: scenario.license, source: scenario.source, box: (640, 384))
        )
    }

    private func event(_ entry: TimelineLayout.Entry, in scenario: Scenario) -> EventView {
        let event = entry.event
        let text = localized(event.text)
        let html = markdown.render(text.text, ids: .init(prefix: "\(scenario.slug)-e\(event.index)-")).html
        let when = pointText(event.start, unit: scenario.unit)
        let dates = event.start.date.flatMap { date in scenario.start.date.map { (date: date, start: $0) } }
        return EventView(
            id: "event-\(event.index)",
            major: event.major,
            when: when.text,
            textHTML: html,
            iso: when.iso,
            textLang: text.lang,
            textDir: direction(of: text.lang),
            sinceStart: dates.map { sinceStart.string(for: $0.date, relativeTo: $0.start) ?? "" },
            ago: dates.map { ago.string(for: $0.date, relativeTo: now) ?? "" },
            outside: entry.isAfterEnd ? labels.afterTheEnd : entry.isBeforeStart ? labels.beforeTheStart : nil,
            image: image(event.image, alt: HTMLText.plain(html.utf8), license: event.license, source: event.source, box: (640, 224))
        )
    }

    /// The form of a word after `count` ("1 event", "3 events").
    private func counted(_ word: CountedWord, _ count: Int) -> String {
        word.form(for: count, rules: pluralRules)
    }

    /// The `dir` of a text in `lang`, the fallback language of a text, when it is written the
    /// other way than the page (English on a Persian page); nil otherwise.
    private func direction(of lang: String?) -> String? {
        guard let lang, let other = fallbackDirections[lang], other != direction else { return nil }
        return other.rawValue
    }

    /// The languages a text missing in the page's language falls back to, in order.
    private static let fallbacks = ["en", "de"]

    /// The text in the page's language, else English, else German, with the `lang` to set
    /// when it is not the page's.
    private func localized(_ text: LocalizedText) -> (text: String, lang: String?) {
        if let own = text[language] { return (own, nil) }
        for fallback in Self.fallbacks {
            if let text = text[fallback] { return (text, fallback) }
        }
        return ("", nil)
    }

    /// "16 July 1969, 14:32" (datetime, in the site's zone), "9. November 1989" (date), or a
    /// distance with its unit ("5.2 AU", "3.940 km"); `iso` for `<time datetime>` when HTML
    /// can write the date (years 1–9999).
    func pointText(_ point: ScenarioPoint, unit: ScenarioUnit) -> (text: String, iso: String?) {
        guard let date = point.date else {
            let sign = point.double < 0 ? "−" : ""
            return (sign + numbers.magnitudeString(for: point.double) + " " + (labels.unitSymbol(unit) ?? ""), nil)
        }
        let clock = WallClock(date, in: config.timeZone)
        let day = clock.date
        let year = numbers.localizingDigits(
            day.year >= 1 ? String(day.year) : labels.yearBC.replacingEvery("<YEAR>", with: String(1 - day.year)))
        var text = days.string(day) + " " + year
        var iso = (1...9999).contains(day.year) ? CivilText.isoDate(day) : nil
        if unit == .datetime {
            text += punctuation.dateAndTime + numbers.localizingDigits(CivilText.hourMinute(clock))
            // The instant in UTC, whose year may differ from the local one: the first hours
            // of year 1 east of Greenwich are still year 0 there, which HTML cannot write.
            iso = (1...9999).contains(WallClock(utc: date).date.year) ? CivilText.isoUTC(date) : nil
        }
        return (text, iso)
    }

    /// "8 days", "2 millennia", "164 AU".
    func spanText(_ scenario: Scenario) -> String {
        if let start = scenario.start.date, let end = scenario.end.date {
            return span.string(for: end, relativeTo: start) ?? ""
        }
        return pointText(ScenarioPoint(scenario.length), unit: scenario.unit).text
    }

    private func duration(_ seconds: Double) -> String {
        let minutes = seconds / 60
        if minutes >= 1, minutes == minutes.rounded() { return ago.standalone(minutes, .minutes) ?? "" }
        return ago.language.standalone(seconds, .seconds, rounding: Rounding(.truncate, fractionDigits: 1)) ?? ""
    }

    /// A picture with its license and source (only http(s) addresses), as `PictureViews`
    /// gives it. A picture that is not shown keeps its caption when it has one: `src` is
    /// then false.
    /// `box` is the most room it takes on a wide screen (40rem × 24rem, 14rem high in an event).
    private func image(
        _ url: URL?, alt: @autoclosure () -> String, license: String?, source: URL?, box: (width: Int, height: Int)
    ) -> FigureView? {
        guard let url, url.isWebAddress else { return nil }
        let link = source.flatMap { $0.isWebAddress ? $0.absoluteString : nil }
        let picture = pictures.view(url, as: .figure, alt: alt(), box: box)
        guard picture != nil || license != nil || link != nil else { return nil }
        return FigureView(picture: picture, license: license, source: link)
    }
}
