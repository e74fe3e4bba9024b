import DataSources
import Foundation
import ReportData

/// The decodings of source documents, kept between the builds of a preview (`LiveSite`), so
/// that an edited data file is decoded again alone. A document's decoding is taken from here
/// only when its name, its bytes and the decoder's settings (the config's date formats, time
/// zone and person URLs) are those it was decoded with; its record check passed then too.
final class DecodedDocuments: @unchecked Sendable {
    private struct Entry {
        let settings: String
        let data: Data
        let decoding: any Sendable
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var used: Set<String> = []
    private var fresh: [String] = []
    private var decodedLast: [String] = []

    /// The documents the last decode decoded rather than took from here, by name.
    var lastDecoded: [String] { lock.withLock { decodedLast } }

    /// What the decoder's output depends on besides the document.
    static func settings(of config: SiteConfig) -> String {
        "\(config.dateFormats)|\(config.personURLs)|\(config.timeZone.identifier)"
    }

    /// The kept decoding of `document`, or nil.
    func decoding<Record>(of document: SourceDocument, kind: RecordKind, settings: String) -> Decoding<Record>? {
        lock.withLock {
            let key = Self.key(document, kind)
            guard let entry = entries[key], entry.settings == settings, entry.data == document.data else { return nil }
            used.insert(key)
            return entry.decoding as? Decoding<Record>
        }
    }

    /// Whether `document` has a kept decoding (of any record type).
    func holds(_ document: SourceDocument, kind: RecordKind, settings: String) -> Bool {
        lock.withLock {
            guard let entry = entries[Self.key(document, kind)] else { return false }
            return entry.settings == settings && entry.data == document.data
        }
    }

    func keep<Record>(_ decoding: Decoding<Record>, of document: SourceDocument, kind: RecordKind, settings: String) {
        lock.withLock {
            let key = Self.key(document, kind)
            entries[key] = Entry(settings: settings, data: document.data, decoding: decoding)
            used.insert(key)
            fresh.append(document.name)
        }
    }

    /// Forgets the documents the last decode did not use (a file removed or renamed).
    func dropUnused() {
        lock.withLock {
            entries = entries.filter { used.contains($0.key) }
            used = []
            decodedLast = fresh
            fresh = []
        }
    }

    private static func key(_ document: SourceDocument, _ kind: RecordKind) -> String {
        "\(kind) \(document.name)"
    }
}
