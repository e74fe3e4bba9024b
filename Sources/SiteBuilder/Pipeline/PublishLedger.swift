import Foundation

/// What the last published build of each output folder held: how many records each source
/// gave. Kept in `.ttsite/published.json` in the site folder, never in the output (source
/// URLs may carry keys, and the output is public), and written only after a publish, so it
/// always describes a site that was really published.
///
///     {"outputs": {"/srv/report/_site": {"records": {"people Content/data/people.json": 120}}}, "version": 1}
struct PublishLedger: Codable, Equatable {
    struct Entry: Codable, Equatable {
        /// Records by source: `people Content/data/people.json`, `scenarios https://…`.
        var records: [String: Int]
    }

    var version = 1
    /// By the output folder's absolute path.
    var outputs: [String: Entry] = [:]

    static func url(siteFolder: URL) -> URL {
        siteFolder.appendingPathComponent(".ttsite/published.json")
    }

    /// The ledger of a site; an empty one when there is none yet. A ledger that cannot be
    /// read is an error — without it the guard would wave through the very build it exists
    /// to stop — unless `ignoringDamage` (`--allow-shrink`), which starts a new one.
    static func load(siteFolder: URL, ignoringDamage: Bool) throws -> PublishLedger {
        let url = url(siteFolder: siteFolder)
        guard let data = FileManager.default.contents(atPath: url.path) else { return PublishLedger() }
        if let ledger = try? JSONDecoder().decode(PublishLedger.self, from: data), ledger.version == 1 {
            return ledger
        }
        if ignoringDamage { return PublishLedger() }
        throw BuildError(
            .configuration,
            "the record of the last published build is damaged or of a newer ttsite; "
                + "build once with --allow-shrink to start a new record", in: displayPath(url, in: siteFolder))
    }

    /// Writes the ledger whole through a temporary file and a rename, so a build killed
    /// meanwhile leaves the old ledger or the new one, never half of one.
    func save(siteFolder: URL) throws {
        let url = Self.url(siteFolder: siteFolder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(self)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
