import Foundation
import Testing

@testable import Markdown

/// The 652 examples of the CommonMark 0.30 spec (`Fixtures/spec-0.30.json`, from the spec's
/// own `spec_tests.py --dump-tests`), run through the wrapper with no extension: cmark-gfm
/// 0.29.0.gfm.6 follows the 0.29 spec, whose examples 28 and 171 the 0.30 spec changed.
struct CommonMarkSpecTests {
    static let examples = SpecExample.load("spec-0.30.json")

    @Test func theFixtureHoldsEverySpecExample() {
        #expect(Self.examples.count == 652)
    }

    /// What spec 0.30 changed after 0.29, which cmark-gfm follows: example 28 (a numeric
    /// character reference of more than seven digits, `&#87654321;`, is text in 0.30, U+FFFD
    /// in 0.29) and 171 (`<textarea>` starts an HTML block of the first kind in 0.30 only, so
    /// 0.29 renders the Markdown inside it).
    static let differencesFrom029: Set<Int> = [28, 171]

    @Test(arguments: examples)
    func unsafeModeMatchesTheSpec(_ example: SpecExample) {
        let html = MarkdownRenderer(options: .unsafeHTML, extensions: []).html(example.markdown)
        if Self.differencesFrom029.contains(example.example) {
            #expect(html != example.html, "example \(example.example) now matches: take it off the list of differences")
        } else {
            #expect(html == example.html)
        }
    }

    /// In safe mode an example renders exactly as the spec says, or it is one that holds raw
    /// HTML, which must come out replaced by cmark's `<!-- raw HTML omitted -->` marker, with
    /// no tag left in the output that Markdown itself does not produce.
    @Test func safeModeDiffersOnlyWhereRawHTMLIsOmitted() {
        let renderer = MarkdownRenderer(extensions: [])
        var omitted: [Int] = []
        for example in Self.examples where !Self.differencesFrom029.contains(example.example) {
            let html = renderer.html(example.markdown)
            if html == example.html { continue }
            omitted.append(example.example)
            #expect(html.contains("<!-- raw HTML omitted -->"), "example \(example.example)")
            #expect(Self.hasRawHTMLSyntax(example.markdown), "example \(example.example)")
            let foreign = Self.tagNames(in: html).subtracting(Self.markdownTags)
            #expect(foreign.isEmpty, "example \(example.example) keeps \(foreign)")
        }
        // Every example of the spec's "Raw HTML" section that expects a tag Markdown cannot
        // produce must be among the omitted ones.
        for example in Self.examples where example.section == "Raw HTML" {
            if !Self.tagNames(in: example.html).subtracting(Self.markdownTags).isEmpty {
                #expect(omitted.contains(example.example), "example \(example.example)")
            }
        }
        let compared = Self.examples.count - Self.differencesFrom029.count
        print(
            "CommonMark spec, safe mode: \(compared - omitted.count) of \(compared) examples match the spec exactly, "
                + "\(omitted.count) hold raw HTML that is omitted"
        )
        #expect(!omitted.isEmpty)
    }

    static let markdownTags: Set<String> = [
        "p", "em", "strong", "a", "img", "code", "pre", "blockquote", "ul", "ol", "li",
        "h1", "h2", "h3", "h4", "h5", "h6", "hr", "br",
    ]

    static func tagNames(in html: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: "<\\/?([A-Za-z][A-Za-z0-9-]*)")
        let range = NSRange(html.startIndex..., in: html)
        return Set(
            regex.matches(in: html, range: range).compactMap { match in
                Range(match.range(at: 1), in: html).map { html[$0].lowercased() }
            })
    }

    static func hasRawHTMLSyntax(_ markdown: String) -> Bool {
        markdown.range(of: "<[A-Za-z/!?]", options: .regularExpression) != nil
    }
}
