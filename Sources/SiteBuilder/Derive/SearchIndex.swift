import Foundation
import ReportData
import TemplateEngine
import TextFormatting

/// The file the search box of a list page loads when it is first used (`search.js`): one
/// call, `ttsiteSearchIndex([[name, link, detail…], …]);`, a classic script so that it also
/// loads from a site opened from disk. Each entry holds only what the list pages already
/// show: a person's name, page, birthday and age; a timeline's name, page and span. A name in
/// Cyrillic or Greek comes with its Latin transliteration (`[["Тарас Шевченко", "taras
/// shevchenko"], …]`), which the page's address is made of, so that it is found by either.
///
/// Written per list and language under a content-hashed name
/// (`assets/people-search.en.3f2a9c1e5b7d0a64.js`), like the other assets.
struct SearchIndex: Sendable {
    /// Where the file is written, relative to the output folder.
    let path: String
    let bytes: [UInt8]

    /// One result: the name and the other spellings it is found by, the link from the site
    /// root, and the details a result shows.
    struct Entry: Equatable {
        var names: [String]
        var link: String
        var details: [String]

        /// `[name, link, details…]`, or `[[name, spelling…], link, details…]`, appended to
        /// `bytes`; every `<` written `\u003c`.
        func appendJSON(to bytes: inout [UInt8]) {
            bytes.append(UInt8(ascii: "["))
            if names.count == 1 {
                JSONText.append(names[0], to: &bytes, escapingLessThan: true)
            } else {
                bytes.append(UInt8(ascii: "["))
                for (number, name) in names.enumerated() {
                    if number > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONText.append(name, to: &bytes, escapingLessThan: true)
                }
                bytes.append(UInt8(ascii: "]"))
            }
            bytes.append(UInt8(ascii: ","))
            JSONText.append(link, to: &bytes, escapingLessThan: true)
            for detail in details {
                bytes.append(UInt8(ascii: ","))
                JSONText.append(detail, to: &bytes, escapingLessThan: true)
            }
            bytes.append(UInt8(ascii: "]"))
        }

        /// A name's other spelling for search: its Latin transliteration when it is written in
        /// Cyrillic or Greek (the search folds the marks of Latin letters itself).
        static func spellings(of name: String) -> [String] {
            guard name.unicodeScalars.contains(where: { (0x0370...0x052F).contains($0.value) }),
                let latin = Transliteration.latin(name), latin != name.lowercased()
            else { return [name] }
            return [name, latin]
        }
    }

    /// - Parameters:
    ///   - name: `people-search.en.js`: the file's name before its hash.
    ///   - entries: the results, in the order they are shown.
    init(name: String, entries: [Entry]) {
        // `<` only occurs inside strings; written as \u003c, no name in the file reads as
        // markup to any tool that scans it, whatever it holds.
        var bytes = Array("ttsiteSearchIndex([".utf8)
        for (number, entry) in entries.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ",")) }
            entry.appendJSON(to: &bytes)
        }
        bytes += Array("]);\n".utf8)
        self.bytes = bytes
        let manifest = AssetManifest(assets: [name: bytes])
        path = manifest.paths[name]!
    }

    /// The search box of a list page (`search.mustache`).
    func view(label: String, labels: Labels) -> SearchBoxView {
        SearchBoxView(index: path, label: label, labels: labels)
    }
}

/// The search box of a list page (`search.mustache`): the index file and the site's root as
/// links from the page, the box's label and the words of its results.
struct SearchBoxView: TemplateView {
    @LinkPath var index: String
    @LinkPath var root: String = ""
    let label: String
    let found: String
    let shown: String
    let all: String
    let none: String

    init(index: String, label: String, labels: Labels) {
        self.index = index
        self.label = label
        found = labels.searchFound
        shown = labels.searchShown
        all = labels.searchAll
        none = labels.searchNone
    }
}
