import DataSources
import Foundation
import TemplateEngine

/// A site folder and the pipeline that turns it into an output folder. `build` is the list of
/// its stages, in order:
///
///     config → lock → read sources → (nothing changed? done) → decode → guard → scan content
///       → pictures → templates → derive → render Markdown → feeds and data outputs
///       → write (staging) → publish → record
///
/// Each stage is a function of what the stages before it made; those from decode to the
/// feeds make the `SitePlan` (`SitePlan.make`, `SitePlan+Stages.swift`). `check` runs the same
/// plan into memory and checks the links instead of publishing.
public enum Site {
    /// Builds the site and replaces the output folder with the result. On any error — and
    /// on SIGINT or SIGTERM — the output folder is left exactly as it was.
    @discardableResult
    public static func build(_ options: BuildOptions) throws -> BuildSummary {
        try build(options, keepingPlan: false).summary
    }

    /// `build`, and with `keepingPlan` the plan of what the output folder now holds, for a
    /// preview to keep in memory (made, but not rendered, when nothing had changed); `decoded`
    /// holds a preview's decodings of the source documents from its last build.
    static func build(_ options: BuildOptions, keepingPlan: Bool, decoded: DecodedDocuments? = nil) throws -> (
        summary: BuildSummary, plan: SitePlan?
    ) {
        var clock = StageClock()
        // config
        let config = try loadConfig(options)
        let outputURL = outputFolder(options, config)
        clock.lap("config")
        // lock
        let lock = try SiteLock(
            siteFolder: options.siteFolder, outputFolder: outputURL, wait: options.lockWait, preview: options.isPreview,
            waiting: options.waiting)
        defer { withExtendedLifetime(lock) {} }
        clock.lap("lock")
        // read sources, and the shrink guard's ledger: a damaged one stops a build even when
        // nothing changed.
        options.progress?(BuildProgress(stage: .data))
        let loader = SiteDataLoader(config: config, options: options, decoded: decoded)
        let sources = try loader.read(checkingFiles: false)
        let ledger = try PublishLedger.load(siteFolder: options.siteFolder, ignoringDamage: options.allowShrink)
        clock.lap("read")
        // up-to-date check
        let inputs = BuildInputs.digest(options: options, outputFolder: outputURL, sources: sources)
        let record = options.full ? nil : BuildRecord.load(siteFolder: options.siteFolder, outputFolder: outputURL)
        clock.lap("up-to-date check")
        if var summary = upToDate(record, inputs: inputs, outputFolder: outputURL, options: options) {
            summary.details += clock.lines
            let plan =
                keepingPlan
                ? try SitePlan.make(
                    BuildContext(options: options, config: config, outputFolder: outputURL), loader: loader, sources: sources,
                    ledger: ledger)
                : nil
            return (summary, plan)
        }
        // decode → guard → scan content → pictures → templates → derive → render Markdown
        // → feeds and data outputs
        var plan = try SitePlan.make(
            BuildContext(options: options, config: config, outputFolder: outputURL), loader: loader, sources: consume sources,
            ledger: ledger, clock: &clock)
        // write, into a staging folder; publish, one swap of it and the output folder
        let output = try OutputFolder(destination: outputURL, siteFolder: options.siteFolder)
        do {
            try plan.write(to: output, reuse: plan.pageReuse(previous: record))
            try plan.checkRemovedPages(publishedIn: outputURL, willPublish: output.holds)
            clock.lap("write")
            options.progress?(BuildProgress(stage: .publish))
            try output.publish()
            clock.lap("publish")
        } catch {
            output.discard()
            throw error
        }
        // record, for the shrink guard and the next build
        var summary = plan.summary
        if let warning = plan.recordPublished(in: outputURL) { summary.warnings.append(warning) }
        if let warning = plan.recordBuild(inputs: inputs, files: output.takeStamps(), in: outputURL) {
            summary.warnings.append(warning)
        }
        summary.filesWritten = output.written
        summary.filesKept = output.kept
        if let kept = plan.written.keptPages {
            summary.pagesKept = kept
            summary.details.append("pages: \(summary.pages - kept) rendered, \(kept) unchanged since the last build and kept unrendered")
        }
        summary.details.append("output: \(output.written) files written, \(output.kept) unchanged and kept")
        clock.lap("record")
        summary.details += clock.lines
        if keepingPlan { return (summary, plan) }
        // Freeing the pages, texts and query results of 10,000 pages made from rows took
        // 50 ms at the end of the build.
        FreedElsewhere.free(consume plan)
        return (summary, nil)
    }

    /// The summary of the last build when its record says nothing it read has changed and
    /// its output files stand as it published them; nil when the site must be built.
    static func upToDate(_ record: BuildRecord?, inputs: BuildDigest, outputFolder: URL, options: BuildOptions) -> BuildSummary? {
        guard let record, record.inputs == inputs, record.picturesDue.map({ options.clock().timeIntervalSince1970 < $0 }) ?? true,
            record.outputIsIntact(outputFolder)
        else { return nil }
        var summary = record.summary.summary(outputFolder: outputFolder)
        summary.upToDate = true
        summary.pagesKept = summary.pages
        summary.filesKept = record.files.count
        summary.details.append("output: nothing changed since the last build; its \(record.files.count) files stand as published")
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
        var links = LinkCheck(catalog: catalog, sitePath: config.sitePath)
        links.baseURL = config.baseURL?.absoluteString
        var summary = CheckSummary(build: plan.summary)
        let inside = links.internalLinks()
        summary.internalLinks = inside.checked
        // A broken link the Markdown of a Content page wrote was a warning of the build, with
        // its line: it is reported once, as the error, with that line.
        var problems = plan.written.linkProblems
        summary.broken = inside.broken.map { link in
            var broken = CheckSummary.Broken(
                location: plan.source(ofOutput: link.page), page: link.page, link: link.link, reason: link.reason)
            if let index = problems.firstIndex(where: { $0.file == broken.location && Self.sameLink($0.destination, link.link) }) {
                broken.line = problems[index].line
                problems.remove(at: index)
            }
            return broken
        }
        let before = MissReport.linkWarnings(plan.written.linkProblems)
        let after = MissReport.linkWarnings(problems)
        let stale = Set(before.warnings + before.details)
        summary.build.warnings.removeAll { stale.contains($0) }
        summary.build.warnings += after.warnings
        summary.build.details.removeAll { stale.contains($0) }
        summary.build.details += after.details
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
        return try plan.renderInputs()
    }

    /// Whether a destination written in Markdown is the link found in its HTML: cmark
    /// percent-encodes what a URL may not hold, so both are compared decoded.
    static func sameLink(_ written: String, _ found: String) -> Bool {
        written == found || (written.removingPercentEncoding ?? written) == (found.removingPercentEncoding ?? found)
    }

    static func loadConfig(_ options: BuildOptions) throws -> SiteConfig {
        let url = options.configURL
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw BuildError(
                .configuration, "no site config here: create ttsite.yml (at least `title: My site`) or pass --site or --config",
                in: url.path)
        }
        var config = try SiteConfig.load(
            from: url, displayName: displayPath(url, in: options.siteFolder),
            packFolder: options.siteFolder.appendingPathComponent(LanguagePack.siteFolder))
        if let text = options.baseURL {
            guard let baseURL = SiteConfig.baseURL(from: text) else {
                throw BuildError(
                    .configuration, "--base-url must be an absolute http(s) URL such as `https://example.org/reports/`, found `\(text)`")
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
}
