import CivilTime
import Foundation
import ReportData
import TemplateEngine

/// Every page of the site: those of `Content/`, and those its page sources make from the
/// records (`RecordPages`), in every language, with the values their templates show and the
/// files their search boxes load.
struct SitePages {
    /// Every page, content and made from data, in output order.
    let pages: [Page]
    /// The values of the pages made from data, by output path, most made when their page is
    /// rendered.
    let extras: PageExtras
    /// Where every page is, the list pages included.
    let routes: Routes
    /// The files the search boxes of the list pages load, one per list and language.
    let searchIndexes: [SearchIndex]
    /// Everyone, in birthday order (the next birthday first), with their facts on the build's day.
    let people: [PersonFacts]
    /// The views of the people and of the timelines in each language, made once for the pages,
    /// the report blocks and the feeds.
    let peopleViews: [String: PeopleViews]
    let scenarioViews: [String: ScenarioViews]

    /// The kinds of record the site shows pages of, in the order their pages follow those of
    /// `Content/`: the people when `people:` lists sources, the timelines when `scenarios:` does.
    static func kinds(_ config: SiteConfig) -> [any RecordPages.Type] {
        (config.people.isEmpty ? [] : [PeoplePages.self]) + (config.scenarios.isEmpty ? [] : [ScenarioPages.self])
    }

    /// The keys of the sources of a page per record the site has (`people/[slug]` …).
    static func recordSources(_ config: SiteConfig) -> Set<String> {
        Set(kinds(config).flatMap { $0.sources }.filter { $0.recordPart != nil }.map(\.key))
    }

    init(
        content: [Page], data: SiteData, config: SiteConfig, now: Date, today: CalendarDate, pictures: PictureViews? = nil,
        keepingEveryView: Bool = false
    ) throws {
        let pictures = pictures ?? PictureViews(mode: config.images.mode)
        let languages = config.languages
        // A page per person and per timeline in each language, their lists and indexes: room
        // made once (growing by doubling left a 50 MB array behind at 100,000 people).
        var made = MadePages(
            content: content, routes: Routes(languages: languages), config: config, now: now,
            capacity: content.count + languages.count * (data.people.count + data.people.count / 50 + data.scenarios.count + 256))
        let ordered = PersonFacts.inBirthdayOrder(data.people, today: today)

        // The lists' first pages before anything else, so that every link to a list goes where
        // its page is.
        let kinds = Self.kinds(config)
        made.takeOverrides(of: kinds.flatMap { $0.sources })
        var lists: [String: [String: Page]] = [:]
        for language in languages {
            for kind in kinds {
                let title = kind.listSource.listTitle(config.pack(for: language).labels)
                lists[kind.listSource.key, default: [:]][language] = made.listPage(kind.listSource, title: title, language: language)
            }
        }

        let routes = made.routes
        let nationalities = Set(data.people.compactMap(\.nationality))
        let peopleViews = languages.parallelMap {
            PeopleViews(config: config, language: $0, today: today, routes: routes, nationalities: nationalities, pictures: pictures)
        }
        let scenarioViews = languages.map { ScenarioViews(config: config, language: $0, now: now, routes: routes, pictures: pictures) }
        self.peopleViews = Dictionary(uniqueKeysWithValues: zip(languages, peopleViews))
        self.scenarioViews = Dictionary(uniqueKeysWithValues: zip(languages, scenarioViews))

        if !kinds.isEmpty {
            for (language, views) in zip(languages, peopleViews) {
                guard let home = made.pages.firstIndex(where: { $0.kind == .home && $0.language == language }) else { continue }
                made.extras.set(made.pages[home], HomeReport.view(ordered, data: data, views: views, hasPeople: !config.people.isEmpty))
            }
        }
        let input = RecordPagesInput(
            data: data, config: config, people: ordered, peopleViews: self.peopleViews, scenarioViews: self.scenarioViews,
            keepingEveryView: keepingEveryView)
        for kind in kinds {
            let records = kind.init(input)
            for language in languages {
                guard let list = lists[kind.listSource.key]?[language] else { continue }
                try records.add(language, list: list, to: &made)
            }
        }
        pages = made.pages
        extras = made.extras
        self.routes = made.routes
        searchIndexes = made.searchIndexes
        people = ordered
    }
}
