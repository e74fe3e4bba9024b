import CivilTime
import DataSources
import Foundation
import Markdown

/// The stages between "read" and "write", each a function of what the stages before it made.
extension SitePlan {
    /// The plan of a build: `sources` are the sources `loader` read, let go once decoded (a
    /// people file of 100,000 records is 60 MB); `ledger` is what the shrink guard compares with.
    static func make(_ context: BuildContext, loader: SiteDataLoader, sources: consuming SourceReadings, ledger: PublishLedger) throws
        -> SitePlan
    {
        var clock = StageClock()
        return try make(context, loader: loader, sources: consume sources, ledger: ledger, clock: &clock)
    }

    /// The same, each stage timed on `clock`.
    static func make(
        _ context: BuildContext, loader: SiteDataLoader, sources: consuming SourceReadings, ledger: PublishLedger,
        clock: inout StageClock
    ) throws -> SitePlan {
        let (options, config) = (context.options, context.config)
        var summary = BuildSummary(outputFolder: context.outputFolder)
        let readings = TableReadings(files: sources.tables, servers: sources.servers)
        summary.warnings += readings.warnings
        let data = try decode(consume sources, with: loader, into: &summary)
        try guardSources(data.sourceCounts, context, ledger: ledger)
        clock.lap("decode")
        let content = try scanContent(context, into: &summary)
        clock.lap("content")
        let shared = try QueryDefinition.shared(siteFolder: options.siteFolder)
        let tables =
            needsTables(readings, data: data, content: content, shared: shared)
            ? try loadTables(readings, data: data, context, into: &summary) : nil
        if let tables { try guardSources(tables.sourceCounts, context, ledger: ledger) }
        clock.lap("tables")
        let pictures = try processPictures(content: content, data: data, context, reader: loader.reader, into: &summary)
        clock.lap("pictures")
        let templates = try loadTemplates(context)
        clock.lap("templates")
        let queried = try runQueries(content, tables: tables, shared: shared, templates: templates, context)
        summary.details += queried.details
        clock.lap("queries")
        let derived = try derive(queried, data: data, templates: templates, pictures: pictures, context)
        clock.lap("derive")
        let texts = try renderMarkdown(derived.pages, with: derived.markdown, feedEntries: derived.feedEntries.all, options: options)
        clock.lap("feed texts")
        let (feeds, dataFiles) = feedsAndData(derived, data: data, texts: texts, context)
        clock.lap("feeds")

        var pictureUses = pictures.uses
        pictureUses.addMentions(in: templates.siteTexts)
        let renderer = PageRenderer(
            config: config, templates: templates, assets: derived.assets, pages: derived.pages, routes: derived.routes,
            texts: texts, feedLinks: feeds.links)
        summary.warnings += try UnreadKeys.warnings(
            pages: derived.pages, templates: templates, readByQueries: queried.results.parameterKeys,
            templateName: renderer.templateName)
        clock.lap("checks")
        return SitePlan(
            context: context, summary: summary, content: content, pages: derived.pages, extras: derived.site.extras,
            routes: derived.routes, markdown: derived.markdown, renderer: renderer,
            files: Files(
                assets: derived.assets, searchIndexes: derived.searchIndexes, feedEntries: derived.feedEntries, feeds: feeds,
                feedPeople: (derived.site.people, derived.site.peopleViews), dataFiles: dataFiles),
            pictures: Pictures(
                site: pictures.site, uses: pictureUses,
                onlyProcessed: config.images.originals == .stripped
                    ? pictureUses.onlyProcessed(processed: pictures.site.contentPictures.keys) : []),
            shrink: Shrink(sourceCounts: data.sourceCounts + (tables?.sourceCounts ?? []), ledger: ledger)
        )
    }

    /// The readings of the sources of `data:`, files and server queries alike: what the
    /// tables stage loads.
    struct TableReadings {
        let files: [TableReading]
        let servers: [ServerTableReading]

        /// What reading them said (a source served from the cache), as a build says it.
        var warnings: [String] { files.flatMap(\.reading.warnings) + servers.flatMap(\.warnings) }
    }

    /// decode: the sources into people and timelines.
    static func decode(_ sources: consuming SourceReadings, with loader: SiteDataLoader, into summary: inout BuildSummary) throws
        -> SiteData
    {
        let data = try loader.decode(sources)
        summary.people = data.people.count
        summary.scenarios = data.scenarios.count
        summary.events = data.eventCount
        summary.skippedRecords = data.skippedRecords
        summary.warnings += data.warnings
        summary.details += data.sourceLines
        return data
    }

    /// guard: a source that shrank against what was last published stops the build.
    static func guardSources(_ counts: [SourceCount], _ context: BuildContext, ledger: PublishLedger) throws {
        guard !context.options.allowShrink else { return }
        try ShrinkGuard(settings: context.config.shrinkGuard).checkSources(
            counts, publishedBefore: ledger.outputs[context.outputFolder.path])
    }

    /// Whether a page can query tables: there are `data:` sources, shared queries or query
    /// blocks. A site without queries never opens a database.
    static func needsTables(
        _ readings: TableReadings, data: SiteData, content: ContentScanner.Result, shared: [String: QueryDefinition]
    ) -> Bool {
        // Without `data:` and `queries/` a page can query only the people and scenarios.
        !readings.files.isEmpty || !readings.servers.isEmpty || !shared.isEmpty
            || (!data.people.isEmpty || !data.scenarios.isEmpty) && content.pages.contains { $0.source.blocks.contains(where: \.isQuery) }
    }

    /// tables: the sources of `data:`, and the people and scenarios, loaded into the build's
    /// database.
    static func loadTables(_ readings: TableReadings, data: SiteData, _ context: BuildContext, into summary: inout BuildSummary) throws
        -> SiteTables
    {
        let (options, config) = (context.options, context.config)
        let tables = try SiteTables.load(
            readings.files, servers: readings.servers, data: data, config: config, now: options.now, today: context.today,
            siteFolder: options.siteFolder,
            copies: options.siteFolder.appendingPathComponent(".ttsite/tables"),
            configName: displayPath(options.configURL, in: options.siteFolder))
        summary.details += readings.files.flatMap(\.details)
        for table in tables.tables {
            summary.details.append("table \(table.name): \(table.rows) rows, \(table.columns.count) columns, from \(table.source)")
            summary.details += table.missingValues.map { "table \(table.name), column \($0.column): \($0.description)" }
            summary.warnings += table.warnings
        }
        return tables
    }

    /// What the queries stage makes: `Content/` with the pages made from rows and the further
    /// pages of long tables, the results, and what to report of the run.
    struct Queried {
        var content: ContentScanner.Result
        var results = QueryResults()
        var details: [String] = []
    }

    /// queries: every page's queries run (each distinct query once), a page made for each
    /// row of a `rows:` query, and the further pages of long tables.
    static func runQueries(
        _ content: ContentScanner.Result, tables: SiteTables?, shared: [String: QueryDefinition], templates: TemplateSet,
        _ context: BuildContext
    ) throws -> Queried {
        guard let tables else {
            try PageQueries.refuseRowPages(content.pages, recordSources: SitePages.recordSources(context.config))
            return Queried(content: content)
        }
        let runner = QueryRunner(tables: tables, limits: context.config.queries.limits)
        let queries = PageQueries(
            shared: shared, runner: runner, templateMentions: PageQueries.mentions(in: templates.siteTexts),
            config: context.config, now: context.now, workers: context.options.jobs,
            recordSources: SitePages.recordSources(context.config))
        var queried = Queried(content: content)
        (queried.content.pages, queried.results) = try queries.run(content.pages)
        runner.forgetResults()
        queried.details.append("queries: \(runner.ran) run, \(runner.reused) results used again")
        return queried
    }

    /// scan content: the Markdown pages and the static files of `Content/`.
    static func scanContent(_ context: BuildContext, into summary: inout BuildSummary) throws -> ContentScanner.Result {
        let (options, config) = (context.options, context.config)
        options.progress?(BuildProgress(stage: .content))
        let content = try ContentScanner(
            contentFolder: options.siteFolder.appendingPathComponent("Content"),
            siteFolder: options.siteFolder,
            languages: config.languages,
            includeDrafts: options.includeDrafts,
            outputFolder: summary.outputFolder,
            configFile: options.configURL
        ).scan()
        summary.details.append("content: \(content.pages.count) Markdown pages, \(content.staticFiles.count) static files")
        summary.warnings += content.warnings
        if let image = config.shareImage, !content.staticFiles.contains(where: { $0.path == image }) {
            throw BuildError(.configuration, "`share_image` names Content/\(image), which is not a file of Content/", in: "ttsite.yml")
        }
        return content
    }

    /// pictures: how pages use the pictures of `Content/`, and every picture processed
    /// (`images: local`). Stops when pictures had to be processed and libvips could not be opened.
    static func processPictures(
        content: ContentScanner.Result, data: SiteData, _ context: BuildContext, reader: SourceReader, into summary: inout BuildSummary
    ) throws -> (uses: ContentPictureUses, site: SitePictures) {
        let (options, config) = (context.options, context.config)
        options.progress?(BuildProgress(stage: .pictures))
        let uses = pictureUses(content, config: config)
        let pictures =
            config.images.mode == .local
            ? SitePictures(data: data, contentImages: uses.toProcess, config: config, reader: reader)
            : SitePictures()
        if let (reason, picture) = pictures.unavailable {
            throw BuildError(.output, "\(reason); or set `images: remote` or `images: none` in ttsite.yml", in: picture)
        }
        summary.warnings += pictures.warnings
        summary.details += pictures.details
        return (uses, pictures)
    }

    /// templates: the built-in ones, replaced by the site's `Templates/`.
    static func loadTemplates(_ context: BuildContext) throws -> TemplateSet {
        let options = context.options
        options.progress?(BuildProgress(stage: .templates))
        return try TemplateSet(overridesIn: options.siteFolder.appendingPathComponent("Templates"))
    }

    /// What `derive` makes: every page and where it is, with the pages' values and the views
    /// (`SitePages`), the search indexes of the lists and the long tables, the pages the feeds
    /// show, and how Markdown is to be rendered.
    struct Derived {
        let site: SitePages
        /// The lists' search indexes and those of the long tables' row pages.
        let searchIndexes: [SearchIndex]
        let assets: AssetManifest
        let feedEntries: SiteFeeds.Entries
        let markdown: MarkdownTexts
        /// The whole results table blocks offer to download.
        let downloads: [OutputFile]

        var pages: [Page] { site.pages }
        var routes: Routes { site.routes }
    }

    /// derive: the pages made from data beside those of `Content/`, their routes and views;
    /// then, every file of the build being known, where each link of a Content page leads.
    static func derive(
        _ queried: Queried, data: SiteData, templates: TemplateSet, pictures: (uses: ContentPictureUses, site: SitePictures),
        _ context: BuildContext
    ) throws -> Derived {
        let (options, config, today) = (context.options, context.config, context.today)
        let (content, results) = (queried.content, queried.results)
        let assets = AssetManifest(assets: templates.assets)
        let sitePages = try SitePages(
            content: content.pages, data: data, config: config, now: options.now, today: today,
            pictures: PictureViews(mode: config.images.mode, pictures: pictures.site.pictures), keepingEveryView: options.keepsEveryView)
        let pages = sitePages.pages
        try refuseCollisions(pages)
        let rowSearch = RowSearch(results)
        let routes = sitePages.routes
        // Every file of the output: a link to one is taken where a feed or a data file may be.
        // (The pages' own files are known to the links by the pages.) The pictures published
        // only as processed files are among them: an image of one leads to it (and is shown
        // processed); nothing links one, or it would be published.
        var outputs = Set(siteFiles(pages: pages, config: config).map(\.path))
        outputs.formUnion(assets.files.map(\.path))
        outputs.formUnion(sitePages.searchIndexes.map(\.path))
        outputs.formUnion(rowSearch.indexes.map(\.path))
        outputs.formUnion(pictures.site.files.keys)
        outputs.formUnion(results.downloads.map(\.path))
        outputs.formUnion(DataOutputs.paths(scenarios: data.scenarios, config: config, routes: routes))
        if config.baseURL != nil {
            for language in config.languages {
                outputs.formUnion([
                    routes.pagesFeed(.atom, language: language), routes.pagesFeed(.json, language: language),
                    routes.birthdayFeed(.atom, language: language), routes.birthdayFeed(.json, language: language),
                ])
            }
        }
        let links = ContentLinks(
            files: content.staticFiles.map(\.path), pages: pages, outputs: outputs, sitePath: config.sitePath, baseURL: config.baseURL)
        var reportBlocks: ReportBlocks?
        if !config.people.isEmpty || !config.scenarios.isEmpty {
            reportBlocks = ReportBlocks(
                people: sitePages.people, scenarios: data.scenarios, eventCount: data.eventCount,
                views: sitePages.peopleViews, scenarioViews: sitePages.scenarioViews,
                replaySeconds: config.replaySeconds, today: today, routes: routes
            )
        }
        let markdown = MarkdownTexts(
            config: config, now: options.now, templates: templates, siteData: data.templateData, links: links,
            contentPictures: pictures.site.contentPictures, contentPictureProblems: pictures.site.contentProblems,
            reportBlocks: reportBlocks,
            dataBlocks: results.ran
                ? DataBlocks(
                    results: results, config: config, now: options.now, pageSize: config.queries.tablePageSize,
                    search: rowSearch) : nil)
        return Derived(
            site: sitePages, searchIndexes: sitePages.searchIndexes + rowSearch.indexes, assets: assets,
            feedEntries: try SiteFeeds.Entries(pages: pages, config: config), markdown: markdown, downloads: results.downloads)
    }

    /// render Markdown: the texts the build shows before any page is rendered, the feeds'
    /// entries and the 404 page's; each page's own is made as the page is rendered
    /// (`PageTexts.text(of:)`).
    static func renderMarkdown(_ pages: [Page], with markdown: MarkdownTexts, feedEntries: [Page], options: BuildOptions) throws
        -> PageTexts
    {
        try markdown.texts(of: pages, feedEntries: feedEntries, workers: options.jobs)
    }

    /// chart images: the PNG of each chart published as a picture too (`chart_images:`), as
    /// the pages that show them were rendered (`ParallelRender.chartPNGs`).
    static func chartImages(_ pngs: [ChartPNG], options: BuildOptions, into summary: inout BuildSummary) throws -> [OutputFile] {
        let (files, rendered) = try ChartPNGFiles(siteFolder: options.siteFolder).files(pngs, workers: options.jobs)
        if !files.isEmpty {
            summary.details.append("charts: \(files.count) as PNG (\(rendered) rendered, \(files.count - rendered) from the cache)")
        }
        return files
    }

    /// feeds and data outputs: the Atom and JSON feeds (with a `base_url`) and the report as
    /// JSON (`data_outputs: true`).
    static func feedsAndData(_ derived: Derived, data: SiteData, texts: PageTexts, _ context: BuildContext) -> (
        SiteFeeds, [OutputFile]
    ) {
        let (config, now) = (context.config, context.now)
        let feeds = SiteFeeds(
            config: config, routes: derived.routes, people: derived.site.people, views: derived.site.peopleViews,
            entries: derived.feedEntries, now: now, html: texts.feedEntries)
        let dataFiles =
            (config.dataOutputs
                ? DataOutputs.files(
                    people: derived.site.people, scenarios: data.scenarios, config: config, routes: derived.routes, now: now)
                : []) + derived.downloads
        return (feeds, dataFiles)
    }
}
