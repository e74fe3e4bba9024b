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
///     ttsite build record 1
///     inputs <digest>
///     remote-pictures <count>
///     summary <JSON of the summary>
///     <page digest or -> <size> <modified seconds> <modified nanoseconds> <inode> <path>
///     …
///
/// A record that is missing, damaged or of another version is no record: the build is a full
/// build, never a wrong one.
struct BuildRecord: Sendable {
    static let header = "ttsite build record 1"

    /// The digest of every input of the build (`BuildInputs`).
    var inputs: BuildDigest
    /// How many pictures of the build came from URLs: they are due for a new look after
    /// `refresh_days`, so a build with pictures from URLs is never skipped whole.
    var remotePictures: Int
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
        guard let data = FileManager.default.contents(atPath: url(siteFolder: siteFolder, outputFolder: outputFolder).path) else { return nil }
        return BuildRecord(parsing: data)
    }

    init(inputs: BuildDigest, remotePictures: Int, summary: Summary, files: [String: File]) {
        self.inputs = inputs
        self.remotePictures = remotePictures
        self.summary = summary
        self.files = files
    }

    init?(parsing data: Data) {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
        func field(_ name: String) -> Substring? {
            guard let line = lines.popFirst() else { return nil }
            let text = String(decoding: line, as: UTF8.self)
            guard text.hasPrefix(name + " ") else { return nil }
            return text.dropFirst(name.count + 1)
        }
        guard let first = lines.popFirst(), String(decoding: first, as: UTF8.self) == Self.header,
              let inputs = field("inputs"), inputs.count == 64,
              let remote = field("remote-pictures").flatMap({ Int($0) }),
              let summaryText = field("summary"),
              let summary = try? JSONDecoder().decode(Summary.self, from: Data(summaryText.utf8)) else { return nil }
        var files: [String: File] = [:]
        files.reserveCapacity(lines.count)
        for line in lines where !line.isEmpty {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6,
                  let size = Int(ascii: fields[1]), let seconds = Int(ascii: fields[2]),
                  let nanoseconds = Int(ascii: fields[3]), let inode = UInt64(String(decoding: fields[4], as: UTF8.self)) else { return nil }
            let digest = String(decoding: fields[0], as: UTF8.self)
            guard digest == "-" || digest.utf8.count == 64 else { return nil }
            let stamp = FileStamp(size: size, modified: timespec(tv_sec: seconds, tv_nsec: nanoseconds), inode: inode)
            files[String(decoding: fields[5], as: UTF8.self)] = File(page: digest == "-" ? nil : BuildDigest(hex: digest), stamp: stamp)
        }
        self.init(inputs: BuildDigest(hex: String(inputs)), remotePictures: remote, summary: summary, files: files)
    }

    /// The record as its file holds it; nil when a path cannot be written on one line.
    var text: Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let summaryJSON = try? encoder.encode(summary) else { return nil }
        var text = "\(Self.header)\ninputs \(inputs.hex)\nremote-pictures \(remotePictures)\nsummary "
        text += String(decoding: summaryJSON, as: UTF8.self) + "\n"
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            guard !path.contains("\n") else { return nil }
            text += "\(file.page?.hex ?? "-") \(file.stamp.size) \(file.stamp.modified.tv_sec) \(file.stamp.modified.tv_nsec) \(file.stamp.inode) \(path)\n"
        }
        return Data(text.utf8)
    }

    /// Writes the record through a temporary file and a rename; a record that cannot be
    /// written is removed, so that the next build is a full one rather than one that trusts
    /// an older record.
    func save(siteFolder: URL, outputFolder: URL) throws {
        let url = Self.url(siteFolder: siteFolder, outputFolder: outputFolder)
        guard let text else {
            try? FileManager.default.removeItem(at: url)
            return
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, options: .atomic)
    }

    static func remove(siteFolder: URL, outputFolder: URL) {
        try? FileManager.default.removeItem(at: url(siteFolder: siteFolder, outputFolder: outputFolder))
    }

    /// Whether every file the record lists is still in `outputFolder` as it was published.
    func outputIsIntact(_ outputFolder: URL) -> Bool {
        guard !files.isEmpty else { return false }
        let base = outputFolder.standardizedFileURL.path + "/"
        return files.allSatisfy { path, file in
            FileBytes.stamp(base + path)?.publishedStamp == file.stamp
        }
    }
}

extension FileStamp {
    /// The stamp without the change time, which a hard link to the file changes.
    var publishedStamp: FileStamp {
        FileStamp(size: size, modified: modified, inode: inode)
    }
}

private extension Int {
    init?(ascii bytes: some Collection<UInt8>) {
        self.init(String(decoding: bytes, as: UTF8.self))
    }
}
