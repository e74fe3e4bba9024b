import CivilTime
import Foundation
import Markdown
import ReportData
import TemplateEngine

/// Everything a build knows before it writes a byte: the config, the data, the content, the
/// templates and the pages they make. `ttsite build` writes a plan into a staging folder and
/// publishes it; `ttsite check` writes it into memory and checks its links.
struct SitePlan {
    let options: BuildOptions
    let config: SiteConfig
    var summary: BuildSummary
    /// `Content/` as scanned; a preview compares a new scan with it (`SitePlan+Live`).
    var content: ContentScanner.Result
    private let assets: AssetManifest
    var pages: [ContentPage]
    let extras: PageExtras
    private let searchIndexes: [SearchIndex]
    var renderer: PageRenderer
    /// The Atom and JSON feeds (sites with a `base_url`).
    var feeds: SiteFeeds
    /// What the feeds are made of besides the pages: the people and their views per language.
    let feedPeople: (people: [PersonFacts], views: [String: PeopleViews])
    /// The report as JSON (`data_outputs: true`).
    private let dataFiles: [OutputFile]
    /// The processed pictures (`images: local`).
    private let pictures: SitePictures
    /// How pages, templates and the config use the pictures of `Content/`.
    private(set) var pictureUses: ContentPictureUses
    /// The pictures of `Content/` published only as their processed files.
    private let onlyProcessed: Set<String>
    let routes: Routes
    private let sourceCounts: [SourceCount]
    /// The day of `--now` on the wall clock of the site's time zone: what ages, next
    /// birthdays and the calendar count from.
    let today: CalendarDate
    private var ledger: PublishLedger
    /// What each page was rendered from, by output path, once written (for the build record).
    private var pageDigests: [String: BuildDigest] = [:]
    /// How many pages `write` kept from the last build without rendering them.
    private(set) var keptPages: Int?
    /// The links and images of Content pages that lead nowhere, once written.
    private(set) var linkProblems: [MissReport.LinkProblem] = []

    /// Reads and decodes the sources, scans `Content/`, loads the templates and lays out the
    /// pages — every stage of a build but writing.
    /// `sources` are the sources already read by `loader`; nil reads them here. They are let
    /// go once decoded (a people file of 100,000 records is 60 MB).
    init(options: BuildOptions, config: SiteConfig, outputFolder: URL, loader: SiteDataLoader? = nil, sources: consuming SourceReadings? = nil) throws {
        self.options = options
        self.config = config
        today = CalendarDate(options.now, in: config.timeZone)
        var summary = BuildSummary(outputFolder: outputFolder)
        let progress = options.progress

        progress?(BuildProgress(stage: .data))
        let loader = loader ?? SiteDataLoader(config: config, options: options)
        let data = try loader.decode(try (consume sources) ?? loader.read())
        summary.people = data.people.count
        summary.scenarios = data.scenarios.count
        summary.events = data.eventCount
        summary.skippedRecords = data.skippedRecords
        summary.warnings += data.warnings
        summary.details += data.sourceLines
        sourceCounts = data.sourceCounts
        ledger = try PublishLedger.load(siteFolder: options.siteFolder, ignoringDamage: options.allowShrink)
        if !options.allowShrink {
            try ShrinkGuard(settings: config.shrinkGuard)
                .checkSources(data.sourceCounts, publishedBefore: ledger.outputs[outputFolder.path])
        }

        progress?(BuildProgress(stage: .content))
        content = try ContentScanner(
            contentFolder: options.siteFolder.appendingPathComponent("Content"),
            siteFolder: options.siteFolder,
            languages: config.languages,
            includeDrafts: options.includeDrafts
        ).scan()
        summary.details.append("content: \(content.pages.count) Markdown pages, \(content.staticFiles.count) static files")
        if let image = config.shareImage, !content.staticFiles.contains(where: { $0.path == image }) {
            throw BuildError(.configuration, "`share_image` names Content/\(image), which is not a file of Content/", in: "ttsite.yml")
        }

        progress?(BuildProgress(stage: .pictures))
        var pictureUses = Self.pictureUses(content, config: config)
        if config.images.mode == .local {
            pictures = SitePictures(data: data, contentImages: pictureUses.toProcess, config: config, reader: loader.reader)
        } else {
            pictures = SitePictures()
        }
        summary.warnings += pictures.warnings
        summary.details += pictures.details

        progress?(BuildProgress(stage: .templates))
        let templates = try TemplateSet(overridesIn: options.siteFolder.appendingPathComponent("Templates"))
        pictureUses.addMentions(in: templates.siteTexts)
        self.pictureUses = pictureUses
        let onlyProcessed = config.images.originals == .stripped ? pictureUses.onlyProcessed(processed: pictures.contentPictures.keys) : []
        self.onlyProcessed = onlyProcessed
        assets = AssetManifest(assets: templates.assets)
        let dataPages = DataPages(content: content.pages, data: data, config: config, now: options.now, today: today,
                                  pictures: PictureViews(mode: config.images.mode, pictures: pictures.pictures), keepingEveryView: options.keepsEveryView)
        pages = dataPages.pages
        try Self.refuseCollisions(pages)
        extras = dataPages.extras
        searchIndexes = dataPages.searchIndexes
        routes = dataPages.routes
        var renderer = PageRenderer(config: config, templates: templates, assets: assets, pages: pages, routes: routes, siteData: data.templateData)
        renderer.contentPictures = pictures.contentPictures
        renderer.contentPictureProblems = pictures.contentProblems
        if !config.people.isEmpty || !config.scenarios.isEmpty {
            renderer.reportBlocks = ReportBlocks(
                people: dataPages.people, scenarios: data.scenarios, eventCount: data.eventCount,
                views: dataPages.peopleViews, scenarioViews: dataPages.scenarioViews,
                replaySeconds: config.replaySeconds, today: today, routes: routes
            )
        }
        feedPeople = (dataPages.people, dataPages.peopleViews)
        dataFiles = config.dataOutputs
            ? DataOutputs.files(people: dataPages.people, scenarios: data.scenarios, config: config, routes: routes, now: options.now)
            : []
        // Every file of the output but the feeds, which show the pages' HTML and so come
        // after the links are known: a link to one is taken where a feed may be.
        // (The pages' own files are known to the links by the pages.)
        var outputs = Set(Self.siteFiles(pages: pages, config: config).map(\.path))
        outputs.formUnion(assets.files.map(\.path))
        outputs.formUnion(searchIndexes.map(\.path))
        outputs.formUnion(pictures.files.keys)
        outputs.formUnion(dataFiles.map(\.path))
        if config.baseURL != nil {
            for language in config.languages {
                outputs.formUnion([routes.pagesFeed(.atom, language: language), routes.pagesFeed(.json, language: language),
                                   routes.birthdayFeed(.atom, language: language), routes.birthdayFeed(.json, language: language)])
            }
        }
        // The pictures published only as processed files are among the files: an image of one
        // leads to it (and is shown processed); nothing links one, or it would be published.
        renderer.links = ContentLinks(files: content.staticFiles.map(\.path), pages: pages, outputs: outputs, sitePath: config.sitePath, baseURL: config.baseURL)
        feeds = try SiteFeeds(config: config, routes: routes, people: dataPages.people, views: dataPages.peopleViews,
                              pages: pages, now: options.now, contentHTML: renderer.contentHTML(of:idPrefix:))
        renderer.feedLinks = feeds.links
        self.renderer = renderer
        summary.warnings += try UnreadKeys.warnings(pages: pages, templates: templates, templateName: renderer.templateName)
        self.summary = summary
    }

    /// The HTML pages, each at its own URL (the 404 page is a `SiteFile`).
    var published: [ContentPage] { pages.filter { $0.origin != .notFound } }

    /// The files that are not pages: the 404 page, the sitemap (with a `base_url`),
    /// robots.txt and the birthday calendar (with people sources).
    var siteFiles: [SiteFile] { Self.siteFiles(pages: pages, config: config) }

    static func siteFiles(pages: [ContentPage], config: SiteConfig) -> [SiteFile] {
        let notFound = pages.first { $0.origin == .notFound && $0.language == config.defaultLanguage }
        var files: [SiteFile] = [.notFound(notFound)]
        if config.baseURL != nil { files.append(.sitemap) }
        files.append(.robots)
        if !config.people.isEmpty { files.append(.calendar) }
        return files
    }

    /// What `write` needs to keep the pages of the last build whose inputs did not change,
    /// and to note each page's inputs for the next build.
    func pageReuse(previous: BuildRecord?) -> PageReuse {
        PageReuse(previous: previous?.files, templates: renderer.templates.closureDigests(), labels: renderer.labels)
    }

    /// Renders every page and writes it, with the static files, the assets and the site
    /// files; with `reuse`, a page whose inputs are those it was last published with is kept.
    mutating func write(to output: some OutputWriter, reuse: PageReuse? = nil) throws {
        // The calendar, the sitemap and robots.txt need no page: written first, the calendar
        // of 100,000 people is not made on top of all that rendering leaves.
        for file in siteFiles where file.path != Routes.notFound {
            try write(file, misses: MissReport(), to: output)
        }
        // The pages as the plan holds them: a copy of 200,000 of them is 50 MB.
        let render = ParallelRender(pages: pages, renderer: renderer, extras: extras, output: output, reuse: reuse, progress: options.progress)
        try render.run(jobs: options.jobs)
        pageDigests = render.pageDigests
        linkProblems = render.misses.linkProblems
        let published = pages.reduce(0) { $0 + ($1.origin == .notFound ? 0 : 1) }
        summary.pages = published
        if reuse?.previous != nil { keptPages = published - render.renderedPages }
        options.progress?(BuildProgress(stage: .files))
        for file in siteFiles where file.path == Routes.notFound {
            try write(file, misses: render.misses, to: output)
        }
        if config.baseURL == nil { summary.details.append("sitemap: not written, the site has no base_url") }
        summary.warnings += render.misses.warnings
        summary.details += MissReport.linkWarnings(linkProblems).details
        try writeStaticFiles(to: output)
        for asset in assets.files {
            try output.write(asset.bytes, to: asset.path)
        }
        for index in searchIndexes {
            try output.write(index.bytes, to: index.path)
        }
        // 30,000 links for 10,000 portraits: on every core, like the pages.
        let failures = pictures.files.map { ($0.key, $0.value) }.parallelMap { path, file in
            Result { try output.link(file.source, bytes: file.bytes, to: path) }
        }
        for case .failure(let error) in failures { throw error }
        for file in feeds.files + dataFiles {
            try output.write(file.bytes, to: file.path)
        }
        try StrictMode(options).check(summary.warnings, as: .content)
    }

    /// The files of `Content/` that are not pages: pictures without their metadata (those
    /// that pages only show, not at all), everything else as it is; or every file as it is
    /// with `images.originals: as_is`.
    private mutating func writeStaticFiles(to output: some OutputWriter) throws {
        let folder = options.siteFolder.appendingPathComponent("Content")
        var originals = OriginalFiles()
        for file in content.staticFiles where !onlyProcessed.contains(file.path) {
            let source = folder.appendingPathComponent(file.path)
            if config.images.originals == .asIs {
                try output.copy(source, to: file.path)
            } else {
                do {
                    try output.copy(source, to: file.path) { bytes in try originals.published(bytes) }
                } catch let withheld as OriginalFiles.Withheld {
                    summary.warnings.append("Content/\(file.path): \(withheld.reason); it is not published")
                    continue
                }
            }
            summary.staticFiles += 1
        }
        if config.images.originals == .stripped, originals.cleaned > 0 || !onlyProcessed.isEmpty {
            summary.details.append(originals.details(withheld: onlyProcessed.count))
        }
    }

    /// How the pages of `content` and the config use the pictures of `Content/` (the
    /// templates' mentions are added once they are read).
    static func pictureUses(_ content: ContentScanner.Result, config: SiteConfig) -> ContentPictureUses {
        let files = content.staticFiles.map(\.path)
        let links = ContentLinks(files: files, pages: content.pages, sitePath: config.sitePath)
        var uses = ContentPictureUses(pages: content.pages, files: files, links: links, markdown: MarkdownRenderer())
        if let image = config.shareImage { uses.addNeeded(image) }
        return uses
    }

    func write(_ file: SiteFile, misses: MissReport, to output: some OutputWriter) throws {
        switch file {
        case .notFound(let page):
            let pageMisses = PageMisses()
            try output.write(renderer.renderNotFound(page, misses: pageMisses), to: file.path)
            if let page { misses.add(pageMisses, page: file.path, source: page, origins: renderer.templates.origins) }
        case .sitemap:
            guard let baseURL = config.baseURL else { return }
            try output.write(Sitemap.xml(baseURL: baseURL, urlPaths: pages.lazy.filter { $0.origin != .notFound }.map(\.urlPath)), to: file.path)
        case .robots:
            try output.write(Sitemap.robots(baseURL: config.baseURL), to: file.path)
        case .calendar:
            // The people as the pages hold them: the decoded records are let go after the plan.
            guard let calendar = BirthdayCalendar(people: feedPeople.people.map(\.person), config: config, routes: routes, now: options.now, today: today) else { return }
            try output.write(calendar.bytes, to: file.path)
        }
    }

    /// Every page's template and the value it is rendered with, the 404 page's included:
    /// what `write` renders, for checks of the templates themselves.
    func renderInputs() throws -> (templates: TemplateSet, pages: [(path: String, template: String, value: TemplateValue)]) {
        var inputs: [(path: String, template: String, value: TemplateValue)] = []
        for page in published {
            let (template, value) = try renderer.templateAndContext(for: page, extra: extras[page] ?? [:])
            inputs.append((page.outputPath, template, value))
        }
        for case .notFound(let page) in siteFiles {
            let notFound = renderer.notFoundContext(page)
            inputs.append((Routes.notFound, notFound.0, notFound.1))
        }
        return (renderer.templates, inputs)
    }

    /// The page guard: refuses a build that would remove more than `guard.max_deletes` of the
    /// pages published in `folder`; `willPublish` tells whether a path is in the new build.
    func checkRemovedPages(publishedIn folder: URL, willPublish: (String) -> Bool) throws {
        guard !options.allowShrink else { return }
        let published = PublishedPages.paths(in: folder)
        let removed = published.reduce(0) { $0 + (willPublish($1) ? 0 : 1) }
        try ShrinkGuard(settings: config.shrinkGuard).checkPages(removed: removed, published: published.count, output: folder)
    }

    /// Notes what was just published in `folder`, for the next build's shrink guard. Returns
    /// a warning when the note cannot be written (the next build then compares with an older
    /// one).
    mutating func recordPublished(in folder: URL) -> String? {
        ledger.outputs[folder.path] = PublishLedger.Entry(records: Dictionary(sourceCounts.map { ($0.key, $0.records) }) { $0 + $1 })
        do {
            try ledger.save(siteFolder: options.siteFolder)
            return nil
        } catch {
            return "\(Site.displayName(PublishLedger.url(siteFolder: options.siteFolder), in: options.siteFolder)): cannot record the published build for the shrink guard: \(fileErrorText(error))"
        }
    }

    /// Notes what this build read and published in `folder`, for the next build of it: a
    /// build whose inputs are the same does nothing, and one whose inputs changed renders only
    /// the pages whose own inputs did. Returns a warning when the note cannot be written (it
    /// is removed then, and the next build is a full one).
    func recordBuild(inputs: BuildDigest, files: [(path: String, stamp: FileStamp?)], in folder: URL) -> String? {
        let base = folder.standardizedFileURL.path + "/"
        do {
            // A file without a stamp (the system would not say): no record, and the next build is a full one.
            _ = try BuildRecord.save(
                inputs: inputs, picturesDue: pictures.due, summary: BuildRecord.Summary(summary), count: files.count, path: { files[$0].path },
                file: { index in
                    // The stamp the write saw; the swap moves files without changing them.
                    (files[index].stamp ?? FileBytes.stamp(base + files[index].path)).map {
                        BuildRecord.File(page: pageDigests[files[index].path], stamp: $0.publishedStamp)
                    }
                },
                siteFolder: options.siteFolder, outputFolder: folder
            )
            return nil
        } catch {
            BuildRecord.remove(siteFolder: options.siteFolder, outputFolder: folder)
            return "\(Site.displayName(BuildRecord.url(siteFolder: options.siteFolder, outputFolder: folder), in: options.siteFolder)): cannot record the build for the next one, which will render every page: \(fileErrorText(error))"
        }
    }

    /// A page of `Content/` whose URL is also the URL of a page made from data (a person, a
    /// timeline): one would silently overwrite the other. The pages of `Content/` are looked
    /// up, not the pages made from data: a dictionary of 200,000 of those was 170 MB at the
    /// build's busiest moment.
    private static func refuseCollisions(_ pages: [ContentPage]) throws {
        let written = Set(pages.lazy.filter { $0.origin == .content }.map(\.outputPath))
        guard !written.isEmpty else { return }
        var generated: [String: ContentPage] = [:]
        for page in pages where page.origin != .content && written.contains(page.outputPath) { generated[page.outputPath] = page }
        for page in pages where page.origin == .content {
            if let other = generated[page.outputPath] {
                throw BuildError(.content, "its page \(page.outputPath) is also the page made from data for \(other.translationKey); move the page or give it another `slug`", in: "Content/" + page.sourcePath)
            }
        }
    }

    /// The file of the site a page comes from, for messages: `Content/about.md`, or the
    /// output path of a page made from data.
    func source(ofOutput path: String) -> String {
        guard let page = pages.first(where: { $0.outputPath == path }) else { return path }
        return page.hasSourceFile ? "Content/" + page.sourcePath : path
    }
}
