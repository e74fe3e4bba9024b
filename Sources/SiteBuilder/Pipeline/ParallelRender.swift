import Dispatch
import Foundation
import TemplateEngine

/// Renders and writes pages on several threads. Pages are independent of each other: each
/// worker takes the next page, renders its text and then the page, and writes it to the
/// staging folder. The 404 page among them is left to the site files (it is served at any
/// depth). An error stops the workers from starting new pages; the error of the first page,
/// in the pages' order, that failed is thrown (every page before it was taken before it, so
/// it is the same error whatever the threads did). A data page's own template values
/// (`PageExtras`) are made by the worker that renders it.
///
/// With the record of the last published build (`reuse`), a page whose template and value
/// have the digest they had then is not rendered: its published file is kept as it is.
final class ParallelRender: @unchecked Sendable {
    private let pages: [Page]
    private let renderer: PageRenderer
    private let extras: PageExtras
    private let output: any OutputWriter
    private let reuse: PageReuse?
    /// What the templates asked for and did not find, for warnings.
    let misses = MissReport()
    /// The links the pages wrote, to check once every file is written.
    let links = WrittenLinks()
    private let progress: (@Sendable (BuildProgress) -> Void)?
    private var done = 0
    /// The pages to render: all but the 404 page.
    private let total: Int
    private let lock = NSLock()
    private var next = 0
    /// The first page, in the pages' order, that failed, and its error.
    private var failure: (index: Int, error: any Error)?
    /// The charts published as PNG too, with the URL path of the page that shows them.
    private var charts: [(urlPath: String, pngs: [ChartPNG])] = []
    private var digests: [String: BuildDigest] = [:]
    private var rendered = 0

    init(
        pages: [Page], renderer: PageRenderer, extras: PageExtras, output: any OutputWriter,
        reuse: PageReuse? = nil, progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) {
        self.pages = pages
        total = pages.reduce(0) { $0 + ($1.kind == .notFound ? 0 : 1) }
        digests.reserveCapacity(reuse == nil ? 0 : total)
        self.renderer = renderer
        self.extras = extras
        self.output = output
        self.reuse = reuse
        self.progress = progress
    }

    /// What each page was rendered from, by output path; a page whose templates missed a
    /// name has none, so that it is rendered again (and warns again) next time.
    var pageDigests: [String: BuildDigest] { lock.withLock { digests } }
    /// How many pages were rendered; the others were kept from the published output.
    var renderedPages: Int { lock.withLock { rendered } }
    /// The charts the pages' texts publish as PNG too (`chart_images:`): by page, in the
    /// order of the pages' URL paths, then in each page's order.
    var chartPNGs: [ChartPNG] {
        lock.withLock { charts }.sorted { $0.urlPath < $1.urlPath }.flatMap(\.pngs)
    }
    /// The files of those charts, by the URL path of the page that shows them.
    var chartPaths: [String: [String]] {
        Dictionary(lock.withLock { charts }.map { ($0.urlPath, $0.pngs.map(\.path)) }) { first, _ in first }
    }

    /// Renders every page with `jobs` workers (default: one per core).
    func run(jobs: Int?) throws {
        let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, total))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let (index, page) = takePage() {
                do {
                    try renderOrKeep(page)
                    if let progress {
                        let done = lock.withLock {
                            self.done += 1
                            return self.done
                        }
                        progress(BuildProgress(stage: .render, done: done, total: total))
                    }
                } catch {
                    lock.withLock { if failure.map({ index < $0.index }) ?? true { failure = (index, error) } }
                }
            }
        }
        if let failure { throw failure.error }
    }

    private func renderOrKeep(_ page: Page) throws {
        // Made once: the writer's list and the digests share it.
        let path = page.outputPath
        let extra = extras.valuesAndDigests(page)
        let input = try renderer.templateAndContext(for: page, extra: extra?.values ?? [:])
        let textMisses = input.textMisses
        if !input.chartPNGs.isEmpty { lock.withLock { charts.append((page.urlPath, input.chartPNGs)) } }
        let digest = reuse?.digest(template: input.template, context: input.value, digested: extra?.digests ?? [:])
        links.add(textMisses?.written ?? [], page: path)
        if let digest, try reuse!.keep(path, digest: digest, in: output) {
            misses.add(template: nil, text: textMisses, page: path, source: page, origins: renderer.templates.origins)
            lock.withLock { digests[path] = digest }
            return
        }
        let templateMisses = MissRecorder(strictRoots: MissReport.strictRoots)
        let html = renderer.render(input, misses: templateMisses)
        links.add(templateMisses.links, page: path)
        misses.add(template: templateMisses, text: textMisses, page: path, source: page, origins: renderer.templates.origins)
        try output.write(html, to: path)
        lock.withLock {
            rendered += 1
            if let digest, templateMisses.misses.isEmpty { digests[path] = digest }
        }
    }

    /// The next page to render and its place among the pages; nil once a page failed.
    private func takePage() -> (Int, Page)? {
        lock.withLock {
            while next < pages.count, pages[next].kind == .notFound { next += 1 }
            guard failure == nil, next < pages.count else { return nil }
            defer { next += 1 }
            return (next, pages[next])
        }
    }
}

/// What a build knows of the pages the last one published: the digest of what each was
/// rendered from, and its file's stamp. A page is kept when both still hold.
struct PageReuse: Sendable {
    /// The last build's files; nil for the first build (digests are still made, for the next).
    let previous: [String: BuildRecord.File]?
    /// Each template's digest with everything it includes (`TemplateSet.closureDigests`).
    let templates: [String: BuildDigest]
    /// The values most pages of a language hold alike (`PageRenderer.sharedValues`: the
    /// site, its words, menu, feeds …), by language and key, each with what a page's digest
    /// takes in its place: its own digest, made once rather than once per page.
    let shared: [String: [String: (value: TemplateValue, digest: TemplateValue)]]

    init(previous: [String: BuildRecord.File]?, templates: [String: BuildDigest], shared: [String: [String: TemplateValue]]) {
        self.previous = previous
        self.templates = templates
        self.shared = shared.mapValues { values in
            Dictionary(
                uniqueKeysWithValues: values.map { key, value in
                    (key, (value, TemplateValue.string("shared \(key) " + BuildDigest { $0.add(value) }.hex)))
                })
        }
    }

    /// The digest of a page rendered with `template` and `context`; the values at the keys
    /// of `digested` count by those digests, made with them.
    func digest(template: String, context: TemplateValue, digested: [String: BuildDigest] = [:]) -> BuildDigest {
        BuildDigest { hasher in
            hasher.add(template)
            hasher.add(templates[template] ?? BuildDigest(hex: ""))
            guard case .map(var values) = context else { return hasher.add(context) }
            // A value most pages share is mostly the same storage, so `==` is one look.
            if case .string(let language)? = values["lang"], let shared = shared[language] {
                for (key, value) in shared where values[key] == value.value {
                    values[key] = value.digest
                }
            }
            for (key, digest) in digested where values[key] != nil {
                values[key] = .string("digest " + digest.hex)
            }
            hasher.add(TemplateValue.map(values))
        }
    }

    /// Keeps the published file of the page at `path` when the page's digest is the one it was
    /// published with; false when it must be rendered.
    func keep(_ path: String, digest: BuildDigest, in output: any OutputWriter) throws -> Bool {
        guard let file = previous?[path], file.page == digest else { return false }
        return try output.keep(path, publishedAs: file.stamp)
    }
}
