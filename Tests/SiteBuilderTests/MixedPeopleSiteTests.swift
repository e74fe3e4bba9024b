import Foundation
import Testing

@testable import SiteBuilder

/// The held-out-like fixture (`Fixtures/mixed-site`): 61 people over seven API shapes, in
/// Latin with marks, Cyrillic, Greek, Persian and Devanagari, some written all in lower case,
/// one without a birth date. The counts below come from the fixture's README, whose table a
/// Python script made from the JSON files, not from ttsite.
@Suite(.serialized) struct MixedPeopleSiteTests {
    static let people = 61
    /// Birthdays per month, January first, from the README; one person has no birth date.
    static let perMonth = [6, 4, 6, 4, 5, 4, 8, 4, 4, 4, 5, 6]

    /// Every HTML page of the built site, by path.
    static func pages(_ site: TestSite) throws -> [String: String] {
        var pages: [String: String] = [:]
        let root = site.output.path + "/"
        let files = FileManager.default.enumerator(atPath: site.output.path)!
        while let file = files.nextObject() as? String {
            guard file.hasSuffix(".html") else { continue }
            pages[file] = try String(contentsOfFile: root + file, encoding: .utf8)
        }
        return pages
    }

    /// The person pages a page links to, as `people/<slug>/`, in order.
    static func personLinks(in html: String, language: String) -> [String] {
        let prefix = language == "en" ? "" : language + "/"
        let pattern = #"href="(?:\.\./)*"# + prefix + #"people/([a-z0-9-]+)/index\.html""#
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            let slug = String(html[Range(match.range(at: 1), in: html)!])
            return slug.allSatisfy(\.isNumber) || slug == "by-month" || slug == "by-name" ? nil : slug
        }
    }

    /// The people listed (not the navigation) on every page under `folder` (`people/by-month/`):
    /// the links inside the page's lists of class `list` (`people-list`, `index-list`; a month
    /// page has one per day).
    static func listed(_ pages: [String: String], under folder: String, language: String, list: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for (path, html) in pages where path.hasPrefix(folder) {
            var body = ""
            var rest = html[...]
            let endTag = list == "people-list" ? "</ol>" : "</ul>"
            while let open = rest.range(of: "class=\"\(list)\""), let close = rest.range(of: endTag, range: open.upperBound..<rest.endIndex)
            {
                body += rest[open.lowerBound..<close.upperBound]
                rest = rest[close.upperBound...]
            }
            if !body.isEmpty { found[path] = personLinks(in: body, language: language) }
        }
        return found
    }

    @Test(arguments: ["en", "de"])
    func everyPersonIsOnOneListPageOneMonthPageAndOneIndexPage(language: String) throws {
        let site = try TestSite(fixture: "mixed-site")
        defer { site.remove() }
        try site.build()
        let pages = try Self.pages(site)
        let prefix = language == "en" ? "" : language + "/"
        let personPages = Set(
            pages.keys.compactMap { path -> String? in
                let parts = path.split(separator: "/").map(String.init)
                let local = language == "en" ? parts : Array(parts.dropFirst())
                guard language == "en" ? parts.first != "de" : parts.first == language,
                    local.count == 3, local[0] == "people", local[2] == "index.html",
                    !local[1].allSatisfy(\.isNumber)
                else { return nil }
                return local[1]
            })
        #expect(personPages.count == Self.people)

        let lists = Self.listed(pages, under: prefix + "people/", language: language, list: "people-list")
            .filter { !$0.key.contains("/by-") }
        let months = Self.listed(pages, under: prefix + "people/by-month/", language: language, list: "index-list")
        let letters = Self.listed(pages, under: prefix + "people/by-name/", language: language, list: "index-list")
        for (kind, found) in [("list", lists), ("month", months), ("letter", letters)] {
            let all = found.values.flatMap { $0 }
            #expect(all.count == Self.people, "\(language) \(kind) pages list \(all.count) people")
            #expect(Set(all) == personPages, "\(language) \(kind) pages")
        }
        // page_size: people 10, index 8: seven list pages; July's eight fit one page.
        #expect(lists.count == 7)
        for month in 1...12 {
            let name = month < 10 ? "0\(month)" : "\(month)"
            let counted = months.filter { $0.key.hasPrefix(prefix + "people/by-month/\(name)/") }.values.map(\.count).reduce(0, +)
            #expect(counted == Self.perMonth[month - 1], "\(language) month \(month)")
        }
        #expect(months.filter { $0.key.hasPrefix(prefix + "people/by-month/unknown/") }.values.map(\.count) == [1])
    }

    @Test func namesInLowerCaseAreShownInTitleCaseAndOthersAsWritten() throws {
        let site = try TestSite(fixture: "mixed-site")
        defer { site.remove() }
        try site.build()
        let pages = try Self.pages(site)
        let html = pages.values.joined()
        for shown in [
            "Gertrude Franklin", "Karl-Heinz Müller-Lüdenscheidt", "Seán O&#39;Brien", "Пётр Ёлкин", "Emma van der Berg",
            "Daan Van Der Berg",
        ] {
            #expect(html.contains(shown), "\(shown)")
        }
        for written in ["gertrude franklin", "пётр ёлкин", "seán o&#39;brien"] {
            #expect(!html.contains(written), "\(written)")
        }
        // The person page names the country in the page's language (CLDR names).
        let english = try site.read("people/gertrude-franklin/index.html")
        #expect(english.contains("<dt>Nationality</dt><dd>United States</dd>"))
        let german = try site.read("de/people/gertrude-franklin/index.html")
        #expect(german.contains("<dt>Staatsangehörigkeit</dt><dd>Vereinigte Staaten</dd>"))
        // The record's title ("ms", lower case in API 1.1) in the page's language.
        #expect(german.contains("<h1><span class=\"person-title\">Frau</span> Gertrude Franklin</h1>"))
        #expect(english.contains("<h1><span class=\"person-title\">Ms</span> Gertrude Franklin</h1>"))
    }

    /// Only what a page shows leaves the decoder: the fixture's e-mails, phones, logins,
    /// addresses and ids appear in no output file, the search indexes included.
    @Test func nothingButWhatPagesShowIsPublished() throws {
        let site = try TestSite(fixture: "mixed-site")
        defer { site.remove() }
        try site.build()
        let files = FileManager.default.enumerator(atPath: site.output.path)!
        var checked = 0
        while let file = files.nextObject() as? String {
            let url = site.output.appendingPathComponent(file)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            checked += 1
            for marker in ["noise", "Noise", "example.com", "FAKE-", "555-0", "qXz9", "fixture lane", "Fixture Lane"] {
                #expect(!text.contains(marker), "\(file) contains \(marker)")
            }
        }
        #expect(checked > 200)
        let indexes = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("assets").path)
            .filter { $0.hasPrefix("people-search.") }
        #expect(indexes.count == 2)
        for index in indexes {
            let text = try String(contentsOf: site.output.appendingPathComponent("assets/" + index), encoding: .utf8)
            let json = text.dropFirst("ttsiteSearchIndex(".count).dropLast(");\n".count)
            // [name or [name, its Latin spelling], page, birthday, age]: strings only.
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]])
            #expect(entries.count == Self.people)
            #expect(
                entries.allSatisfy { entry in
                    entry.count == 4 && entry.dropFirst().allSatisfy { $0 is String }
                        && (entry[0] is String || (entry[0] as? [String]).map { $0.count == 2 } == true)
                })
        }
    }
}
