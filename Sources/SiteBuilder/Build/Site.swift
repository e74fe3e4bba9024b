import Foundation

/// A site folder and the pipeline that turns it into an output folder:
///
///     config → sources + decode → content → templates → render → write (staging) → publish
///
/// Each stage is a type of its own; this file only calls them in order.
public enum Site {
    /// Builds the site and replaces the output folder with the result. On any error the
    /// output folder is left exactly as it was.
    @discardableResult
    public static func build(_ options: BuildOptions) throws -> BuildSummary {
        let config = try loadConfig(options)
        let outputURL = outputFolder(options, config)
        var summary = BuildSummary(outputFolder: outputURL)

        let report = try ReportLoader(config: config, options: options).load()
        summary.people = report.people.count
        summary.scenarios = report.scenarios.count
        summary.events = report.eventCount
        summary.skippedRecords = report.skippedRecords
        summary.warnings += report.warnings
        summary.details += report.sourceLines

        let content = try ContentScanner(
            contentFolder: options.siteFolder.appendingPathComponent("Content"),
            siteFolder: options.siteFolder,
            languages: config.languages,
            includeDrafts: options.includeDrafts
        ).scan()
        summary.details.append("content: \(content.pages.count) Markdown pages, \(content.staticFiles.count) static files")

        let templates = try TemplateSet(overridesIn: options.siteFolder.appendingPathComponent("Templates"))
        let assets = AssetManifest(assets: templates.assets)
        let reportPages = ReportPages(content: content.pages, report: report, config: config, now: options.now)
        let pages = reportPages.pages
        let renderer = PageRenderer(config: config, templates: templates, assets: assets, pages: pages, reportData: report.templateData)

        let output = try OutputFolder(destination: outputURL, siteFolder: options.siteFolder)
        do {
            let notFound = pages.first { $0.translationKey == "404" && $0.language == config.defaultLanguage }
            let published = pages.filter { $0.translationKey != "404" }
            try ParallelRender(pages: published, renderer: renderer, extras: reportPages.extras, output: output).run(jobs: options.jobs)
            summary.pages = published.count
            try output.write(renderer.renderNotFound(notFound), to: "404.html")
            for file in content.staticFiles {
                try output.copy(options.siteFolder.appendingPathComponent("Content").appendingPathComponent(file.path), to: file.path)
                summary.staticFiles += 1
            }
            for asset in assets.files {
                try output.write(asset.bytes, to: asset.path)
            }
            if let baseURL = config.baseURL {
                let urlPaths = pages.filter { $0.translationKey != "404" }.map(\.urlPath)
                try output.write(Sitemap.xml(baseURL: baseURL, urlPaths: urlPaths), to: "sitemap.xml")
            } else {
                summary.details.append("sitemap: not written, the site has no base_url")
            }
            try output.write(Sitemap.robots(baseURL: config.baseURL), to: "robots.txt")
            if let calendar = BirthdayCalendar(people: report.people, config: config, now: options.now) { try output.write(calendar.text, to: BirthdayCalendar.path) }
            if options.strict, let first = summary.warnings.first {
                throw BuildError(.content, "--strict: \(first)")
            }
            try output.publish()
        } catch {
            output.discard()
            throw error
        }
        return summary
    }

    static func loadConfig(_ options: BuildOptions) throws -> SiteConfig {
        let url = options.configURL
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw BuildError(.configuration, "no site config here: create ttsite.yml (at least `title: My site`) or pass --site or --config", in: url.path)
        }
        var config = try SiteConfig.load(from: url, displayName: displayName(url, in: options.siteFolder))
        if let text = options.baseURL {
            guard let baseURL = SiteConfig.baseURL(from: text) else {
                throw BuildError(.configuration, "--base-url must be an absolute http(s) URL such as `https://example.org/reports/`, found `\(text)`")
            }
            config.baseURL = baseURL
        }
        return config
    }

    static func outputFolder(_ options: BuildOptions, _ config: SiteConfig) -> URL {
        if let output = options.output { return output.standardizedFileURL }
        if config.output.hasPrefix("/") { return URL(fileURLWithPath: config.output).standardizedFileURL }
        return options.siteFolder.appendingPathComponent(config.output).standardizedFileURL
    }

    /// A path as the user would write it: relative to the site folder when inside it.
    static func displayName(_ url: URL, in folder: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = folder.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
