import DataSources
import Foundation
import Pictures
import ReportData

/// The processed pictures of earlier builds, under `.ttsite/cache/pictures/`: each output
/// file by its content hash, and `index.txt`, which says which files a source picture (by
/// the hash of its bytes) made for a use, and for each picture URL the hash its bytes had
/// and when its server last gave or confirmed them. An unchanged picture is never decoded
/// again, and a fresh one is not even read from the source cache.
///
/// It also remembers what could not be used, so that a build does not ask again at once: a
/// picture URL whose answer was unusable (a 404, an HTML page), until it is due for another
/// look, and a host that could not be reached (a negative cache), for a while that doubles
/// with every build that finds it unreachable again (`Unreachable.backoff`).
///
/// Each build keeps only what it used: the index is rewritten with this build's entries and
/// files no entry names are removed, so the cache does not grow with every picture that
/// ever passed through. A build that used exactly what the last one did writes nothing.
final class PictureCache: @unchecked Sendable {
    let folder: URL
    private let folderPath: String
    private let indexFile: URL
    private let lock = NSLock()
    private let previous: Index
    private var used = Index()
    /// The files in the folder when the build began, and those it wrote since.
    private var present: Set<String>

    /// What `index.txt` holds. A text of lines rather than JSON: read at every build, the
    /// index of 10,000 portraits took 0.2 s through JSONDecoder and takes a tenth of that so.
    ///
    ///     ttsite picture index 1
    ///     P <key> TAB <file> <width> <height> <bytes> TAB <file> …     (the files of a key)
    ///     S <url> TAB <hash> TAB <checked>                            (what a URL last gave)
    ///     F <url> TAB <checked> TAB <retry> TAB <reason>              (a URL's unusable answer)
    ///     H <host> TAB <since> TAB <until> TAB <times> TAB <reason>   (a host not reached)
    ///
    /// A line that does not read is left out: its picture is processed (or asked for) again.
    struct Index: Equatable {
        /// The files made of a source picture's bytes for a use, by `key(hash:use:)`.
        var pictures: [String: ProcessedPicture] = [:]
        /// What was last read from each picture URL.
        var sources: [String: Source] = [:]
        /// The picture URLs whose last answer could not be used.
        var failures: [String: Failure] = [:]
        /// The hosts that could not be reached, by lower-case name.
        var unreachable: [String: Unreachable] = [:]

        static let header = "ttsite picture index 1"

        /// A reason as one field: no tab, no line break.
        static func field(_ text: String) -> String {
            String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        }

        init() {}

        /// Reads the text byte by byte (a `Character` split of the text of 1,000 portraits
        /// cost half as much as rendering the people pages).
        init(text: String) {
            let newline = UInt8(ascii: "\n")
            let tab = UInt8(ascii: "\t")
            let space = UInt8(ascii: " ")
            func string(_ bytes: Substring.UTF8View.SubSequence) -> String { String(decoding: bytes, as: UTF8.self) }
            var lines = text.utf8.split(separator: newline)[...]
            guard let first = lines.popFirst(), String(decoding: first, as: UTF8.self) == Self.header else { return }
            for line in lines where line.count > 2 {
                let fields = line.dropFirst(2).split(separator: tab, omittingEmptySubsequences: false)
                switch line.first {
                case UInt8(ascii: "P") where fields.count >= 2:
                    var files: [ProcessedPicture.File] = []
                    for field in fields.dropFirst() {
                        let parts = field.split(separator: space)
                        guard parts.count == 4, let width = Int(string(parts[1])), let height = Int(string(parts[2])),
                            let bytes = Int(string(parts[3]))
                        else { break }
                        let name = string(parts[0])
                        guard let format: ImageRecipe.Output = name.hasSuffix(".webp") ? .webp : name.hasSuffix(".jpg") ? .jpeg : nil else {
                            break
                        }
                        files.append(ProcessedPicture.File(name: name, width: width, height: height, format: format, bytes: bytes))
                    }
                    if files.count == fields.count - 1 { pictures[string(fields[0])] = ProcessedPicture(files: files) }
                case UInt8(ascii: "S") where fields.count == 3:
                    if let checked = Double(string(fields[2])) {
                        sources[string(fields[0])] = Source(hash: string(fields[1]), checked: checked)
                    }
                case UInt8(ascii: "F") where fields.count == 4:
                    if let checked = Double(string(fields[1])), let retry = Double(string(fields[2])) {
                        failures[string(fields[0])] = Failure(reason: string(fields[3]), checked: checked, retry: retry)
                    }
                case UInt8(ascii: "H") where fields.count == 5:
                    if let since = Double(string(fields[1])), let until = Double(string(fields[2])), let times = Int(string(fields[3])) {
                        unreachable[string(fields[0])] = Unreachable(reason: string(fields[4]), since: since, until: until, times: times)
                    }
                default:
                    continue
                }
            }
        }

        var text: String {
            var lines = [Self.header]
            for (key, picture) in pictures.sorted(by: { $0.key < $1.key }) {
                lines.append("P \(key)\t" + picture.files.map { "\($0.name) \($0.width) \($0.height) \($0.bytes)" }.joined(separator: "\t"))
            }
            for (url, source) in sources.sorted(by: { $0.key < $1.key }) {
                lines.append("S \(url)\t\(source.hash)\t\(source.checked)")
            }
            for (url, failure) in failures.sorted(by: { $0.key < $1.key }) {
                lines.append("F \(url)\t\(failure.checked)\t\(failure.retry)\t\(Self.field(failure.reason))")
            }
            for (host, entry) in unreachable.sorted(by: { $0.key < $1.key }) {
                lines.append("H \(host)\t\(entry.since)\t\(entry.until)\t\(entry.times)\t\(Self.field(entry.reason))")
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// The bytes last read from a picture URL: their hash, and when the server last gave or
    /// confirmed them (seconds since 1970).
    struct Source: Equatable {
        var hash: String
        var checked: Double
    }

    /// A picture URL whose last answer could not be used: why, when it was asked for, and
    /// when it is asked for again (seconds since 1970).
    struct Failure: Equatable {
        var reason: String
        var checked: Double
        var retry: Double
    }

    /// A host that could not be reached: why, since when, until when it is left alone, and by
    /// how many builds in a row.
    struct Unreachable: Equatable {
        var reason: String
        var since: Double
        var until: Double
        var times: Int

        /// How long a host is left alone after its `times`-th failure in a row: 5 minutes, then
        /// 10, 20, 40, and an hour at most: a build in a loop without a network asks it a few
        /// times an hour, and a nightly build each night.
        static func backoff(times: Int) -> Double {
            min(300 * pow(2, Double(max(times, 1) - 1)), 3_600)
        }
    }

    init(siteFolder: URL) {
        folder = siteFolder.appendingPathComponent(".ttsite/cache/pictures", isDirectory: true)
        folderPath = folder.path
        indexFile = folder.appendingPathComponent("index.txt")
        previous = (try? String(contentsOf: indexFile, encoding: .utf8)).map(Index.init(text:)) ?? Index()
        present = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    /// The hash that keys a source picture's bytes.
    static func hash(of bytes: Data) -> String {
        StableHash.hex(of: bytes)
    }

    /// The key of a source picture's bytes (by their hash) in one use.
    static func key(hash: String, use: PictureUse) -> String {
        "\(hash)-\(use.key)"
    }

    /// The path of the cache file behind an output file.
    func path(of file: ProcessedPicture.File) -> String {
        folderPath + "/" + file.name
    }

    /// What was last read from `url`, by this build or the one before.
    func source(_ url: URL) -> Source? {
        lock.withLock { used.sources[url.absoluteString] ?? previous.sources[url.absoluteString] }
    }

    /// Notes what was read from `url` for the next build.
    func record(_ source: Source, for url: URL) {
        lock.withLock { used.sources[url.absoluteString] = source }
    }

    /// The unusable answer `url` last gave, by this build or the one before.
    func failure(_ url: URL) -> Failure? {
        lock.withLock { used.failures[url.absoluteString] ?? previous.failures[url.absoluteString] }
    }

    /// Notes an unusable answer of `url` for the next builds (kept as it is when it stands).
    func record(_ failure: Failure, for url: URL) {
        lock.withLock { used.failures[url.absoluteString] = failure }
    }

    /// The hosts an earlier build could not reach that are still left alone at `now`.
    func unreachableHosts(at now: Double) -> [String: Unreachable] {
        previous.unreachable.filter { $0.value.until > now && $0.value.since <= now }
    }

    /// Notes that `host` could not be reached at `now`: it is left alone for longer the more
    /// builds in a row found it so.
    func recordUnreachable(_ host: String, reason: String, at now: Double) -> Unreachable {
        lock.withLock {
            if let entry = used.unreachable[host] { return entry }
            let before = previous.unreachable[host]
            let times = (before?.times ?? 0) + 1
            let entry = Unreachable(
                reason: reason, since: before?.since ?? now, until: now + Unreachable.backoff(times: times), times: times)
            used.unreachable[host] = entry
            return entry
        }
    }

    /// Keeps an earlier build's note of a host that is still left alone.
    func keep(_ entry: Unreachable, for host: String) {
        lock.withLock { if used.unreachable[host] == nil { used.unreachable[host] = entry } }
    }

    /// What an earlier build made of this key, when all its files are still there.
    func picture(for key: String) -> ProcessedPicture? {
        lock.withLock {
            guard let picture = used.pictures[key] ?? previous.pictures[key],
                picture.files.allSatisfy({ present.contains($0.name) })
            else { return nil }
            used.pictures[key] = picture
            return picture
        }
    }

    /// Keeps the files `render` made under `key`. Each is written under a temporary name and
    /// renamed, so a file under its own name is always whole.
    func store(_ outputs: [(recipe: ImageRecipe, image: ImageProcessor.Encoded)], for key: String) throws -> ProcessedPicture {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [ProcessedPicture.File] = []
        for output in outputs {
            let name = "\(StableHash.hex(of: output.image.bytes)).\(output.recipe.output.fileExtension)"
            let file = ProcessedPicture.File(
                name: name, width: output.image.width, height: output.image.height,
                format: output.recipe.output, bytes: output.image.bytes.count)
            if !lock.withLock({ present.contains(name) }) {
                let temporary = "\(folderPath)/.\(name).\(UUID().uuidString).tmp"
                try output.image.bytes.withUnsafeBytes { try FileBytes.write($0, to: temporary) }
                guard rename(temporary, path(of: file)) == 0 else {
                    let code = errno
                    unlink(temporary)
                    throw POSIXError(code)
                }
                lock.withLock { _ = present.insert(name) }
            }
            files.append(file)
        }
        let picture = ProcessedPicture(files: files)
        lock.withLock { used.pictures[key] = picture }
        return picture
    }

    /// Writes the index of what this build used and removes every other file; nothing when
    /// the build used exactly what the last one did.
    func save() throws {
        let (index, present) = lock.withLock { (used, self.present) }
        guard index != previous else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".index.txt.\(UUID().uuidString).tmp")
        try Data(index.text.utf8).write(to: temporary)
        guard rename(temporary.path, indexFile.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(code)
        }
        let kept = Set(index.pictures.values.flatMap { $0.files.map(\.name) } + [indexFile.lastPathComponent])
        for name in present where !kept.contains(name) {
            unlink(folderPath + "/" + name)
        }
    }
}
