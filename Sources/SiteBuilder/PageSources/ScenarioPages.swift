import Foundation
import ReportData
import TemplateEngine

/// The timelines' pages in every language: the list (`scenarios/`, menu 4, in pages of
/// `page_size.scenarios`) and a timeline per scenario (`scenarios/<slug>/`).
struct ScenarioPages: RecordPages {
    static let list = PageSource(key: "scenarios", layout: "scenarios", list: (.scenarios, 4))
    static let timeline = PageSource(key: "scenarios/[slug]", layout: "timeline")
    static let sources = [list, timeline]

    let scenarios: [Scenario]
    /// Each scenario's events laid out on its axis, made once for every language.
    let layouts: [TimelineLayout]
    let views: [String: ScenarioViews]
    let config: SiteConfig

    init(_ input: RecordPagesInput) {
        scenarios = input.data.scenarios
        layouts = scenarios.map { TimelineLayout($0, siteReplaySeconds: input.config.replaySeconds) }
        views = input.scenarioViews
        config = input.config
    }

    func add(_ language: String, list: Page, to made: inout MadePages) throws {
        guard let views = views[language] else { return }
        let (scenarios, pack) = (scenarios, config.pack(for: language))
        let pagination = Pagination(records: scenarios.count, size: config.pageSize.scenarios)
        let search = SearchIndex(name: "scenarios-search.\(language).js", entries: scenarios.map(views.searchEntry))
        made.searchIndexes.append(search)
        let listPages = MadePages.listPages(
            of: list, title: list.source.frontMatter.title ?? pack.labels.scenarios,
            layout: list.source.frontMatter.layout ?? Self.list.layout,
            pagination: pagination, pack: pack)
        for (offset, page) in listPages.enumerated() {
            made.pages.append(page)
            let input = ListPageInput(number: offset + 1, pagination: pagination, firstPage: list.urlPath)
            made.extras.later(page) { Self.listValues(input, scenarios: scenarios, views: views, search: search, pack: pack) }
        }

        let pattern = try made.recordPattern(Self.timeline, language: language, urlPath: made.routes.timeline("[slug]", language: language))
        for (position, layout) in layouts.enumerated() {
            let scenario = layout.scenario
            let listPage = Routes.listPage(pagination.page(ofRecord: position), of: list.urlPath)
            let name = scenario.name.preferring(language)
            let page = pattern.page(scenario.slug, title: name.isEmpty ? scenario.named : name) {
                PageRow(
                    columns: PeopleTables.scenarioColumns,
                    values: PeopleTables.scenario(of: scenario, routes: made.routes, language: language))
            }
            made.pages.append(page)
            made.extras.later(page) { TimelinePageView(scenario: views.timeline(layout, listPage: listPage)) }
        }
    }

    /// The values of one page of the timeline list: its scenarios and the navigation.
    private static func listValues(
        _ page: ListPageInput, scenarios: [Scenario], views: ScenarioViews, search: SearchIndex, pack: LanguagePack
    ) -> ScenarioListPageView {
        let shown: [Scenario] = Array(scenarios[page.pagination.records(onPage: page.number)])
        return ScenarioListPageView(
            scenarios: shown.map(views.summary), hasScenarios: !scenarios.isEmpty,
            search: search.view(label: pack.labels.searchTimelines, labels: pack.labels),
            pagination: PaginationView(page.pagination, current: page.number, listPath: page.firstPage, pack: pack)
        )
    }
}
