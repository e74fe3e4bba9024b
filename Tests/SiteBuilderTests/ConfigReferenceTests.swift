import Foundation
import IntervalText
import Testing

@testable import SiteBuilder

/// The table of every config key in `Docs/Content/configuration.md` against the config
/// reader, both ways: a key the reader knows and the table lacks fails, and so does a row
/// the reader would refuse. Nested keys are written with dots (`fetch.timeout_seconds`),
/// `[]` for an entry of a list (`people[].file`) and `<lang>` for a page language
/// (`language_packs.<lang>.numbers.digits`).
///
/// The reader's keys come from the reader itself: each section is given an unknown key, and
/// its error ("unknown key … known keys are `a`, `b`", or a decoder's "expected one of: a,
/// b") lists the keys its own list or `CodingKeys` hold. Where that list is reachable from
/// here (`SiteConfig.knownKeys`, `LanguagePack.topKeys`, `LanguageDescription.allowedKeys`
/// …), the test also checks that the two agree, so the errors are known to say what the
/// code holds.
struct ConfigReferenceTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/Content/configuration.md")

    @Test func theTableHasEveryKeyTheReaderKnowsAndNoOther() throws {
        let table = try ConfigReferenceTable(markdown: String(contentsOf: Self.page, encoding: .utf8))
        let known = try ConfigKeys.known()
        let (missing, unknown) = ConfigReferenceTable.compare(documented: table.keys, known: known)
        #expect(
            missing.isEmpty,
            """
            the config reader knows \(missing.joined(separator: ", ")), \
            which the table of Docs/Content/configuration.md lacks: add a row for each
            """
        )
        #expect(
            unknown.isEmpty,
            "the table of Docs/Content/configuration.md names \(unknown.joined(separator: ", ")), which the config reader does not know")
        #expect(known.count > 70, "the nested sections were found")
    }

    @Test func theReadersErrorsListWhatItsOwnListsHold() throws {
        #expect(try ConfigKeys.keys(in: []) == Set(SiteConfig.knownKeys))
        #expect(try ConfigKeys.keys(in: ["interval_text", "<lang>"]) == LanguageDescription.allowedKeys)
        #expect(try ConfigKeys.keys(in: ["language_packs", "<lang>"]) == Set(LanguagePack.topKeys))
        #expect(try ConfigKeys.keys(in: ["language_packs", "<lang>", "numbers"]) == Set(LanguagePack.numberKeys))
        #expect(try ConfigKeys.keys(in: ["language_packs", "<lang>", "dates"]) == Set(LanguagePack.dateKeys))
        #expect(try ConfigKeys.keys(in: ["people", "[]"]) == ["file", "url"])
        #expect(try ConfigKeys.keys(in: ["title"]) == nil, "a key whose value is not a mapping has no keys")
        #expect(try ConfigKeys.known().isSuperset(of: ConfigKeys.leaves), "every key the walk stops at is a key")
    }

    /// The test can fail: the page with one row taken out lacks that key, and a misspelt row
    /// is a key the reader does not know (besides whatever the page itself lacks or adds).
    @Test func aMissingOrMisspeltRowIsFound() throws {
        let markdown = try String(contentsOf: Self.page, encoding: .utf8)
        let known = try ConfigKeys.known()
        let asItIs = ConfigReferenceTable.compare(documented: try ConfigReferenceTable(markdown: markdown).keys, known: known)

        let withoutRow = markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("| `fetch.max_bytes` |") }.joined(separator: "\n")
        let lacking = ConfigReferenceTable.compare(documented: try ConfigReferenceTable(markdown: withoutRow).keys, known: known)
        #expect(Set(lacking.missing).subtracting(asItIs.missing) == ["fetch.max_bytes"])

        let misspelt = markdown.replacingOccurrences(of: "| `feeds.limit` |", with: "| `feeds.limits` |")
        let (missing, unknown) = ConfigReferenceTable.compare(documented: try ConfigReferenceTable(markdown: misspelt).keys, known: known)
        #expect(Set(missing).subtracting(asItIs.missing) == ["feeds.limit"])
        #expect(Set(unknown).subtracting(asItIs.unknown) == ["feeds.limits"])
    }

    @Test func theTableIsReadFromItsRows() throws {
        let table = try ConfigReferenceTable(
            markdown: """
                Text before.

                | option | meaning |
                | --- | --- |
                | `--site` | not this table |

                | key | type | default | meaning |
                | --- | --- | --- | --- |
                | `title` | text | none | the title |
                | `fetch` | mapping | | how URLs are fetched |
                | `fetch.retries` | whole number | `2` | tries again, `a \\| b` escaped |

                | key | after the table |
                """)
        #expect(table.keys == ["title", "fetch", "fetch.retries"])
        #expect(throws: ConfigReferenceTable.Problem.self) { _ = try ConfigReferenceTable(markdown: "no table") }
        #expect(throws: ConfigReferenceTable.Problem.self) {
            _ = try ConfigReferenceTable(
                markdown: "| key | type | default | meaning |\n| --- | --- | --- | --- |\n| title | text | | no code span |")
        }
        #expect(throws: ConfigReferenceTable.Problem.self) {
            _ = try ConfigReferenceTable(
                markdown:
                    "| key | type | default | meaning |\n| --- | --- | --- | --- |\n"
                    + "| `title` | text | | once |\n| `title` | text | | twice |"
            )
        }
        #expect(throws: ConfigReferenceTable.Problem.self) {
            _ = try ConfigReferenceTable(markdown: "| key | type | default | meaning |\n| --- | --- | --- | --- |\n| `title` | text | |")
        }
    }
}

/// The keys of the configuration reference's table: the first GitHub table whose header is
/// `key | type | default | meaning`, each row's key a code span, each row with a type and a
/// meaning.
struct ConfigReferenceTable {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var keys: [String] = []

    init(markdown: String) throws {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.firstIndex(where: { Self.cells($0) == ["key", "type", "default", "meaning"] }) else {
            throw Problem(description: "no table with the header `| key | type | default | meaning |`")
        }
        for line in lines.dropFirst(header + 2) {
            guard line.hasPrefix("|") else { break }
            let cells = Self.cells(line)
            guard cells.count == 4, !cells[1].isEmpty, !cells[3].isEmpty else {
                throw Problem(description: "the row `\(line)` needs four cells: a key, a type, a default (may be empty) and a meaning")
            }
            guard cells[0].count > 2, cells[0].hasPrefix("`"), cells[0].hasSuffix("`"),
                cells[0].dropFirst().dropLast().allSatisfy({ $0 != "`" })
            else {
                throw Problem(description: "the row `\(line)` does not start with a key as a code span")
            }
            let key = String(cells[0].dropFirst().dropLast())
            guard !keys.contains(key) else { throw Problem(description: "the table names `\(key)` twice") }
            keys.append(key)
        }
    }

    /// The cells of a table row, trimmed; a pipe escaped as `\|` stays in its cell, as in GitHub's tables.
    static func cells(_ line: String) -> [String] {
        let row = line.trimmingCharacters(in: .whitespaces)
        guard row.hasPrefix("|") else { return [] }
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in row.dropFirst() {
            if character == "|", !escaped {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
            escaped = character == "\\" && !escaped
        }
        if !cell.trimmingCharacters(in: .whitespaces).isEmpty { cells.append(cell.trimmingCharacters(in: .whitespaces)) }
        return cells
    }

    /// The keys the reader knows and the table lacks, and the table's keys the reader does not know, sorted.
    static func compare(documented: [String], known: Set<String>) -> (missing: [String], unknown: [String]) {
        (known.subtracting(documented).sorted(), Set(documented).subtracting(known).sorted())
    }
}

/// Every key the config reader knows, found by asking it.
enum ConfigKeys {
    /// A key no section knows, nor is near to one (a near key gets "did you mean" instead of the list).
    static let unknownKey = "zzzzzzzzzzzzzzzzzzzz"

    /// Keys whose value is a mapping of words or of forms, not of settings: the table has one
    /// row for each, and the Languages and Interval text pages describe what they hold.
    static let leaves: Set<String> = [
        "interval_text.<lang>.words", "interval_text.<lang>.cases", "interval_text.<lang>.plural_rule",
        "language_packs.<lang>.interval", "language_packs.<lang>.words", "language_packs.<lang>.titles",
    ]

    /// Every key, as the table writes it, from the top of `ttsite.yml` down.
    static func known() throws -> Set<String> {
        var found: Set<String> = []
        func walk(_ path: [String], _ name: String) throws {
            guard !leaves.contains(name) else { return }
            for shape in [[], ["[]"], ["<name>"], ["<lang>"]] {
                guard let keys = try keys(in: path + shape) else { continue }
                let prefix =
                    name + (shape == ["[]"] ? "[]" : "") + (shape == ["<lang>"] ? ".<lang>" : "") + (shape == ["<name>"] ? ".<name>" : "")
                for key in keys {
                    let child = prefix.isEmpty ? key : prefix + "." + key
                    found.insert(child)
                    try walk(path + shape + [key], child)
                }
                return
            }
        }
        try walk([], "")
        return found
    }

    /// The keys the reader lists for the mapping at `path` (`"[]"` an entry of a list,
    /// `"<lang>"` a page language, `"<name>"` a name of the site's own, such as a table's),
    /// or nil when it does not read a mapping of keys there.
    static func keys(in path: [String]) throws -> Set<String>? {
        var value: Any = [unknownKey: 1]
        for step in path.reversed() {
            value = step == "[]" ? [value] : [step == "<lang>" ? "en" : step == "<name>" ? "table" : step: value]
        }
        var document: [String: Any] = ["title": "Probe", "languages": ["en"]]
        document.merge(value as! [String: Any]) { _, probe in probe }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: document, options: .sortedKeys), as: UTF8.self)
        do {
            _ = try SiteConfig.parse(json, file: "ttsite.yml")
        } catch let error as BuildError {
            return listedKeys(in: error.message)
        }
        Issue.record("an unknown key at \(path) was accepted")
        return nil
    }

    /// The keys an unknown-key error lists: the reader's "known keys are `a`, `b`" or a
    /// decoder's "(expected one of: a, b)".
    static func listedKeys(in message: String) -> Set<String>? {
        if let range = message.range(of: "unknown key `\(unknownKey)`"),
            let list = message.range(of: "known keys are ", range: range.upperBound..<message.endIndex)
        {
            return Set(
                message[list.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) })
        }
        if message.contains("unknown key \"\(unknownKey)\""), let list = message.range(of: "(expected one of: ") {
            let rest = message[list.upperBound...]
            return Set(
                rest[..<(rest.firstIndex(of: ")") ?? rest.endIndex)].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return nil
    }
}
