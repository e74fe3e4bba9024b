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
        "Anna Schmidt", "Maria Anna Weber", "<b>Hostile</b> & Co", "Тарас Шевченко", "Άννα Παπαδοπούλου",
    ]

    /// The names `search.js` shows for each query, in order, reading the index `SearchIndex` wrote.
    static func results(_ queries: [String], limit: Int? = 50) async throws -> [[String]] {
        let index = SearchIndex(name: "people-search.en.js", entries: names.map {
            SearchIndex.Entry(names: SearchIndex.Entry.spellings(of: $0), link: "people/x/index.html", details: ["01-01-1990", "36 years old"])
        })
        let text = String(decoding: index.bytes, as: UTF8.self)
        let output = try await Node.run(
            """
            const s = require(input.script);
            let entries;
            global.ttsiteSearchIndex = (e) => { entries = e; };
            eval(input.index);
            const prepared = s.prepare(entries);
            const limit = input.limit === null ? Infinity : input.limit;
            console.log(JSON.stringify(input.queries.map((q) => s.find(prepared, q, limit).results.map((r) => r.name))));
            """,
            input: ["script": script.path, "index": text, "queries": queries, "limit": limit.map { $0 as Any } ?? NSNull()])
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
            ["Anna Schmidt", "Άννα Παπαδοπούλου", "Maria Anna Weber"],   // those that begin with "anna" first (Άννα by its Latin spelling)
            [],
            [],
            ["<b>Hostile</b> & Co"],                 // the text as it is: search.js writes it with textContent
        ])
    }

    /// A Cyrillic or Greek name is also found by its Latin transliteration, the one its page's
    /// address is made of (Шевченко → shevchenko, Ukrainian passport style; Άννα → anna, ELOT
    /// 743), and Latin names are not given one.
    @Test func aTransliteratedNameIsFound() async throws {
        let found = try await Self.results(["shevchenko", "taras shev", "папа", "papadopoulou", "anna"])
        #expect(found == [
            ["Тарас Шевченко"],
            ["Тарас Шевченко"],
            [],
            ["Άννα Παπαδοπούλου"],
            ["Anna Schmidt", "Άννα Παπαδοπούλου", "Maria Anna Weber"],
        ])
        #expect(SearchIndex.Entry.spellings(of: "Zoë Müller") == ["Zoë Müller"])
        #expect(SearchIndex.Entry.spellings(of: "Тарас Шевченко") == ["Тарас Шевченко", "taras shevchenko"])
    }

    /// By hand: a word beginning with "a" in Ayşe Yılmaz, Anna Schmidt, Άννα (anna) and Maria
    /// Anna Weber; with a limit of 2 the first two.
    @Test func everyResultWhenAskedForAll() async throws {
        #expect(try await Self.results(["a"], limit: nil) == [["Ayşe Yılmaz", "Anna Schmidt", "Άννα Παπαδοπούλου", "Maria Anna Weber"]])
    }

    @Test func atMostTheLimitIsShown() async throws {
        // Both begin with "a" and come in the index's order; Maria Anna Weber, who matches
        // only by a later word, would follow.
        #expect(try await Self.results(["a"], limit: 2) == [["Ayşe Yılmaz", "Anna Schmidt"]])
    }
}
