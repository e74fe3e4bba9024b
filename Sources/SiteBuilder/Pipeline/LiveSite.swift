import CivilTime
import Foundation

/// A site kept in memory between the builds of a preview, so that an edit costs what it
/// changes rather than a build:
///
///     changed files → text of Markdown pages only?  rescan Content/, render those pages (+ 404, feeds)
///                   → templates only?               load Templates/, render the pages using what changed
///                   → data: tables or queries/ only? load the tables, run the queries, render the pages
///                                                   whose results changed
///                   → anything else, or a new day:  build (which decodes only the data files that changed,
///                                                   and keeps the pages whose inputs did not)
///     → write the rendered files in place, each by a rename
///
/// The plan of the last good build stays in memory; the fast ways change it only when all
/// they rendered succeeded. A failed update's files are taken into the next one, so that a
/// fix of a template after a broken data file still builds. Pages an update does not render
/// keep the words of the instant the plan was made for, as a build the same day would.
///
/// One update runs at a time (the calls are serialised by a lock).
public final class LiveSite: @unchecked Sendable {
    private let lock = NSLock()
    private var plan: SitePlan?
    /// Files whose update failed, taken into the next one.
    private var pending: Set<String> = []
    /// The source documents as decoded: a build after a data file changed decodes that file alone.
    let decodedDocuments = DecodedDocuments()

    public init() {}

    /// Brings the output folder of `options` up to date after `changed` (absolute paths; empty
    /// for the first build). Between calls `options` may differ only in `now` and `offline`.
    public func update(_ options: BuildOptions, changed: [String]) throws -> BuildSummary {
        try lock.withLock {
            let changed = pending.union(changed)
            pending = changed
            let summary = try updateInPlace(options, changed: changed) ?? build(options)
            pending = []
            return summary
        }
    }

    private func build(_ options: BuildOptions) throws -> BuildSummary {
        plan = nil
        var options = options
        options.keepsEveryView = true
        let (summary, plan) = try Site.build(options, keepingPlan: true, decoded: decodedDocuments)
        self.plan = plan
        return summary
    }

    /// The fast ways; nil when the change needs a build.
    private func updateInPlace(_ options: BuildOptions, changed: Set<String>) throws -> BuildSummary? {
        guard var plan, !changed.isEmpty, CalendarDate(options.now, in: plan.config.timeZone) == plan.today else { return nil }
        let site = options.siteFolder.standardizedFileURL.path
        let lock = try SiteLock(
            siteFolder: options.siteFolder, outputFolder: plan.summary.outputFolder, wait: options.lockWait, preview: options.isPreview,
            waiting: options.waiting)
        defer { withExtendedLifetime(lock) {} }
        let context = BuildContext(options: options, config: plan.config, outputFolder: plan.context.outputFolder)
        let update: LiveUpdate
        let change: String
        if changed.allSatisfy({ $0.hasPrefix(site + "/Content/") && $0.hasSuffix(".md") }) {
            // The build's own stages: scan content, then (in the plan) render Markdown.
            var scanned = plan.summary
            let scan = try SitePlan.scanContent(context, into: &scanned)
            guard let edits = plan.textEdits(in: scan) else { return nil }
            update = try plan.takeTextEdits(edits)
            change = "the text of \(edits.count) Markdown page\(edits.count == 1 ? "" : "s")"
        } else if changed.allSatisfy({ $0.hasPrefix(site + "/Templates/") && !$0.hasPrefix(site + "/" + LanguagePack.siteFolder + "/") }) {
            let templates = try SitePlan.loadTemplates(context)
            guard let taken = try plan.takeTemplates(templates) else { return nil }
            update = taken
            change = "templates"
        } else if case (let files, let queries) = plan.tableFiles(siteFolder: options.siteFolder),
            changed.allSatisfy({ files.contains(URL(fileURLWithPath: $0).standardizedFileURL.path) || $0.hasPrefix(queries) })
        {
            // The build's own stages: read, tables, queries, then render the pages whose
            // results changed.
            let loader = SiteDataLoader(config: plan.config, options: options, decoded: decodedDocuments)
            guard let taken = try plan.takeTables(try loader.read(checkingFiles: false), loader: loader) else { return nil }
            update = taken
            change =
                "the data of \(changed.count) file\(changed.count == 1 ? "" : "s"), "
                + "\(taken.pages) page\(taken.pages == 1 ? "" : "s") with other results"
        } else {
            return nil
        }
        let written = try Self.replace(update.files, in: plan.summary.outputFolder)
        for path in update.removed { unlink(plan.summary.outputFolder.appendingPathComponent(path).path) }
        self.plan = plan
        var summary = plan.summary
        summary.warnings = update.warnings
        summary.update = BuildSummary.Update(change: change, pagesRendered: update.pages)
        summary.filesWritten = written
        summary.filesKept = update.files.count - written
        return summary
    }

    /// Writes each of `files` whose bytes differ from the file at its path in `folder`, to a
    /// new file renamed over it: a request served meanwhile reads the old page or the new
    /// one, never half of one, and a hard link to the old file is left as it is. Returns how
    /// many were written. A preview's folder is not published, so a failure part way leaves
    /// the files before it rewritten; the error says which file failed.
    private static func replace(_ files: [OutputFile], in folder: URL) throws -> Int {
        var written = 0
        for file in files {
            let path = folder.appendingPathComponent(file.path).path
            if file.bytes.withUnsafeBytes({ FileBytes.stamp(ifHolding: $0, atPath: path) }) != nil { continue }
            let url = URL(fileURLWithPath: path)
            let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).ttsite-new").path
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                _ = try file.bytes.withUnsafeBytes { try FileBytes.write($0, to: temporary) }
                guard rename(temporary, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            } catch {
                unlink(temporary)
                throw BuildError(.output, "cannot update the preview's file: \(fileErrorText(error))", in: path)
            }
            written += 1
        }
        return written
    }
}
