import DataSources
import Foundation
import ReportData

/// What the last published build of an output folder read and wrote, so that the next build
/// of it can reuse its work: the digest of every input, the summary it printed, and every file
/// it published with the file system's stamp of it and, for a page, the digest of what the
/// page was rendered from.
///
/// Kept in `.ttsite/builds/<hash of the output path>.txt`, written after a publish only, as
/// text:
///
///     ttsite build record 2
///     inputs <digest>
///     pictures-due <seconds since 1970, or ->
///     summary <JSON of the summary>
///     <page digest or -> <size> <modified seconds> <modified nanoseconds> <inode> <path>
///     …
///
/// A record that is missing, damaged or of another version is no record: the build is a full
/// build, never a wrong one.
struct BuildRecord: Sendable {
    static let header = "ttsite build record 2"

    /// The digest of every input of the build (`BuildInputs`).
    var inputs: BuildDigest
    /// When a picture from a URL is next due for a look (`SitePictures.due`, by the machine's
    /// clock): a build with nothing else to do is skipped only before then. Nil without
    /// pictures from URLs.
    var picturesDue: Double?
    var summary: Summary
    /// Every published file, by output path.
    var files: [String: File]

    struct File: Sendable, Equatable {
        /// What the page was rendered from (`PageDigest`); nil for other files, and for a page
        /// whose templates asked for names they did not find (so the warning comes again).
        var page: BuildDigest?
        /// The published file's stamp, its change time left out (hard links change it).
        var stamp: FileStamp
    }

    /// What a skipped build says: the summary of the build it stands for.
    struct Summary: Codable, Sendable, Equatable {
        var pages = 0
        var staticFiles = 0
        var people = 0
        var scenarios = 0
        var events = 0
        var skippedRecords = 0
        var warnings: [String] = []
        var details: [String] = []

        init(_ summary: BuildSummary) {
            pages = summary.pages
            staticFiles = summary.staticFiles
            people = summary.people
            scenarios = summary.scenarios
            events = summary.events
            skippedRecords = summary.skippedRecords
            warnings = summary.warnings
            details = summary.details
        }

        func summary(outputFolder: URL) -> BuildSummary {
            var summary = BuildSummary(outputFolder: outputFolder)
            summary.pages = pages
            summary.staticFiles = staticFiles
            summary.people = people
            summary.scenarios = scenarios
            summary.events = events
            summary.skippedRecords = skippedRecords
            summary.warnings = warnings
            summary.details = details
            return summary
        }
    }

    static func url(siteFolder: URL, outputFolder: URL) -> URL {
        siteFolder.appendingPathComponent(".ttsite/builds/\(StableHash.hex([outputFolder.standardizedFileURL.path])).txt")
    }

    /// The record of the last build published in `outputFolder`; nil when there is none or it
    /// cannot be read.
    static func load(siteFolder: URL, outputFolder: URL) -> BuildRecord? {
        guard let data = FileManager.default.contents(atPath: url(siteFolder: siteFolder, outputFolder: outputFolder).path) else {
            return nil
        }
        return BuildRecord(parsing: data)
    }

    init(inputs: BuildDigest, picturesDue: Double?, summary: Summary, files: [String: File]) {
        self.inputs = inputs
        self.picturesDue = picturesDue
        self.summary = summary
        self.files = files
    }

    init?(parsing data: Data) {
        let parsed: BuildRecord?? = data.withUnsafeBytes { bytes in
            bytes.withMemoryRebound(to: UInt8.self) { Self.parse($0) }
        }
        guard let parsed, let parsed else { return nil }
        self = parsed
    }

    /// The record's text read byte by byte: 22,000 lines took a fifth of a build with nothing
    /// to do when split into strings first.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> BuildRecord? {
        var position = 0
        func line() -> Slice<UnsafeBufferPointer<UInt8>>? {
            guard position < bytes.count else { return nil }
            let start = position
            while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
            defer { position += 1 }
            return bytes[start..<position]
        }
        func field(_ name: String) -> String? {
            guard let line = line() else { return nil }
            let text = String(decoding: line, as: UTF8.self)
            return text.hasPrefix(name + " ") ? String(text.dropFirst(name.count + 1)) : nil
        }
        guard let first = line(), String(decoding: first, as: UTF8.self) == header,
            let inputs = field("inputs"), inputs.utf8.count == 64,
            let due = field("pictures-due"), due == "-" || Double(due) != nil,
            let summaryText = field("summary"),
            let summary = try? JSONDecoder().decode(Summary.self, from: Data(summaryText.utf8))
        else { return nil }
        var files: [String: File] = [:]
        while let line = line() {
            guard !line.isEmpty else { continue }
            // <digest or -> <size> <seconds> <nanoseconds> <inode> <path>
            var cursor = line.startIndex
            func word() -> Slice<UnsafeBufferPointer<UInt8>>? {
                let start = cursor
                while cursor < line.endIndex && line[cursor] != UInt8(ascii: " ") { cursor += 1 }
                guard cursor < line.endIndex else { return nil }
                defer { cursor += 1 }
                return line[start..<cursor]
            }
            func number() -> Int? {
                guard let digits = word(), !digits.isEmpty, digits.count < 19 else { return nil }
                var value = 0
                for digit in digits {
                    guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(digit - UInt8(ascii: "0"))
                }
                return value
            }
            guard let digest = word(), digest.count == 64 || (digest.count == 1 && digest.first == UInt8(ascii: "-")),
                let size = number(), let seconds = number(), let nanoseconds = number(), let inode = number(),
                cursor < line.endIndex
            else { return nil }
            let stamp = FileStamp(size: size, modified: timespec(tv_sec: seconds, tv_nsec: nanoseconds), inode: UInt64(inode))
            let page = digest.count == 64 ? BuildDigest(hex: String(decoding: digest, as: UTF8.self)) : nil
            files[String(decoding: line[cursor...], as: UTF8.self)] = File(page: page, stamp: stamp)
        }
        return BuildRecord(inputs: BuildDigest(hex: inputs), picturesDue: Double(due), summary: summary, files: files)
    }

    /// Writes a record through a temporary file and a rename; a record that cannot be written
    /// is removed, so that the next build is a full one rather than one that trusts an older
    /// record. The record holds a build's `count` files, the `index`th at `path(index)`, with
    /// `file(index)`: sorted by path and written line by line in blocks, never whole in memory
    /// (the record of 200,000 files is 25 MB, and it was made as a dictionary, then as text,
    /// at the build's busiest moment). A file written twice counts as last written. False,
    /// and no record, when `file` has nothing for a file or a path does not fit on one line.
    static func save(
        inputs: BuildDigest, picturesDue: Double?, summary: Summary, count: Int, path: (Int) -> String,
        file: (Int) -> File?, siteFolder: URL, outputFolder: URL
    ) throws -> Bool {
        let url = Self.url(siteFolder: siteFolder, outputFolder: outputFolder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let summaryJSON = try? encoder.encode(summary), !(0..<count).contains(where: { path($0).utf8.contains(UInt8(ascii: "\n")) })
        else {
            try? FileManager.default.removeItem(at: url)
            return false
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.path + ".new-\(ProcessInfo.processInfo.processIdentifier)"
        unlink(temporary)
        guard let stream = fopen(temporary, "wx") else { throw POSIXError(errno) }
        // Closed on every way out; `fclose`'s own answer counts on the way that keeps the file.
        var closed = false
        defer { if !closed { fclose(stream) } }
        var block: [UInt8] = []
        block.reserveCapacity(1 << 16)
        func flush() throws {
            guard fwrite(block, 1, block.count, stream) == block.count else { throw POSIXError(ferror(stream) != 0 ? EIO : errno) }
            block.removeAll(keepingCapacity: true)
        }
        do {
            block += "\(Self.header)\ninputs \(inputs.hex)\npictures-due \(picturesDue.map { "\($0)" } ?? "-")\nsummary ".utf8
            block += summaryJSON
            block.append(UInt8(ascii: "\n"))
            let order = (0..<count).sorted { (path($0), $0) < (path($1), $1) }
            for (rank, index) in order.enumerated() {
                let written = path(index)
                if rank + 1 < order.count, path(order[rank + 1]) == written { continue }
                guard let entry = file(index) else {
                    unlink(temporary)
                    try? FileManager.default.removeItem(at: url)
                    return false
                }
                block += (entry.page?.hex ?? "-").utf8
                block += " \(entry.stamp.size) \(entry.stamp.modified.tv_sec) \(entry.stamp.modified.tv_nsec) \(entry.stamp.inode) ".utf8
                block += written.utf8
                block.append(UInt8(ascii: "\n"))
                if block.count > 60_000 { try flush() }
            }
            try flush()
            closed = true
            guard fclose(stream) == 0 else { throw POSIXError(errno) }
            guard rename(temporary, url.path) == 0 else { throw POSIXError(errno) }
            return true
        } catch {
            unlink(temporary)
            throw error
        }
    }

    static func remove(siteFolder: URL, outputFolder: URL) {
        try? FileManager.default.removeItem(at: url(siteFolder: siteFolder, outputFolder: outputFolder))
    }

    /// Whether every file the record lists is still in `outputFolder` as it was published.
    func outputIsIntact(_ outputFolder: URL) -> Bool {
        guard !files.isEmpty else { return false }
        let base = outputFolder.standardizedFileURL.path + "/"
        // A `stat` a file, on every core: most of a build with nothing changed.
        let entries = Array(files)
        let chunks = stride(from: 0, to: entries.count, by: 2_048).map { $0..<min($0 + 2_048, entries.count) }
        return !chunks.parallelMap { chunk in
            entries[chunk].allSatisfy { path, file in FileBytes.stamp(base + path)?.publishedStamp == file.stamp }
        }.contains(false)
    }
}

extension FileStamp {
    /// The stamp without the change time, which a hard link to the file changes.
    var publishedStamp: FileStamp {
        FileStamp(size: size, modified: modified, inode: inode)
    }
}
