import Foundation
import ReportData

extension ReportPages {
    /// The timeline list (`scenarios/index.html`, menu 4) and a timeline page per scenario
    /// (`scenarios/<slug>/index.html`) in every language.
    static func addScenarioPages(
        _ scenarios: [Scenario], config: SiteConfig, now: Date,
        to pages: inout [ContentPage], extras: inout [String: [String: Any]]
    ) {
        let layouts = scenarios.map { TimelineLayout($0, siteReplaySeconds: config.replaySeconds) }
        for language in config.languages {
            let views = ScenarioViews(config: config, language: language, now: now)
            let labels = Labels.forLanguage(language)

            var list: ContentPage
            if let index = pages.firstIndex(where: { $0.translationKey == "scenarios" && $0.language == language }) {
                list = pages.remove(at: index)
                if list.source.frontMatter.layout == nil { list.source.frontMatter.layout = "scenarios" }
            } else {
                var front = FrontMatter()
                front.title = labels["scenarios"]
                front.layout = "scenarios"
                front.menu = 4
                list = ContentPage(sourcePath: "(scenarios)", source: MarkdownSource(frontMatter: front, body: ""), language: language, urlPath: views.prefix + "scenarios/", translationKey: "scenarios")
            }
            pages.append(list)
            let listRoot = RelativeLink.root(from: list.urlPath)
            extras[list.outputPath] = [
                "scenarios": scenarios.map { views.summary($0, root: listRoot) },
                "hasScenarios": !scenarios.isEmpty,
                "hasCounters": !scenarios.isEmpty,
            ]

            for layout in layouts {
                let scenario = layout.scenario
                var front = FrontMatter()
                front.title = scenario.name.preferring(language).isEmpty ? scenario.named : scenario.name.preferring(language)
                front.layout = "timeline"
                let page = ContentPage(sourcePath: "(scenario \(scenario.slug))", source: MarkdownSource(frontMatter: front, body: ""), language: language, urlPath: views.prefix + "scenarios/\(scenario.slug)/", translationKey: "scenarios/\(scenario.slug)")
                pages.append(page)
                extras[page.outputPath] = [
                    "scenario": views.timeline(layout, root: RelativeLink.root(from: page.urlPath)),
                    "hasCounters": false,
                ]
            }
        }
    }
}
