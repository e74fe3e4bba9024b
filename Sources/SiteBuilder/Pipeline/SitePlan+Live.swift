import Foundation
import TemplateEngine

/// What a preview does to the plan it keeps in memory when an edit is of a kind whose effect
/// is known without a build: the text of Markdown pages, or templates. Each returns the files
/// to rewrite, rendered in memory, and changes the plan only when every one of them rendered;
/// nil means the edit is more than that, and a build follows it.
extension SitePlan {
    /// The pages of `scan` whose text alone changed since this plan's scan, by source path;
    /// nil when anything else changed: a page added, removed or moved, its front matter (its
    /// title, menu place, date or layout, which other pages show or the build reads), a static
    /// file, or how pages use the pictures of `Content/` (a build processes those it shows and
    /// publishes those it needs as files), or a page that runs or shows queries (their
    /// results are made before any page is: `PageQueries`).
    func textEdits(in scan: ContentScanner.Result) -> [String: MarkdownSource]? {
        guard scan.pages.count == content.pages.count,
            scan.staticFiles.map(\.path) == content.staticFiles.map(\.path)
        else { return nil }
        var edits: [String: MarkdownSource] = [:]
        for (old, new) in zip(content.pages, scan.pages) {
            guard old.sourcePath == new.sourcePath, old.urlPath == new.urlPath, old.language == new.language,
                old.translationKey == new.translationKey, old.source.frontMatter == new.source.frontMatter
            else { return nil }
            if old.source.body != new.source.body || old.source.bodyLine != new.source.bodyLine {
                guard !QueryGraph.mayQuery(old), !QueryGraph.mayQuery(new) else { return nil }
                edits[new.sourcePath] = new.source
            }
        }
        var uses = Self.pictureUses(scan, config: config)
        uses.addMentions(in: renderer.templates.siteTexts)
        guard uses == pictures.uses else { return nil }
        return edits
    }

    /// The front matter keys the build's queries bound as parameters.
    private var queryKeys: Set<String> { markdown.dataBlocks?.results.parameterKeys ?? [] }

    /// Takes the new text of the pages in `edits` and renders what shows it: the pages made
    /// from those files (a list page takes its intro from one), the 404 page, and the feeds,
    /// whose entries hold a dated page's HTML. Nothing else shows a page's text: other pages
    /// show its title and URL, which come from the front matter and the path.
    mutating func takeTextEdits(_ edits: [String: MarkdownSource]) throws -> LiveUpdate {
        var next = self
        for index in next.content.pages.indices {
            if let source = edits[next.content.pages[index].sourcePath] { next.content.pages[index].source = source }
        }
        var edited: [Page] = []
        for index in next.pages.indices where next.pages[index].hasSourceFile {
            guard let source = edits[next.pages[index].sourcePath] else { continue }
            // The front matter stays as the plan holds it: a list page's has its layout filled in.
            next.pages[index].source.body = source.body
            next.pages[index].source.bodyLine = source.bodyLine
            edited.append(next.pages[index])
        }
        // The feeds show the pages they showed (the front matter, and so the dates, are as they
        // were): an edited page among them is rendered for them again, with its new text.
        let entries = edited.filter { files.feeds.pagePaths.contains($0.outputPath) }
        let texts = try SitePlan.renderMarkdown(edited, with: markdown, feedEntries: entries, options: options)
        next.renderer.replaceText(of: edited, texts: texts)
        // The birthday feeds stand; the pages feeds are made again when a page they show changed
        // (an entry's title and summary come from the front matter, which stands).
        var feedFiles: [OutputFile] = []
        if config.baseURL != nil, !entries.isEmpty {
            next.files.feeds = SiteFeeds(
                config: config, routes: routes, people: files.feedPeople.people, views: files.feedPeople.views,
                entries: files.feedEntries, now: options.now, html: next.renderer.texts.feedEntries)
            feedFiles = next.files.feeds.files
        }
        var update = try next.render(edited.filter { $0.kind != .notFound }, files: feedFiles)
        update.warnings += try UnreadKeys.warnings(
            pages: edited, templates: next.renderer.templates, readByQueries: queryKeys,
            templateName: next.renderer.templateName)
        try StrictMode(options).check(update.warnings, as: .content)
        self = next
        return update
    }

    /// Takes `templates` in place of the plan's and renders the pages they change: the pages
    /// whose template, or a partial it includes, changed; every page of `Content/`, whose text
    /// may include partials and report blocks; and the 404 page. Nil when the templates' assets
    /// (`style.css` …) changed: their names hold their hash, and every page links them; or
    /// when they name other pictures of `Content/`, which are then published as files.
    mutating func takeTemplates(_ templates: TemplateSet) throws -> LiveUpdate? {
        guard templates.assets == renderer.templates.assets else { return nil }
        // A template that names a picture of `Content/` publishes its original.
        var uses = Self.pictureUses(content, config: config)
        uses.addMentions(in: templates.siteTexts)
        guard uses == pictures.uses else { return nil }
        let before = renderer.templates.closureDigests()
        let after = templates.closureDigests()
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        var next = self
        // The pages' texts may show partials and report blocks: rendered again with the new
        // templates, as are the feeds' entries, which the feeds keep until their pages change.
        next.markdown = markdown.with(templates: templates)
        let texts = try SitePlan.renderMarkdown(pages.filter(\.hasSourceFile), with: next.markdown, feedEntries: [], options: options)
        next.renderer.replaceText(of: [], texts: texts)
        next.renderer.templates = templates
        let renderer = next.renderer
        let pages = try published.filter { page in
            try page.hasSourceFile || changed.contains(renderer.templateName(for: page))
        }
        var update = try next.render(pages, files: [])
        update.warnings += try UnreadKeys.warnings(
            pages: next.pages, templates: templates, readByQueries: queryKeys, templateName: renderer.templateName)
        try StrictMode(options).check(update.warnings, as: .content)
        self = next
        return update
    }

    /// The local files of the `data:` sources (a loader's file and inputs too) and of
    /// `queries/`, as absolute paths: what `takeTables` takes.
    func tableFiles(siteFolder: URL) -> (files: Set<String>, queries: String) {
        let site = siteFolder.standardizedFileURL
        let files = Set(config.tableFiles(siteFolder: site).map(\.path))
        return (files, site.appendingPathComponent(QueryDefinition.sharedFolder).path + "/")
    }

    /// Takes new readings of the `data:` sources (and of `queries/`): loads the tables and
    /// runs the queries again, as a build would, and renders only the pages whose results or
    /// row changed — a page depends on the results it shows, and a saved CSV that changes one
    /// row of a 10,000-page report renders one page, not 10,000. Nil when the edit changes
    /// more than results: the pages made from rows (a row added, removed, or renamed), their
    /// titles (lists, search and menus show them), the front matter keys the queries read, or
    /// a page the feeds show; a build follows.
    mutating func takeTables(_ sources: consuming SourceReadings, loader: SiteDataLoader) throws -> LiveUpdate? {
        guard let old = markdown.dataBlocks?.results else { return nil }
        var summary = self.summary
        let readings = TableReadings(files: sources.tables, servers: sources.servers)
        let data = try loader.decode(sources)
        let shared = try QueryDefinition.shared(siteFolder: options.siteFolder)
        guard Self.needsTables(readings, data: data, content: content, shared: shared) else { return nil }
        let tables = try Self.loadTables(readings, data: data, context, into: &summary)
        try Self.guardSources(tables.sourceCounts, context, ledger: shrink.ledger)
        let queried = try Self.runQueries(content, tables: tables, shared: shared, templates: renderer.templates, context)
        let results = queried.results
        guard Set(results.pages.keys) == Set(old.pages.keys), results.rowPages == old.rowPages, results.rowTitles == old.rowTitles,
            results.parameterKeys == old.parameterKeys
        else { return nil }
        let rows = Dictionary(queried.content.pages.map { ($0.urlPath, $0.row) }) { first, _ in first }
        var next = self
        var changed: [Page] = []
        for index in next.pages.indices {
            let path = next.pages[index].urlPath
            guard let shown = results.pages[path] else { continue }
            let row = rows[path] ?? nil
            guard shown != old.pages[path] || row != next.pages[index].row else { continue }
            next.pages[index].row = row
            changed.append(next.pages[index])
        }
        guard !changed.contains(where: { files.feeds.pagePaths.contains($0.outputPath) }) else { return nil }
        if let blocks = markdown.dataBlocks {
            next.markdown = markdown.with(
                dataBlocks: DataBlocks(
                    results: results, config: config, now: options.now, pageSize: blocks.pageSize,
                    search: blocks.search))
        }
        let texts = try SitePlan.renderMarkdown(changed, with: next.markdown, feedEntries: [], options: options)
        next.renderer.replaceText(of: changed, texts: texts)
        // The downloads of results that changed.
        let oldDownloads = Dictionary(old.downloads.map { ($0.path, $0.bytes) }) { first, _ in first }
        let downloads = results.downloads.filter { oldDownloads[$0.path] != $0.bytes }
        let downloadPaths = Set(old.downloads.map(\.path))
        next.files.dataFiles = files.dataFiles.filter { !downloadPaths.contains($0.path) } + results.downloads
        var update = try next.render(changed, files: downloads)
        try StrictMode(options).check(update.warnings, as: .content)
        update.warnings = readings.warnings + update.warnings + summary.warnings.filter { !self.summary.warnings.contains($0) }
        self = next
        return update
    }

    /// Renders `pages` and the 404 page into memory, with `files` beside them, and the PNG
    /// files of their charts (`chart_images:`); the charts' files no page shows any more are
    /// to be removed.
    private mutating func render(_ pages: [Page], files: [OutputFile]) throws -> LiveUpdate {
        let output = OutputCatalog(keepingEveryFile: true)
        let render = ParallelRender(pages: pages, renderer: renderer, extras: extras, output: output)
        try render.run(jobs: options.jobs)
        for file in siteFiles where file.path == Routes.notFound {
            try write(file, misses: render.misses, to: output)
        }
        var summary = self.summary
        let charts = try Self.chartImages(render.chartPNGs, options: options, into: &summary)
        for file in files + charts { try output.write(file.bytes, to: file.path) }
        let removed = takeChartPaths(render.chartPaths, pages: pages.map(\.urlPath))
        return LiveUpdate(pages: pages.count, files: output.keptFiles, removed: removed, warnings: render.misses.warnings)
    }
}

/// The files a preview's update rewrites, rendered in memory, and what rendering them said.
struct LiveUpdate {
    /// How many pages were rendered (the 404 page aside).
    var pages: Int
    var files: [OutputFile]
    /// The paths of files to remove: charts' PNGs no page shows any more.
    var removed: [String] = []
    var warnings: [String]
}
