import Dispatch
import Foundation

/// Renders and writes pages on several threads. Pages are independent of each other: each
/// worker takes the next page, renders it and writes it to the staging folder. The first
/// error stops the others from starting new pages and is thrown.
/// A data page's own template values (`PageExtras`) are made by the worker that renders it.
final class ParallelRender: @unchecked Sendable {
    private let pages: [ContentPage]
    private let renderer: PageRenderer
    private let extras: PageExtras
    private let output: any OutputWriter
    /// What the templates asked for and did not find, for warnings.
    let misses = MissReport()
    private let progress: (@Sendable (BuildProgress) -> Void)?
    private var done = 0
    private let lock = NSLock()
    private var next = 0
    private var failure: Error?

    init(pages: [ContentPage], renderer: PageRenderer, extras: PageExtras, output: any OutputWriter, progress: (@Sendable (BuildProgress) -> Void)? = nil) {
        self.pages = pages
        self.renderer = renderer
        self.extras = extras
        self.output = output
        self.progress = progress
    }

    /// Renders every page with `jobs` workers (default: one per core).
    func run(jobs: Int?) throws {
        let workers = max(1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, pages.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let page = takePage() {
                do {
                    let pageMisses = PageMisses()
                    let html = try renderer.render(page, extra: extras[page.outputPath] ?? [:], misses: pageMisses)
                    misses.add(pageMisses, page: page.outputPath, source: page, origins: renderer.templates.origins)
                    try output.write(html, to: page.outputPath)
                    if let progress {
                        let done = lock.withLock { self.done += 1; return self.done }
                        progress(BuildProgress(stage: .render, done: done, total: pages.count))
                    }
                } catch {
                    lock.withLock { if failure == nil { failure = error } }
                }
            }
        }
        if let failure { throw failure }
    }

    private func takePage() -> ContentPage? {
        lock.withLock {
            guard failure == nil, next < pages.count else { return nil }
            defer { next += 1 }
            return pages[next]
        }
    }
}
