import Foundation
import TemplateEngine
import TextFormatting

/// The file the search box of a list page loads when it is first used (`search.js`): one
/// call, `ttsiteSearchIndex([[name, link, detail…], …]);`, a classic script so that it also
/// loads from a site opened from disk. Each entry holds only what the list pages already
/// show: a person's name, page, birthday and age; a timeline's name, page and span.
///
/// Written per list and language under a content-hashed name
/// (`assets/people-search.en.3f2a9c1e5b7d0a64.js`), like the other assets.
struct SearchIndex: Sendable {
    /// Where the file is written, relative to the output folder.
    let path: String
    let bytes: [UInt8]

    /// - Parameters:
    ///   - name: `people-search.en.js`: the file's name before its hash.
    ///   - entries: name, link from the site root, then the details a result shows.
    init(name: String, entries: [[String]]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding a list of lists of strings cannot fail.
        let json = try! encoder.encode(entries)
        // `<` only occurs inside strings; written as \u003c, no name in the file reads as
        // markup to any tool that scans it, whatever it holds.
        var escaped: [UInt8] = []
        escaped.reserveCapacity(json.count)
        for byte in json {
            if byte == UInt8(ascii: "<") { escaped += Array("\\u003c".utf8) } else { escaped.append(byte) }
        }
        bytes = Array("ttsiteSearchIndex(".utf8) + escaped + Array(");\n".utf8)
        let manifest = AssetManifest(assets: [name: bytes])
        path = manifest.paths[name]!
    }

    /// The search box of a list page whose way back to the site root is `root`
    /// (`search.mustache`).
    func view(root: String, label: String, labels: Labels) -> TemplateValue {
        .map([
            "index": .string(root + path),
            "root": .string(root),
            "label": .string(label),
            "found": .string(labels.searchFound),
            "shown": .string(labels.searchShown),
            "none": .string(labels.searchNone),
        ])
    }
}
