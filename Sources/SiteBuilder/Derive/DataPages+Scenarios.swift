import Foundation
import ReportData
import TemplateEngine

extension DataPages {
    /// The timeline list (`scenarios/index.html`, menu 4) and a timeline page per scenario
    /// (`scenarios/<slug>/index.html`) in every language.
    static func addScenarioPages(
        _ scenarios: [Scenario], lists: [String: Page], views: [String: ScenarioViews], config: SiteConfig, routes: Routes,
        to pages: inout [Page], extras: inout PageExtras, searchIndexes: inout [SearchIndex]
    ) {
        let layouts = scenarios.map { TimelineLayout($0, siteReplaySeconds: config.replaySeconds) }
        for language in config.languages {
            guard let list = lists[language], let views = views[language] else { continue }
            let pagination = Pagination(records: scenarios.count, size: config.pageSize.scenarios)
            let search = SearchIndex(name: "scenarios-search.\(language).js", entries: scenarios.map(views.searchEntry))
            searchIndexes.append(search)
            for (offset, page) in listPages(of: list, kind: .scenarios, pagination: pagination, pack: config.pack(for: language))
                .enumerated()
            {
                pages.append(page)
                let input = ListPageInput(number: offset + 1, pagination: pagination, firstPage: list.urlPath)
                extras.later(page) {
                    scenarioListExtras(input, scenarios: scenarios, views: views, search: search, pack: config.pack(for: language))
                }
            }

            for (position, layout) in layouts.enumerated() {
                let scenario = layout.scenario
                let listPage = Routes.listPage(pagination.page(ofRecord: position), of: list.urlPath)
                let name = scenario.name.preferring(language)
                let page = generatedPage(
                    "scenarios/\(scenario.slug)", title: name.isEmpty ? scenario.named : name, layout: "timeline",
                    language: language, urlPath: routes.timeline(scenario.slug, language: language))
                pages.append(page)
                extras.later(page) {
                    TimelinePageView(scenario: views.timeline(layout, listPage: listPage))
                }
            }
        }
    }

    /// The values of one page of the timeline list: its scenarios and the navigation.
    private static func scenarioListExtras(
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
