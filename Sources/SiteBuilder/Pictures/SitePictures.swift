import DataSources
import Foundation
import Markdown
import Pictures
import ReportData

/// The pictures stage of a build with `images: local`: every picture URL of the people and
/// timelines is read once — through the sources' reader, so with its size limit, redirects,
/// retries, revalidation, cache and `--offline` — checked, processed into the files its use
/// needs (or taken from the processed cache) and handed to the views by URL.
///
/// A picture that cannot be used never fails the build: it gives one warning naming the URL
/// and the record, and the person keeps their initials, the timeline its caption. (`--strict`
/// turns the warning into a failure, as every warning.) A host that does not answer at all is
/// asked no more in this build: its other pictures come from the cache or are left out, so
/// a dead host costs one time-out, not one per picture. Past `shownWarnings` failures the
/// rest are counted in one warning and listed in the details (`--verbose`).
struct SitePictures: Sendable {
    /// The processed pictures by source URL and use.
    private(set) var pictures: [PictureUse: [URL: ProcessedPicture]] = [:]
    /// The processed pictures of `Content/` by their path there (`news/field.jpg`).
    private(set) var contentPictures: [String: ProcessedPicture] = [:]
    /// Why a picture of `Content/` a page shows is shown as the file it is, by its path there:
    /// each page that shows it warns on its line. (An animated WebP is shown as it is without
    /// a word: processing would keep its first frame alone.)
    private(set) var contentProblems: [String: String] = [:]
    /// One per picture that could not be used.
    private(set) var warnings: [String] = []
    /// For `--verbose`.
    private(set) var details: [String] = []
    /// The cache files behind the output files (their paths and sizes), by output path.
    private(set) var files: [String: (source: String, bytes: Int)] = [:]
    /// How many pictures come from URLs: a build with any must look at them again once they
    /// are older than `refresh_days`, so it is never skipped whole.
    private(set) var remoteRequests = 0
    /// For the details line: pictures downloaded, processed and not usable.
    private var counts = (fetched: 0, processed: 0, failed: 0)

    /// No pictures (`images: remote` or `none`).
    init() {}

    /// One picture URL and the records that show it.
    struct Request: Sendable {
        var url: URL
        var use: PictureUse
        /// "the picture of Anna Alpha (people.json results[3])", for messages.
        var owners: [String]
    }

    /// - Parameter contentImages: the paths in `Content/` of its pictures (`news/field.jpg`),
    ///   processed like timeline pictures for the Markdown pages that show them.
    init(data: SiteData, contentImages: [String] = [], config: SiteConfig, reader: SourceReader) {
        let requests = Self.requests(data)
        remoteRequests = requests.count
        guard !requests.isEmpty || !contentImages.isEmpty else { return }
        let cache = PictureCache(siteFolder: reader.siteFolder)
        let work = Work(
            reader: reader,
            cacheOnly: SourceReader(siteFolder: reader.siteFolder, fetcher: reader.fetcher, settings: reader.settings,
                                    offline: true, strict: reader.strict, clock: reader.clock),
            freshFor: config.images.refreshDays * 86_400,
            processor: ImageProcessor(maxPixels: config.images.maxPixels),
            cache: cache
        )
        var failures: [String] = []
        let fetched = requests.parallelMap(workers: config.images.parallel) { request in
            Result { () throws(PictureProblem) in try work.picture(request) }
        }
        for (request, result) in zip(requests, fetched) {
            switch result {
            case .success(let outcome):
                pictures[request.use, default: [:]][request.url] = outcome.picture
                add(outcome, cache)
            case .failure(let problem):
                failures.append("\(request.url.absoluteString) (\(request.owners.joined(separator: "; "))): \(problem.reason); \(request.use == .avatar ? "shown with initials" : "shown without it")")
            }
        }
        let contentFolder = reader.siteFolder.appendingPathComponent("Content")
        let read = contentImages.parallelMap { path in
            Result { () throws(PictureProblem) -> Outcome? in try work.contentPicture(contentFolder.appendingPathComponent(path)) }
        }
        for (path, result) in zip(contentImages, read) {
            switch result {
            case .success(let outcome?):
                contentPictures[path] = outcome.picture
                add(outcome, cache)
            case .success(nil):
                continue
            case .failure(let problem):
                contentProblems[path] = problem.reason
                counts.failed += 1
            }
        }
        counts.failed += failures.count
        report(failures, downHosts: work.hosts.down)
        do {
            try cache.save()
        } catch {
            warnings.append("\(Site.displayName(cache.folder, in: reader.siteFolder)): the processed pictures' index could not be saved (\(fileErrorText(error))); the next build processes them again")
        }
        details.append("pictures: \(requests.count + contentImages.count) in use, \(counts.fetched) downloaded, \(counts.processed) processed, \(counts.failed) not usable, \(files.count) files")
    }

    /// Takes in a picture that can be shown.
    private mutating func add(_ outcome: Outcome, _ cache: PictureCache) {
        for file in outcome.picture.files { files[file.path] = (cache.path(of: file), file.bytes) }
        if outcome.fetched { counts.fetched += 1 }
        if outcome.processed { counts.processed += 1 }
        warnings += outcome.warnings
    }

    /// The warnings: each failure up to `shownWarnings`, the rest counted (and listed in the
    /// details), and one per host that did not answer.
    private mutating func report(_ failures: [String], downHosts: [String: String]) {
        warnings += failures.prefix(Self.shownWarnings)
        if failures.count > Self.shownWarnings {
            warnings.append("\(failures.count - Self.shownWarnings) more pictures could not be used (`--verbose` lists them)")
            details += failures.dropFirst(Self.shownWarnings).map { "picture: \($0)" }
        }
        for (host, reason) in downHosts.sorted(by: { $0.key < $1.key }) {
            warnings.append("\(host) did not answer (\(reason)), so its other pictures were not asked for in this build; they come from the cache where it has them")
        }
    }

    /// Why a picture is not shown.
    struct PictureProblem: Error {
        var reason: String
    }

    private struct Outcome: Sendable {
        var picture: ProcessedPicture
        var fetched: Bool
        var processed: Bool
        var warnings: [String]
    }

    /// Failures past this many are summed up in one warning.
    static let shownWarnings = 20

    /// What every worker shares: the readers, the processor, the cache and the hosts that
    /// did not answer.
    private struct Work: Sendable {
        let reader: SourceReader
        /// The same reader with `offline`: for the pictures of a host that did not answer.
        let cacheOnly: SourceReader
        let freshFor: Double
        let processor: ImageProcessor
        let cache: PictureCache
        let hosts = HostHealth()

        /// The picture at the request's URL: from the processed cache without a look at the
        /// source while its bytes are fresh, else read (and revalidated) through the reader.
        func picture(_ request: Request) throws(PictureProblem) -> Outcome {
            let now = reader.clock().timeIntervalSince1970
            let known = cache.source(request.url)
            if let known, now - known.checked < freshFor, known.checked <= now,
               let picture = cache.picture(for: PictureCache.key(hash: known.hash, use: request.use)) {
                cache.record(known, for: request.url)
                return Outcome(picture: picture, fetched: false, processed: false, warnings: [])
            }
            let reading = try read(request)
            guard let document = reading.documents.first else { throw PictureProblem(reason: "nothing was read") }
            let hash = PictureCache.hash(of: document.data)
            cache.record(.init(hash: hash, checked: reading.checked?.timeIntervalSince1970 ?? 0), for: request.url)
            return try process(document, hash: hash, warnings: reading.warnings, as: request.use)
        }

        /// The bytes of the request's URL through the reader, or only from its cache once the
        /// host did not answer in this build.
        private func read(_ request: Request) throws(PictureProblem) -> SourceReading {
            let host = request.url.host?.lowercased() ?? ""
            do throws(SourceError) {
                if hosts.isDown(host) {
                    do throws(SourceError) {
                        return try cacheOnly.readPicture(request.url, freshFor: freshFor, check: SitePictures.check)
                    } catch {
                        throw SourceError(source: request.url.absoluteString, reason: "not asked for, since \(host) did not answer earlier in this build, and there is no cached copy")
                    }
                }
                let reading = try reader.readPicture(request.url, freshFor: freshFor, check: SitePictures.check)
                if reading.unreachable, case .cache(let reason) = reading.documents.first?.origin { hosts.markDown(host, reason) }
                return reading
            } catch {
                if error.unreachable { hosts.markDown(host, error.reason) }
                throw PictureProblem(reason: error.reason)
            }
        }

        /// A picture of `Content/`, read from its file and processed like a timeline's; nil for
        /// an animated picture, which is shown as it is.
        func contentPicture(_ file: URL) throws(PictureProblem) -> Outcome? {
            let bytes: Data
            do {
                bytes = try Data(contentsOf: file)
            } catch {
                throw PictureProblem(reason: "it cannot be read (\(fileErrorText(error)))")
            }
            if ImageFormat.isAnimated(bytes) { return nil }
            let document = SourceDocument(name: file.path, data: bytes, origin: .file)
            return try process(document, hash: PictureCache.hash(of: bytes), warnings: [], as: .figure)
        }

        /// The processed files of a document's bytes, from the cache when an earlier build
        /// made them of the same bytes.
        private func process(_ document: SourceDocument, hash: String, warnings: [String], as use: PictureUse) throws(PictureProblem) -> Outcome {
            let key = PictureCache.key(hash: hash, use: use)
            let fetched = document.origin == .network
            if let picture = cache.picture(for: key) {
                return Outcome(picture: picture, fetched: fetched, processed: false, warnings: warnings)
            }
            do {
                let outputs = try processor.render([UInt8](document.data), use.recipes)
                let picture = try cache.store(outputs, for: key)
                return Outcome(picture: picture, fetched: fetched, processed: true, warnings: warnings)
            } catch let error as ImageError {
                throw PictureProblem(reason: "\(error)")
            } catch {
                throw PictureProblem(reason: "the processed files could not be kept in the cache (\(fileErrorText(error)))")
            }
        }
    }

    /// The hosts that did not answer in this build, with the first reason.
    final class HostHealth: @unchecked Sendable {
        private let lock = NSLock()
        private var downHosts: [String: String] = [:]

        var down: [String: String] { lock.withLock { downHosts } }

        func isDown(_ host: String) -> Bool { lock.withLock { downHosts[host] != nil } }

        func markDown(_ host: String, _ reason: String) {
            lock.withLock { if downHosts[host] == nil { downHosts[host] = reason } }
        }
    }

    /// What a new download must be before it is cached: a picture by its first bytes, and
    /// not declared as something else (an error page served with a picture's name).
    static func check(_ body: Data, contentType: String?) throws(DocumentRejection) {
        let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        if let mediaType, !mediaType.isEmpty, !mediaType.hasPrefix("image/"),
           mediaType != "application/octet-stream", mediaType != "binary/octet-stream" {
            throw DocumentRejection("the server says it is \(mediaType), not a picture")
        }
        if case .failure(let error) = ImageFormat.sniff(body) {
            throw DocumentRejection("\(error)")
        }
        if mediaType == "image/svg+xml" {
            throw DocumentRejection("it is an SVG drawing, which ttsite does not publish (it can carry script)")
        }
    }

    /// Every picture URL of the data once per use (a portrait that is also an event's
    /// picture is made into both), in the order the data has them.
    static func requests(_ data: SiteData) -> [Request] {
        struct Key: Hashable { var url: URL; var use: PictureUse }
        var order: [Key] = []
        var requests: [Key: Request] = [:]
        func add(_ url: URL?, _ use: PictureUse, _ owner: @autoclosure () -> String) {
            guard let url, PictureViews.isWeb(url) else { return }
            let key = Key(url: url, use: use)
            if requests[key] == nil {
                order.append(key)
                requests[key] = Request(url: url, use: use, owners: [])
            }
            if requests[key]!.owners.count < 3 { requests[key]?.owners.append(owner()) }
        }
        for person in data.people {
            add(person.picture?.best, .avatar, "the picture of \(person.displayName.isEmpty ? person.id : person.displayName), \(person.origin)")
        }
        for scenario in data.scenarios {
            add(scenario.image, .figure, "the picture of the timeline \(scenario.named), \(scenario.origin)")
            for (index, event) in scenario.events.enumerated() {
                add(event.image, .figure, "the picture of event \(index + 1) of the timeline \(scenario.named), \(scenario.origin)")
            }
        }
        return order.map { requests[$0]! }
    }
}
