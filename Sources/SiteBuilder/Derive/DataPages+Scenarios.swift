import Foundation
import ReportData
import TemplateEngine

extension DataPages {
    /// The timeline list (`scenarios/index.html`, menu 4) and a timeline page per scenario
    /// (`scenarios/<slug>/index.html`) in every language.
    static func addScenarioPages(
        _ scenarios: [Scenario], lists: [String: ContentPage], config: SiteConfig, routes: Routes, now: Date,
        to pages: inout [ContentPage], extras: inout PageExtras
    ) {
        let layouts = scenarios.map { TimelineLayout($0, siteReplaySeconds: config.replaySeconds) }
        for language in config.languages {
            guard let list = lists[language] else { continue }
            let views = ScenarioViews(config: config, language: language, now: now, routes: routes)
            pages.append(list)
            let listRoot = Routes.root(from: list.urlPath)
            extras.later(list.outputPath) {
                [
                    "scenarios": .list(scenarios.map { views.summary($0, root: listRoot) }),
                    "hasScenarios": .bool(!scenarios.isEmpty),
                    "hasCounters": .bool(!scenarios.isEmpty),
                ]
            }

            for layout in layouts {
                let scenario = layout.scenario
                let name = scenario.name.preferring(language)
                let page = generatedPage("scenarios/\(scenario.slug)", origin: .timeline, title: name.isEmpty ? scenario.named : name, layout: "timeline",
                                         language: language, urlPath: routes.timeline(scenario.slug, language: language))
                pages.append(page)
                let root = Routes.root(from: page.urlPath)
                extras.later(page.outputPath) {
                    ["scenario": views.timeline(layout, root: root), "hasCounters": .bool(false)]
                }
            }
        }
    }
}
