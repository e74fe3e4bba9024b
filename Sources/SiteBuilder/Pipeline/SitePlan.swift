import CivilTime
import Foundation
import Markdown
import ReportData
import TemplateEngine

/// Everything a build knows before it writes a byte: the config, the data, the content, the
/// templates, the pages they make and the HTML of their Markdown. One value, made by the
/// stages of `SitePlan+Stages.swift` in the order `make` lists them, and complete once made:
/// nothing in it is filled in later. `ttsite build` writes a plan into a staging folder and
/// publishes it; `ttsite check` writes it into memory and checks its links.
struct SitePlan {
    let context: BuildContext
    var summary: BuildSummary
    /// `Content/` as scanned; a preview compares a new scan with it (`SitePlan+Live`).
    var content: ContentScanner.Result
    var pages: [Page]
    /// What the pages made from data and rows show besides their template's view.
    let extras: PageExtras
    let routes: Routes
    /// Turns the Markdown of pages into HTML; a preview renders edited pages' text with it.
    var markdown: MarkdownTexts
    var renderer: PageRenderer
    var files: Files
    var pictures: Pictures
    /// What the shrink guard compares this build with, and records of it once published.
    var shrink: Shrink
    /// What `write` did, once it did.
    private(set) var written = Written()

    /// The files of a build besides its pages and the files of `Content/`.
    struct Files {
        let assets: AssetManifest
        let searchIndexes: [SearchIndex]
        /// The pages the pages feeds show.
        let feedEntries: SiteFeeds.Entries
        /// The Atom and JSON feeds (sites with a `base_url`).
        var feeds: SiteFeeds
        /// What the feeds are made of besides the pages: the people and their views per language.
        let feedPeople: (people: [PersonFacts], views: [String: PeopleViews])
        /// The report as JSON (`data_outputs: true`), and the results tables offer to download.
        var dataFiles: [OutputFile]
    }

    /// The pictures of a build, and how it shows them.
    struct Pictures {
        /// The processed pictures (`images: local`).
        let site: SitePictures
        /// How pages, templates and the config use the pictures of `Content/`.
        var uses: ContentPictureUses
        /// The pictures of `Content/` published only as their processed files.
        let onlyProcessed: Set<String>
    }

    /// The shrink guard's side of a build: how many records each source gave, and the ledger
    /// of what earlier builds published.
    struct Shrink {
        let sourceCounts: [SourceCount]
        var ledger: PublishLedger
    }

    /// What `write` leaves for the build record and the report.
    struct Written {
        /// What each page was rendered from, by output path (for the build record).
        var pageDigests: [String: BuildDigest] = [:]
        /// How many pages were kept from the last build without rendering them.
        var keptPages: Int?
        /// The links and images of Content pages that lead nowhere.
        var linkProblems: [MissReport.LinkProblem] = []
        /// The charts' PNG files, by the URL path of the page that shows them (a preview's
        /// update writes those its pages now show and removes those none shows).
        var chartPaths: [String: [String]] = [:]
    }

    init(
        context: BuildContext, summary: BuildSummary, content: ContentScanner.Result, pages: [Page], extras: PageExtras,
        routes: Routes, markdown: MarkdownTexts, renderer: PageRenderer, files: Files, pictures: Pictures, shrink: Shrink
    ) {
        self.context = context
        self.summary = summary
        self.content = content
        self.pages = pages
        self.extras = extras
        self.routes = routes
        self.markdown = markdown
        self.renderer = renderer
        self.files = files
        self.pictures = pictures
        self.shrink = shrink
    }

    /// The plan of a site whose sources are not read yet: reads them and the shrink guard's
    /// ledger, then makes the plan (`check`, `renderInputs`).
    init(options: BuildOptions, config: SiteConfig, outputFolder: URL) throws {
        options.progress?(BuildProgress(stage: .data))
        let loader = SiteDataLoader(config: config, options: options)
        let sources = try loader.read()
        let ledger = try PublishLedger.load(siteFolder: options.siteFolder, ignoringDamage: options.allowShrink)
        self = try Self.make(
            BuildContext(options: options, config: config, outputFolder: outputFolder), loader: loader, sources: sources, ledger: ledger)
    }

    var options: BuildOptions { context.options }
    var config: SiteConfig { context.config }
    var today: CalendarDate { context.today }

    /// The HTML pages, each at its own URL (the 404 page is a `SiteFile`).
    var published: [Page] { pages.filter { $0.kind != .notFound } }

    /// The files that are not pages: the 404 page, the sitemap (with a `base_url`),
    /// robots.txt and the birthday calendar (with people sources).
    var siteFiles: [SiteFile] { Self.siteFiles(pages: pages, config: config) }

    static func siteFiles(pages: [Page], config: SiteConfig) -> [SiteFile] {
        let notFound = pages.first { $0.kind == .notFound && $0.language == config.defaultLanguage }
        var files: [SiteFile] = [.notFound(notFound)]
        if config.baseURL != nil { files.append(.sitemap) }
        files.append(.robots)
        if !config.people.isEmpty { files.append(.calendar) }
        return files
    }

    /// Takes the charts' PNG files of pages rendered again (`rendered`, by URL path, each
    /// page's whole list; `pages` the URL paths of those rendered); returns the files no page
    /// shows any more.
    mutating func takeChartPaths(_ rendered: [String: [String]], pages: [String]) -> [String] {
        let before = Set(written.chartPaths.values.joined())
        for path in pages { written.chartPaths[path] = rendered[path] }
        return before.subtracting(written.chartPaths.values.joined()).sorted()
    }

    /// What `write` needs to keep the pages of the last build whose inputs did not change,
    /// and to note each page's inputs for the next build.
    func pageReuse(previous: BuildRecord?) -> PageReuse {
        PageReuse(previous: previous?.files, templates: renderer.templates.closureDigests(), shared: renderer.sharedValues)
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
        let render = ParallelRender(
            pages: pages, renderer: renderer, extras: extras, output: output, reuse: reuse, progress: options.progress)
        try render.run(jobs: options.jobs)
        written.pageDigests = render.pageDigests
        written.linkProblems = render.misses.linkProblems
        written.chartPaths = render.chartPaths
        let publishedPages = pages.reduce(0) { $0 + ($1.kind == .notFound ? 0 : 1) }
        summary.pages = publishedPages
        if reuse?.previous != nil { written.keptPages = publishedPages - render.renderedPages }
        options.progress?(BuildProgress(stage: .files))
        for file in siteFiles where file.path == Routes.notFound {
            try write(file, misses: render.misses, to: output)
        }
        if config.baseURL == nil { summary.details.append("sitemap: not written, the site has no base_url") }
        summary.warnings += render.misses.warnings
        summary.details += MissReport.linkWarnings(written.linkProblems).details
        try writeStaticFiles(to: output)
        for asset in files.assets.files {
            try output.write(asset.bytes, to: asset.path)
        }
        for index in files.searchIndexes {
            try output.write(index.bytes, to: index.path)
        }
        // 30,000 links for 10,000 portraits: on every core, like the pages.
        let failures = pictures.site.files.map { ($0.key, $0.value) }.parallelMap { path, file in
            Result { try output.link(file.source, bytes: file.bytes, to: path) }
        }
        for case .failure(let error) in failures { throw error }
        let charts = try Self.chartImages(render.chartPNGs, options: options, into: &summary)
        for file in files.feeds.files + files.dataFiles + charts {
            try output.write(file.bytes, to: file.path)
        }
        let broken = render.links.broken(in: output.writtenPaths)
        if !broken.isEmpty { throw WrittenLinks.failure(broken) }
        try StrictMode(options).check(summary.warnings, as: .content)
    }

    /// The files of `Content/` that are not pages: pictures without their metadata (those
    /// that pages only show, not at all), everything else as it is; or every file as it is
    /// with `images.originals: as_is`.
    private mutating func writeStaticFiles(to output: some OutputWriter) throws {
        let folder = options.siteFolder.appendingPathComponent("Content")
        var originals = OriginalFiles()
        let onlyProcessed = pictures.onlyProcessed
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
            let templateMisses = MissRecorder()
            try output.write(renderer.renderNotFound(page, misses: templateMisses), to: file.path)
            if let page {
                misses.add(template: templateMisses, text: nil, page: file.path, source: page, origins: renderer.templates.origins)
            }
        case .sitemap:
            guard let baseURL = config.baseURL else { return }
            try output.write(
                Sitemap.xml(baseURL: baseURL, urlPaths: pages.lazy.filter { $0.kind != .notFound }.map(\.urlPath)), to: file.path)
        case .robots:
            try output.write(Sitemap.robots(baseURL: config.baseURL), to: file.path)
        case .calendar:
            // The people as the pages hold them: the decoded records are let go after the plan.
            guard
                let calendar = BirthdayCalendar(
                    people: files.feedPeople.people.map(\.person), config: config, routes: routes, now: options.now, today: today)
            else { return }
            try output.write(calendar.bytes, to: file.path)
        }
    }

    /// Every page's template, the value it is rendered with and the base of its links, the
    /// 404 page's included: what `write` renders, for checks of the templates themselves.
    func renderInputs() throws -> (templates: TemplateSet, pages: [RenderInput]) {
        var inputs: [RenderInput] = []
        for page in published {
            let input = try renderer.templateAndContext(for: page, extra: extras[page] ?? [:])
            inputs.append(RenderInput(path: page.outputPath, template: input.template, value: input.value, linkBase: input.links.base))
        }
        for case .notFound(let page) in siteFiles {
            let input = renderer.notFoundContext(page)
            inputs.append(RenderInput(path: Routes.notFound, template: input.template, value: input.value, linkBase: input.links.base))
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
        shrink.ledger.outputs[folder.path] = PublishLedger.Entry(
            records: Dictionary(shrink.sourceCounts.map { ($0.key, $0.records) }) { $0 + $1 })
        do {
            try shrink.ledger.save(siteFolder: options.siteFolder)
            return nil
        } catch {
            return
                "\(displayPath(PublishLedger.url(siteFolder: options.siteFolder), in: options.siteFolder)): "
                + "cannot record the published build for the shrink guard: \(fileErrorText(error))"
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
                inputs: inputs, picturesDue: pictures.site.due, summary: BuildRecord.Summary(summary), count: files.count,
                path: { files[$0].path },
                file: { index in
                    // The stamp the write saw; the swap moves files without changing them.
                    (files[index].stamp ?? FileBytes.stamp(base + files[index].path)).map {
                        BuildRecord.File(page: written.pageDigests[files[index].path], stamp: $0.publishedStamp)
                    }
                },
                siteFolder: options.siteFolder, outputFolder: folder
            )
            return nil
        } catch {
            BuildRecord.remove(siteFolder: options.siteFolder, outputFolder: folder)
            return
                "\(displayPath(BuildRecord.url(siteFolder: options.siteFolder, outputFolder: folder), in: options.siteFolder)): "
                + "cannot record the build for the next one, which will render every page: \(fileErrorText(error))"
        }
    }

    /// Two pages for one URL: one would silently overwrite the other. A page of `Content/`
    /// (a file, a page made from a row of `[column].md`, a further page of a long table) whose
    /// URL is another's, or a person's or timeline's. The pages of `Content/` are looked up,
    /// not the pages made from data: a dictionary of 200,000 of those was 170 MB at the
    /// build's busiest moment; and the pages of `Content/` are noted by their place in
    /// `pages`, not copied: a dictionary of 10,000 pages was 6 MB at the peak of a Markdown
    /// build.
    static func refuseCollisions(_ pages: [Page]) throws {
        var written: [String: Int] = [:]
        for (index, page) in pages.enumerated() where page.kind.isMarkdownPage {
            if let place = written.updateValue(index, forKey: page.outputPath) {
                let other = pages[place]
                let (first, second) = other.sourcePath <= page.sourcePath ? (other, page) : (page, other)
                throw BuildError(
                    .content,
                    "\(Self.described(first)) and \(Self.described(second)) are both the page \(page.outputPath): "
                        + "rename one, or give it another `slug`",
                    in: "Content/" + second.sourcePath)
            }
        }
        guard !written.isEmpty else { return }
        for page in pages where !page.kind.isMarkdownPage {
            if let place = written[page.outputPath] {
                let own = pages[place]
                throw BuildError(
                    .content,
                    "its page \(own.outputPath) is also the page made from data for \(page.translationKey); "
                        + "move the page or give it another `slug`",
                    in: "Content/" + own.sourcePath)
            }
        }
    }

    /// A page of `Content/` as a message names it: its file, and the row or the table's page
    /// it is (`Content/[name].md (for the row whose `name` is "about")`).
    private static func described(_ page: Page) -> String {
        let file = "Content/" + page.sourcePath
        if let note = page.rowNote { return "\(file) (\(note))" }
        if let note = page.variantNote { return "\(file) (its answer \(note))" }
        if let part = page.tablePage, part > 1 { return "\(file) (page \(part) of its table)" }
        return file
    }

    /// The file of the site a page comes from, for messages: `Content/about.md`, or the
    /// output path of a page made from data.
    func source(ofOutput path: String) -> String {
        guard let page = pages.first(where: { $0.outputPath == path }) else { return path }
        return page.hasSourceFile ? "Content/" + page.sourcePath : path
    }
}
