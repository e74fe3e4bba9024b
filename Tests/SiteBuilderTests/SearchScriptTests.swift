import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

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
        let index = SearchIndex(
            name: "people-search.en.js",
            entries: names.map {
                SearchIndex.Entry(
                    names: SearchIndex.Entry.spellings(of: $0), link: "people/x/index.html", details: ["01-01-1990", "36 years old"])
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

    /// The index file is JavaScript that gives back every text as it was, whatever it holds
    /// (node evaluates it, as a browser does), holds no `<` and no raw U+2028 or U+2029; and
    /// where no control character or line separator is in a text it is, byte for byte, what
    /// Foundation's JSONEncoder writes with every `<` written `\u003c`.
    @Test func theIndexGivesBackEveryTextAndIsWhatAJSONEncoderWrites() async throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", "Zoë", "Тарас", "😀", "<", "</script>", "\"", "\\", "/", "&", " ", "\n", "\r", "\t", "\u{0}", "\u{8}", "\u{c}",
            "\u{1f}", "\u{7f}", "\u{2028}", "\u{2029}", "\u{e2}", "’", "'",
        ]
        // Every other entry without control characters and line separators.
        let plainPieces = pieces.filter { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{2028}" && $0 != "\u{2029}" } }
        func text(_ plain: Bool) -> String {
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in (plain ? plainPieces : pieces).randomElement(using: &generator)! }
                .joined()
        }
        let entries = (0..<400).map { number in
            SearchIndex.Entry(
                names: (0..<Int.random(in: 1...2, using: &generator)).map { _ in text(number % 2 == 0) }, link: text(number % 2 == 0),
                details: (0..<Int.random(in: 0...2, using: &generator)).map { _ in text(number % 2 == 0) })
        }
        let index = SearchIndex(name: "rows-search.name.en.js", entries: entries)
        let file = String(decoding: index.bytes, as: UTF8.self)
        #expect(!file.contains("<") && !file.contains("\u{2028}") && !file.contains("\u{2029}"))
        let output = try await Node.run(
            """
            let entries;
            global.ttsiteSearchIndex = (e) => { entries = e; };
            eval(input.index);
            console.log(JSON.stringify(entries));
            """,
            input: ["index": file])
        let given = try #require(output as? [[Any]])
        #expect(given.count == entries.count)
        for (entry, read) in zip(entries, given) {
            let names = entry.names.count == 1 ? [read.first as? String] : (read.first as? [String])?.map { $0 } ?? []
            #expect(names == entry.names.map { $0 }, "\(entry)")
            #expect(read.dropFirst().map { $0 as? String } == ([entry.link] + entry.details).map { $0 }, "\(entry)")
        }

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let plain = entries.filter { entry in
            (entry.names + [entry.link] + entry.details).allSatisfy {
                $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{2028}" && $0 != "\u{2029}" }
            }
        }
        #expect(plain.count >= 200)
        let json = try encoder.encode(
            plain.map { entry -> [JSONValue] in
                [entry.names.count == 1 ? .text(entry.names[0]) : .list(entry.names)] + ([entry.link] + entry.details).map(JSONValue.text)
            })
        let expected = "ttsiteSearchIndex(" + String(decoding: json, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c") + ");\n"
        #expect(String(decoding: SearchIndex(name: "x.js", entries: plain).bytes, as: UTF8.self) == expected)
    }

    /// A text or a list of texts, as JSONEncoder writes them.
    private enum JSONValue: Encodable {
        case text(String)
        case list([String])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .list(let list): try container.encode(list)
            }
        }
    }

    @Test func readersFindWhatTheyMean() async throws {
        let found = try await Self.results([
            "zoe", "MULLER", "ольга", "overgard", "o brien", "yilmaz", "शर्मा", "anna", "", "  ", "hostile",
        ])
        #expect(
            found == [
                ["Zoë Müller"],
                ["Zoë Müller"],
                ["Ольга Кузнецова"],
                ["Lars Øvergård"],
                ["Seán O'Brien"],
                ["Ayşe Yılmaz"],
                ["प्रिया शर्मा"],
                // Those that begin with "anna" first (Άννα by its Latin spelling).
                ["Anna Schmidt", "Άννα Παπαδοπούλου", "Maria Anna Weber"],
                [],
                [],
                ["<b>Hostile</b> & Co"],  // the text as it is: search.js writes it with textContent
            ])
    }

    /// A Cyrillic or Greek name is also found by its Latin transliteration, the one its page's
    /// address is made of (Шевченко → shevchenko, Ukrainian passport style; Άννα → anna, ELOT
    /// 743), and Latin names are not given one.
    @Test func aTransliteratedNameIsFound() async throws {
        let found = try await Self.results(["shevchenko", "taras shev", "папа", "papadopoulou", "anna"])
        #expect(
            found == [
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
