import Foundation
@testable import SiteBuilder
import Testing
import TestSupport

/// search.js's matching, run in node over an index file written by `SearchIndex`: what a
/// reader types finds what they mean, in every script. Expected results worked out by hand
/// from the rules in search.js's header (case, marks and a few stroked letters folded; every
/// query word begins a word of the name; names that begin with the query first).
@Suite struct SearchScriptTests {
    static let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SiteBuilder/DefaultTemplates/search.js")

    static let names = [
        "Zoë Müller", "Lars Øvergård", "Ольга Кузнецова", "Seán O'Brien", "प्रिया शर्मा", "Ayşe Yılmaz",
        "Anna Schmidt", "Maria Anna Weber", "<b>Hostile</b> & Co",
    ]

    /// The names `search.js` shows for each query, in order, reading the index `SearchIndex` wrote.
    static func results(_ queries: [String], limit: Int = 50) async throws -> [[String]] {
        let index = SearchIndex(name: "people-search.en.js", entries: names.map { [$0, "people/x/index.html", "01-01-1990", "36 years old"] })
        let text = String(decoding: index.bytes, as: UTF8.self)
        let output = try await Node.run(
            """
            const s = require(input.script);
            let entries;
            global.ttsiteSearchIndex = (e) => { entries = e; };
            eval(input.index);
            const prepared = s.prepare(entries);
            console.log(JSON.stringify(input.queries.map((q) => s.find(prepared, q, input.limit).results.map((r) => r.name))));
            """,
            input: ["script": script.path, "index": text, "queries": queries, "limit": limit])
        return try #require(output as? [[String]])
    }

    @Test func readersFindWhatTheyMean() async throws {
        let found = try await Self.results([
            "zoe", "MULLER", "ольга", "overgard", "o brien", "yilmaz", "शर्मा", "anna", "", "  ", "hostile",
        ])
        #expect(found == [
            ["Zoë Müller"],
            ["Zoë Müller"],
            ["Ольга Кузнецова"],
            ["Lars Øvergård"],
            ["Seán O'Brien"],
            ["Ayşe Yılmaz"],
            ["प्रिया शर्मा"],
            ["Anna Schmidt", "Maria Anna Weber"],   // the name that begins with "anna" first
            [],
            [],
            ["<b>Hostile</b> & Co"],                 // the text as it is: search.js writes it with textContent
        ])
    }

    @Test func atMostTheLimitIsShown() async throws {
        // Both begin with "a" and come in the index's order; Maria Anna Weber, who matches
        // only by a later word, would follow.
        #expect(try await Self.results(["a"], limit: 2) == [["Ayşe Yılmaz", "Anna Schmidt"]])
    }
}
