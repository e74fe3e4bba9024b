import DataSources
import Foundation
import TemplateEngine

/// A site folder and the pipeline that turns it into an output folder:
///
///     config → lock → sources + decode → content → pictures → templates → render → write (staging) → publish
///
/// Each stage is a type of its own; this file only calls them in order. `check` runs the
/// same stages into memory and checks the links instead of publishing.
public enum Site {
    /// Builds the site and replaces the output folder with the result. On any error — and
    /// on SIGINT or SIGTERM — the output folder is left exactly as it was.
    @discardableResult
    public static func build(_ options: BuildOptions) throws -> BuildSummary {
        let config = try loadConfig(options)
        let outputURL = outputFolder(options, config)
        let lock = try SiteLock(siteFolder: options.siteFolder, outputFolder: outputURL, wait: options.lockWait)
        defer { withExtendedLifetime(lock) {} }

        var plan = try SitePlan(options: options, config: config, outputFolder: outputURL)
        let output = try OutputFolder(destination: outputURL, siteFolder: options.siteFolder)
        do {
            try plan.write(to: output)
            try plan.checkRemovedPages(publishedIn: outputURL, willPublish: output.holds)
            options.progress?(BuildProgress(stage: .publish))
            try output.publish()
        } catch {
            output.discard()
            throw error
        }
        var summary = plan.summary
        if let warning = plan.recordPublished(in: outputURL) { summary.warnings.append(warning) }
        summary.filesWritten = output.written
        summary.filesKept = output.kept
        summary.details.append("output: \(output.written) files written, \(output.kept) unchanged and kept")
        return summary
    }

    /// Everything `build` does but write: the config, the sources, the data, the content and
    /// the templates are read and every page is rendered, in memory; then every internal
    /// link and asset reference of the would-be output must lead to one of its files, and
    /// with `externalLinks` every http(s) link must answer. Throws the first error a build
    /// would throw; broken links are returned in the summary.
    public static func check(_ options: BuildOptions, externalLinks: Bool = false) throws -> CheckSummary {
        let config = try loadConfig(options)
        let outputURL = outputFolder(options, config)
        var plan = try SitePlan(options: options, config: config, outputFolder: outputURL)
        let catalog = OutputCatalog()
        try plan.write(to: catalog)
        let files = catalog.files
        try plan.checkRemovedPages(publishedIn: outputURL, willPublish: files.contains)
        options.progress?(BuildProgress(stage: .links))
        var links = LinkCheck(catalog: catalog, sitePath: config.baseURL.map { $0.path.hasSuffix("/") ? $0.path : $0.path + "/" } ?? "/")
        links.baseURL = config.baseURL?.absoluteString
        var summary = CheckSummary(build: plan.summary)
        let inside = links.internalLinks()
        summary.internalLinks = inside.checked
        summary.broken = inside.broken.map { link in
            CheckSummary.Broken(location: plan.source(ofOutput: link.page), page: link.page, link: link.link, reason: link.reason)
        }
        if externalLinks {
            let external = ExternalLinkCheck(fetcher: options.fetcher ?? URLSessionFetcher())
                .check(links.externalLinks())
            summary.externalLinks = external.checked
            summary.broken += external.broken.map { link in
                CheckSummary.Broken(location: plan.source(ofOutput: link.page), page: link.page, link: link.link, reason: link.reason)
            }
        }
        return summary
    }

    /// Every page's template and the value it is rendered with, and the templates: what a
    /// build would render, for benchmarks and checks of the templates themselves. Reads the
    /// sources and content like `check`, writes nothing.
    public static func renderInputs(_ options: BuildOptions) throws -> (templates: TemplateSet, pages: [RenderInput]) {
        let config = try loadConfig(options)
        let plan = try SitePlan(options: options, config: config, outputFolder: outputFolder(options, config))
        let inputs = try plan.renderInputs()
        return (inputs.templates, inputs.pages.map { RenderInput(path: $0.path, template: $0.template, value: $0.value) })
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
