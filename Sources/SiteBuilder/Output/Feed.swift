import CivilTime
import DataSources
import Foundation
import ReportData
import TemplateEngine
import TextFormatting

/// A feed of one language — the upcoming birthdays, or the dated pages — written twice: as
/// Atom 1.0 (RFC 4287) and as JSON Feed 1.1. Every URL is absolute (feeds are only written
/// with a `base_url`); the bytes depend on nothing but the site and `--now`.
struct Feed: Sendable {
    /// The feed's own address in Atom, and its Atom `id`.
    let atomURL: String
    let jsonURL: String
    /// The page the feed belongs to (the people list, the home page).
    let homeURL: String
    let title: String
    let language: String
    /// The site's title: the author of every entry.
    let author: String
    /// `--now`: when the feed was made.
    let updated: Date
    let entries: [Entry]

    struct Entry: Sendable {
        /// Stable: the same birthday or page keeps its id on every build.
        let id: String
        let title: String
        let url: String
        let published: Date
        let updated: Date
        /// Plain text.
        let summary: String
        /// The page's HTML, for page entries.
        let contentHTML: String?
    }

    /// `feed.atom.xml`'s text.
    var atom: String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(escape(language))">
              <id>\(escape(atomURL))</id>
              <title>\(escape(title))</title>
              <updated>\(Self.timestamp(updated))</updated>
              <link rel="self" type="application/atom+xml" href="\(escape(atomURL))"/>
              <link rel="alternate" type="text/html" href="\(escape(homeURL))"/>
              <author><name>\(escape(author))</name></author>
              <generator version="\(SiteBuilderVersion.current)">ttsite</generator>

            """
        for entry in entries {
            xml += """
                  <entry>
                    <id>\(escape(entry.id))</id>
                    <title>\(escape(entry.title))</title>
                    <link rel="alternate" type="text/html" href="\(escape(entry.url))"/>
                    <published>\(Self.timestamp(entry.published))</published>
                    <updated>\(Self.timestamp(entry.updated))</updated>
                    <summary type="text">\(escape(entry.summary))</summary>

                """
            // Links in a page's HTML are relative to the page.
            if let html = entry.contentHTML {
                xml += "    <content type=\"html\" xml:base=\"\(escape(entry.url))\">\(escape(html))</content>\n"
            }
            xml += "  </entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// The JSON Feed 1.1 document, keys sorted.
    var json: [UInt8] {
        // Named as JSON Feed 1.1 names its keys.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct Document: Encodable {
            let version = "https://jsonfeed.org/version/1.1"
            let title: String
            let home_page_url: String
            let feed_url: String
            let language: String
            let authors: [Author]
            let items: [Item]
        }
        struct Author: Encodable { let name: String }
        // Named as JSON Feed 1.1 names its keys.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        struct Item: Encodable {
            let id: String
            let url: String
            let title: String
            let summary: String
            let content_text: String?
            let content_html: String?
            let date_published: String
            let date_modified: String
        }
        let document = Document(
            title: title, home_page_url: homeURL, feed_url: jsonURL, language: language, authors: [Author(name: author)],
            items: entries.map { entry in
                Item(
                    id: entry.id, url: entry.url, title: entry.title, summary: entry.summary,
                    content_text: entry.contentHTML == nil ? entry.summary : nil, content_html: entry.contentHTML,
                    date_published: Self.timestamp(entry.published), date_modified: Self.timestamp(entry.updated))
            }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        // A document of strings cannot fail to encode.
        return Array(try! encoder.encode(document)) + [UInt8(ascii: "\n")]
    }

    /// RFC 3339 in UTC, whole seconds.
    static func timestamp(_ date: Date) -> String {
        CivilText.isoUTC(date)
    }

    private func escape(_ text: String) -> String {
        HTMLEscaping.escape(text)
    }

    /// A `urn:uuid:` made from `parts` (a version 8 UUID, RFC 9562: two stable 64-bit hashes
    /// with the version and variant bits set), the same on every build.
    static func uuid(_ parts: [String]) -> String {
        let high = StableHash.value(["urn:uuid:high"] + parts)
        let low = StableHash.value(["urn:uuid:low"] + parts)
        let versioned = (high & ~UInt64(0xF000)) | 0x8000
        let varied = (low & ~(UInt64(0xC) << 60)) | (UInt64(0x8) << 60)
        let hex = StableHash.hexDigits(versioned) + StableHash.hexDigits(varied)
        let characters = Array(hex)
        func part(_ range: Range<Int>) -> String { String(characters[range]) }
        return "urn:uuid:\(part(0..<8))-\(part(8..<12))-\(part(12..<16))-\(part(16..<20))-\(part(20..<32))"
    }
}
