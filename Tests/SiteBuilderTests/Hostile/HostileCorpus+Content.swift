import Foundation

/// Hostile `Content/`: front matter bombs, text that is not UTF-8, symlinks that lead out of
/// the site or in circles, a very large page.
extension HostileCorpus {
    static var content: [HostileCase] {
        [
            HostileCase(
                name: "front matter: YAML alias expansion (billion laughs)", runner: .binary,
                files: { ["Content/bomb.md": Data(billionLaughs.utf8)] },
                // Line 6 holds `a3`, where the running count of values passes 100,000 (10⁴ + … lists).
                outcome: .fails(
                    exit: 1, ["Content/bomb.md:6: the front matter expands to more than 100000 values (are YAML aliases repeating it?)"])
            ),
            HostileCase(
                name: "front matter: 100,000 nested lists", runner: .binary,
                files: {
                    [
                        "Content/deep.md": Data(
                            ("---\nd: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n---\nText\n")
                                .utf8)
                    ]
                },
                outcome: .fails(exit: 1, ["Content/deep.md:2: invalid YAML: ", "Maximum nesting level reached"])
            ),
            HostileCase(
                name: "front matter: 100,000 nested mappings", runner: .binary,
                files: {
                    [
                        "Content/deep.md": Data(
                            ("---\nd: " + String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
                                + "\n---\nText\n").utf8)
                    ]
                },
                outcome: .fails(exit: 1, ["Content/deep.md:2: invalid YAML: ", "Maximum nesting level reached"])
            ),
            HostileCase(
                name: "front matter: a 1 MB key", runner: .library,
                files: {
                    ["Content/key.md": Data(("---\ntitle: Key\n" + String(repeating: "k", count: 1_000_000) + ": 1\n---\nText\n").utf8)]
                },
                // libyaml allows keys of at most 1024 characters.
                outcome: .fails(exit: 1, ["Content/key.md:3: invalid YAML: while scanning a simple key could not find expected ':'"])
            ),
            HostileCase(
                name: "front matter: a 1 MB quoted key", runner: .library,
                files: {
                    ["Content/key.md": Data(("---\ntitle: Key\n\"" + String(repeating: "k", count: 1_000_000) + "\": 1\n---\nText\n").utf8)]
                },
                outcome: .fails(exit: 1, ["Content/key.md:3: invalid YAML: while scanning a simple key could not find expected ':'"])
            ),
            HostileCase(
                name: "a 5 MB Markdown page", runner: .library,
                files: { ["Content/big.md": Data(fiveMegabytePage.utf8)] },
                outcome: .warns([]),
                published: ["big/index.html"]
            ),
            HostileCase(
                name: "invalid UTF-8 in a Markdown page", runner: .binary,
                files: { ["Content/bad.md": Data("# Caf".utf8) + Data([0xE9]) + Data("\n".utf8)] },
                outcome: .fails(exit: 1, ["Content/bad.md: cannot read the page: not valid UTF-8 text"])
            ),
            HostileCase(
                name: "invalid UTF-8 in front matter", runner: .library,
                files: { ["Content/bad.md": Data("---\ntitle: Caf".utf8) + Data([0xE9]) + Data("\n---\nText\n".utf8)] },
                outcome: .fails(exit: 1, ["Content/bad.md: cannot read the page: not valid UTF-8 text"])
            ),
            HostileCase(
                name: "invalid UTF-8 in ttsite.yml", runner: .binary,
                files: { ["ttsite.yml": Data("title: Caf".utf8) + Data([0xE9]) + Data("\n".utf8)] },
                outcome: .fails(exit: 2, ["ttsite.yml: cannot read the site config: not valid UTF-8 text"])
            ),
            HostileCase(
                name: "a symlink in Content/ to a folder outside the site", runner: .binary,
                files: { [:] },
                outcome: .fails(exit: 1, ["Content/leak: is a symlink to ", "/outside, outside the site folder"]),
                prepare: { site in try link("Content/leak", to: "../../outside", in: site) }
            ),
            HostileCase(
                name: "a symlink in Content/ to /etc/passwd", runner: .library,
                files: { [:] },
                outcome: .fails(exit: 1, ["Content/passwd.txt: is a symlink to /etc/passwd, outside the site folder"]),
                prepare: { site in try link("Content/passwd.txt", to: "/etc/passwd", in: site) }
            ),
            HostileCase(
                name: "a symlink loop: a folder linking to itself", runner: .binary,
                files: { [:] },
                outcome: .warns([]),
                prepare: { site in try link("Content/loop", to: ".", in: site) },
                unpublished: ["loop/index.html"]
            ),
            HostileCase(
                name: "a symlink loop: two links pointing at each other", runner: .binary,
                files: { [:] },
                outcome: .fails(exit: 1, ["Content/a: is a symlink to b, which leads to symlinks that point at each other in a loop"]),
                prepare: { site in
                    try link("Content/a", to: "b", in: site)
                    try link("Content/b", to: "a", in: site)
                }
            ),
            HostileCase(
                name: "a dangling symlink", runner: .library,
                files: { [:] },
                outcome: .fails(exit: 1, ["Content/gone.txt: is a symlink to nowhere.txt, which leads to nothing there"]),
                prepare: { site in try link("Content/gone.txt", to: "nowhere.txt", in: site) }
            ),
            HostileCase(
                name: "a symlink in Content/ to the site's own data", runner: .binary,
                files: { [:] },
                outcome: .fails(exit: 1, ["Content/people.json: is a symlink to Content/data/people.json, which is never published"]),
                prepare: { site in try link("Content/people.json", to: "data/people.json", in: site) }
            ),
            HostileCase(
                name: "a symlink in Content/ to the cache of fetched answers", runner: .library,
                files: { [".ttsite/cache/answer.json": Data(#"{"results":[{"email":"private@example.org"}]}"#.utf8)] },
                outcome: .fails(exit: 1, ["Content/cache: is a symlink to .ttsite/cache, which is never published"]),
                prepare: { site in try link("Content/cache", to: "../.ttsite/cache", in: site) }
            ),
            HostileCase(
                name: "a symlink in Content/ to a file inside the site", runner: .library,
                files: { ["Templates/notes.txt": Data("notes\n".utf8)] },
                outcome: .warns([]),
                prepare: { site in try link("Content/notes.txt", to: "../Templates/notes.txt", in: site) },
                published: ["notes.txt"],
            ),
        ]
    }

    static func link(_ path: String, to destination: String, in site: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent(path).path, withDestinationPath: destination)
    }

    /// Nine levels of ten aliases each: 10⁹ values if expanded.
    static var billionLaughs: String {
        var lines = ["---", "title: Bomb", #"a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        for level in 1...8 {
            let alias = "*a\(level - 1)"
            lines.append("a\(level): &a\(level) [" + Array(repeating: alias, count: 10).joined(separator: ",") + "]")
        }
        return (lines + ["---", "Text"]).joined(separator: "\n") + "\n"
    }

    /// About 5 MB of ordinary Markdown: headings, paragraphs, lists, emphasis, links.
    static var fiveMegabytePage: String {
        let section = """
            ## Section

            A paragraph with *emphasis*, **strong text**, `code` and [a link](https://example.org/).
            It goes on for a while so that the page is mostly prose, as real pages are.

            - one item
            - another item with <b>raw HTML</b> that safe mode leaves out

            > A quote.


            """
        let page = String(repeating: section, count: 5_000_000 / section.utf8.count + 1)
        return "---\ntitle: Big\n---\n" + page
    }
}
