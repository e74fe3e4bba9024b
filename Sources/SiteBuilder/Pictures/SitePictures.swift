import CivilTime
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
/// turns the warning into a failure, as every warning.) Its unusable answer is remembered,
/// and the URL asked again only when it is due (`refresh_days` for an answer that stands,
/// such as a 404; five minutes for one that may not, such as a 503). A host that does not
/// answer at all is asked no more in this build, and no more for a while after it (the
/// picture cache's negative cache of hosts): its pictures come from the cache or are left
/// out, with one warning for the host that counts them. Past `shownWarnings` failures the
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
    /// When a picture from a URL is next due for a look (seconds since 1970): its refresh,
    /// the retry of an unusable answer, the end of a host's time out. A build with nothing
    /// else to do is skipped until then. Nil without pictures from URLs.
    private(set) var due: Double?
    /// Why no picture could be processed (libvips could not be opened), when one had to be:
    /// the build stops on it rather than publish pages without their pictures. (Pictures
    /// from the processed cache need no libvips.)
    private(set) var unavailable: (reason: String, picture: String)?
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
        guard !requests.isEmpty || !contentImages.isEmpty else { return }
        let cache = PictureCache(siteFolder: reader.siteFolder)
        let now = reader.clock().timeIntervalSince1970
        let work = Work(
            reader: reader,
            cacheOnly: SourceReader(
                siteFolder: reader.siteFolder, fetcher: reader.fetcher, settings: reader.settings,
                offline: true, strict: reader.strict, clock: reader.clock),
            freshFor: config.images.refreshDays * 86_400,
            processor: ImageProcessor(maxPixels: config.images.maxPixels),
            cache: cache,
            hosts: HostHealth(unreachable: reader.offline ? [:] : cache.unreachableHosts(at: now))
        )
        var failures: [String] = []
        var notCached = 0
        let fetched = requests.parallelMap(workers: config.images.parallel) { request in
            Result { () throws(PictureProblem) in try work.picture(request) }
        }
        for (request, result) in zip(requests, fetched) {
            switch result {
            case .success(let outcome):
                pictures[request.use, default: [:]][request.url] = outcome.picture
                add(outcome, cache)
                due = min(due ?? outcome.due, outcome.due)
            case .failure(let problem):
                if problem.noLibrary { unavailable = unavailable ?? (problem.reason, request.url.redacted) }
                counts.failed += 1
                due = min(due ?? problem.due, problem.due)
                let line =
                    "\(request.url.redacted) (\(request.owners.joined(separator: "; "))): \(problem.reason); "
                    + "\(request.use == .avatar ? "shown with initials" : "shown without it")"
                if let host = problem.unreachableHost {
                    work.hosts.leftOut(host)
                    details.append("picture: " + line)
                } else if problem.offline {
                    notCached += 1
                    details.append("picture: " + line)
                } else {
                    failures.append(line)
                }
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
                if problem.noLibrary { unavailable = unavailable ?? (problem.reason, "Content/" + path) }
                contentProblems[path] = problem.reason
                counts.failed += 1
            }
        }
        let hosts = work.hosts.report
        for host in hosts where host.earlier { cache.keep(host.entry, for: host.name) }
        report(failures, hosts: hosts)
        if notCached > 0 {
            warnings.append(
                "--offline: \(notCached == 1 ? "1 picture is" : "\(notCached) pictures are") "
                    + "not in the cache and left out (`--verbose` lists them)"
            )
        }
        do {
            try cache.save()
        } catch {
            warnings.append(
                "\(displayPath(cache.folder, in: reader.siteFolder)): "
                    + "the processed pictures' index could not be saved (\(fileErrorText(error))); the next build processes them again"
            )
        }
        details.append(
            "pictures: \(requests.count + contentImages.count) in use, \(counts.fetched) downloaded, \(counts.processed) processed, "
                + "\(counts.failed) not usable, \(files.count) files"
        )
    }

    /// Takes in a picture that can be shown.
    private mutating func add(_ outcome: Outcome, _ cache: PictureCache) {
        for file in outcome.picture.files { files[file.path] = (cache.path(of: file), file.bytes) }
        if outcome.fetched { counts.fetched += 1 }
        if outcome.processed { counts.processed += 1 }
        warnings += outcome.warnings
    }

    /// The warnings: each failure up to `shownWarnings`, the rest counted (and listed in the
    /// details); and one per host that could not be reached, with how many of its pictures
    /// came from the cache and how many were left out, and when it is asked again.
    private mutating func report(_ failures: [String], hosts: [HostHealth.Report]) {
        warnings += failures.prefix(Self.shownWarnings)
        if failures.count > Self.shownWarnings {
            warnings.append("\(failures.count - Self.shownWarnings) more pictures could not be used (`--verbose` lists them)")
            details += failures.dropFirst(Self.shownWarnings).map { "picture: \($0)" }
        }
        for host in hosts {
            let pictures = { (count: Int) in count == 1 ? "1 of its pictures" : "\(count) of its pictures" }
            var parts: [String] = []
            if host.fromCache > 0 { parts.append("\(pictures(host.fromCache)) \(host.fromCache == 1 ? "comes" : "come") from the cache") }
            if host.leftOut > 0 {
                parts.append("\(pictures(host.leftOut)) \(host.leftOut == 1 ? "is" : "are") left out, with no cached copy")
            }
            let when =
                host.earlier
                ? "has not been reachable since \(CivilText.isoUTC(Date(timeIntervalSince1970: host.entry.since)))" : "could not be reached"
            warnings.append(
                "\(host.name) \(when) (\(host.entry.reason)): \(parts.joined(separator: " and ")); "
                    + "it is asked again after \(CivilText.isoUTC(Date(timeIntervalSince1970: host.entry.until)))"
            )
            details.append(
                "picture host: \(host.name) left alone until \(CivilText.isoUTC(Date(timeIntervalSince1970: host.entry.until))) "
                    + "(\(host.entry.times == 1 ? "first failure" : "failed \(host.entry.times) builds in a row"); \(host.entry.reason))"
            )
        }
    }

    /// Why a picture is not shown, and when it is due for another look.
    struct PictureProblem: Error {
        var reason: String
        var due: Double = .infinity
        /// The host that could not be reached, when that is why: its warning counts them.
        var unreachableHost: String?
        /// `--offline`, and the picture is not in the cache: one warning counts them.
        var offline = false
        /// libvips could not be opened: no picture can be processed (`SitePictures.unavailable`).
        var noLibrary = false
    }

    private struct Outcome: Sendable {
        var picture: ProcessedPicture
        var fetched: Bool
        var processed: Bool
        var warnings: [String]
        /// When the picture is due for another look.
        var due: Double = .infinity
    }

    /// Failures past this many are summed up in one warning.
    static let shownWarnings = 20

    /// How long an answer that may not stand (a 5xx, a 429, a connection lost halfway) is
    /// remembered before the URL is asked again.
    static let transientRetry = 300.0

    /// What every worker shares: the readers, the processor, the cache and the hosts that
    /// could not be reached.
    private struct Work: Sendable {
        let reader: SourceReader
        /// The same reader with `offline`: for the pictures of a host that did not answer.
        let cacheOnly: SourceReader
        let freshFor: Double
        let processor: ImageProcessor
        let cache: PictureCache
        let hosts: HostHealth

        /// The picture at the request's URL: from the processed cache without a look at the
        /// source while its bytes are fresh, else read (and revalidated) through the reader.
        /// An unusable answer that is not yet due for another look is not asked for again.
        func picture(_ request: Request) throws(PictureProblem) -> Outcome {
            let now = reader.clock().timeIntervalSince1970
            let known = cache.source(request.url)
            if let known, now - known.checked < freshFor, known.checked <= now,
                let picture = cache.picture(for: PictureCache.key(hash: known.hash, use: request.use))
            {
                cache.record(known, for: request.url)
                return Outcome(picture: picture, fetched: false, processed: false, warnings: [], due: known.checked + freshFor)
            }
            if !reader.offline, let failure = cache.failure(request.url), now < failure.retry, failure.checked <= now {
                cache.record(failure, for: request.url)
                throw PictureProblem(
                    reason: "\(failure.reason) (when last asked, at \(CivilText.isoUTC(Date(timeIntervalSince1970: failure.checked))))",
                    due: failure.retry)
            }
            let host = request.url.host?.lowercased() ?? ""
            let (reading, down) = try read(request, host: host, at: now)
            guard let document = reading.documents.first else { throw PictureProblem(reason: "nothing was read") }
            let hash = PictureCache.hash(of: document.data)
            cache.record(.init(hash: hash, checked: reading.checked?.timeIntervalSince1970 ?? 0), for: request.url)
            var outcome = try process(document, hash: hash, warnings: down == nil ? reading.warnings : [], as: request.use)
            outcome.due = down?.until ?? ((reading.checked?.timeIntervalSince1970 ?? now) + freshFor)
            return outcome
        }

        /// The bytes of the request's URL through the reader, or only from its cache when the
        /// host could not be reached (in this build, or by one a short while ago); with the
        /// host's note then.
        private func read(_ request: Request, host: String, at now: Double) throws(PictureProblem) -> (
            SourceReading, PictureCache.Unreachable?
        ) {
            if let down = hosts.unreachable(host) {
                do throws(SourceError) {
                    let reading = try cacheOnly.readPicture(request.url, freshFor: freshFor, check: SitePictures.check)
                    hosts.fromCache(host)
                    return (reading, down)
                } catch {
                    throw PictureProblem(
                        reason: "\(host) could not be reached, and there is no cached copy", due: down.until, unreachableHost: host)
                }
            }
            do throws(SourceError) {
                let reading = try reader.readPicture(request.url, freshFor: freshFor, check: SitePictures.check)
                if reading.unreachable, case .cache(let reason) = reading.documents.first?.origin {
                    let down = hosts.markUnreachable(host, reason: reason, at: now, cache: cache)
                    hosts.fromCache(host)
                    return (reading, down)
                }
                return (reading, nil)
            } catch {
                if error.unreachable {
                    let down = hosts.markUnreachable(host, reason: Self.cause(error.reason), at: now, cache: cache)
                    throw PictureProblem(reason: error.reason, due: down.until, unreachableHost: host)
                }
                if reader.offline { throw PictureProblem(reason: error.reason, offline: true) }
                let retry = now + (error.transient ? SitePictures.transientRetry : freshFor)
                cache.record(.init(reason: Self.cause(error.reason), checked: now, retry: retry), for: request.url)
                throw PictureProblem(reason: error.reason, due: retry)
            }
        }

        /// A failure's cause without what the reader adds about the cache ("…, and there is
        /// no cached copy"), for the notes of the picture cache.
        private static func cause(_ reason: String) -> String {
            for suffix in [", and there is no cached copy", "; not using the cached copy (--strict)"] where reason.hasSuffix(suffix) {
                return String(reason.dropLast(suffix.count))
            }
            return reason
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
        private func process(_ document: SourceDocument, hash: String, warnings: [String], as use: PictureUse) throws(PictureProblem)
            -> Outcome
        {
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
                if case .unavailable = error { throw PictureProblem(reason: "\(error)", noLibrary: true) }
                throw PictureProblem(reason: "\(error)")
            } catch {
                throw PictureProblem(reason: "the processed files could not be kept in the cache (\(fileErrorText(error)))")
            }
        }
    }

    /// The hosts that could not be reached: found so in this build, or by an earlier build
    /// whose note still stands; and how many pictures of each came from the cache or were
    /// left out, for their one warning.
    final class HostHealth: @unchecked Sendable {
        private let lock = NSLock()
        private var down: [String: (entry: PictureCache.Unreachable, earlier: Bool)]
        private var counts: [String: (fromCache: Int, leftOut: Int)] = [:]

        init(unreachable: [String: PictureCache.Unreachable]) {
            down = unreachable.mapValues { ($0, true) }
        }

        func unreachable(_ host: String) -> PictureCache.Unreachable? { lock.withLock { down[host]?.entry } }

        /// Notes that `host` could not be reached now (the first time in this build only).
        func markUnreachable(_ host: String, reason: String, at now: Double, cache: PictureCache) -> PictureCache.Unreachable {
            lock.withLock {
                if let known = down[host] { return known.entry }
                let entry = cache.recordUnreachable(host, reason: reason, at: now)
                down[host] = (entry, false)
                return entry
            }
        }

        func fromCache(_ host: String) { lock.withLock { counts[host, default: (0, 0)].fromCache += 1 } }
        func leftOut(_ host: String) { lock.withLock { counts[host, default: (0, 0)].leftOut += 1 } }

        struct Report {
            var name: String
            var entry: PictureCache.Unreachable
            /// Found so by an earlier build (and not asked in this one).
            var earlier: Bool
            var fromCache: Int
            var leftOut: Int
        }

        /// Every host this build did not reach and had pictures of, in name order.
        var report: [Report] {
            lock.withLock {
                down.compactMap { host, value in
                    guard let count = counts[host] else { return nil }
                    return Report(
                        name: host, entry: value.entry, earlier: value.earlier, fromCache: count.fromCache, leftOut: count.leftOut)
                }.sorted { $0.name < $1.name }
            }
        }
    }

    /// What a new download must be before it is cached: a picture by its first bytes, and
    /// not declared as something else (an error page served with a picture's name).
    static func check(_ body: Data, contentType: String?) throws(DocumentRejection) {
        let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        if let mediaType, !mediaType.isEmpty, !mediaType.hasPrefix("image/"),
            mediaType != "application/octet-stream", mediaType != "binary/octet-stream"
        {
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
        struct Key: Hashable {
            var url: URL
            var use: PictureUse
        }
        var order: [Key] = []
        var requests: [Key: Request] = [:]
        func add(_ url: URL?, _ use: PictureUse, _ owner: @autoclosure () -> String) {
            guard let url, url.isWebAddress else { return }
            let key = Key(url: url, use: use)
            if requests[key] == nil {
                order.append(key)
                requests[key] = Request(url: url, use: use, owners: [])
            }
            if requests[key]!.owners.count < 3 { requests[key]?.owners.append(owner()) }
        }
        for person in data.people {
            add(
                person.picture?.best, .avatar,
                "the picture of \(person.displayName.isEmpty ? person.id : person.displayName), \(person.origin)")
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
