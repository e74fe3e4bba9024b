import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// `ttsite check`: every stage of a build, in memory, and the links of the would-be output.
@Suite struct CheckTests {
    static let site = """
        -- ttsite.yml --
        title: Links
        base_url: https://example.org/reports/
        languages: [en, de]
        -- Content/index.md --
        [docs](docs/) [guide](docs/guide/) [picture](img/a.png) [german](de/)
        [root-relative](/reports/docs/) [absolute into the site](https://example.org/reports/docs/)
        [mail](mailto:someone@example.org) [fragment](#top) [query](docs/?page=2)
        -- Content/index.de.md --
        [Zurück](../)
        -- Content/docs/index.md --
        [home](../) [guide](guide/index.html)
        -- Content/docs/guide.md --
        [up](../../docs/)
        -- Content/img/a.png --
        not really a picture
        """

    @Test func aSiteWhoseLinksAllResolvePassesAndWritesNothing() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        let before = try snapshot(of: site.folder.deletingLastPathComponent())
        let summary = try Site.check(site.options())
        #expect(summary.broken == [])
        // The links above (10 on the home page, 1 German, 2 + 1 in docs) plus the menus,
        // language switches and assets of the page chrome: far more than the content alone.
        #expect(summary.internalLinks > 14)
        #expect(summary.build.pages == 4)
        // Nothing written: no output folder, no staging folder, not a byte changed.
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
        #expect(try snapshot(of: site.folder.deletingLastPathComponent()) == before)
        #expect(summary.line.hasPrefix("Checked 4 pages, "))
        #expect(summary.line.hasSuffix(" internal links: all resolve"))
    }

    @Test func brokenLinksAreListedWithTheFileTheyAreWrittenIn() throws {
        let site = try TestSite(
            Self.site + """

                -- Content/about.md --
                [gone](../missing/) [typo](../doc/) [above](../../../etc/passwd) [other site path](/elsewhere/)
                [into the site but missing](https://example.org/reports/nothing/) [picture](../img/b.png)
                """)
        defer { site.remove() }
        let summary = try Site.check(site.options())
        // Worked out by hand from the page above: every link but none of the chrome, each
        // with the line of the Markdown that writes it (the page's text starts on line 1).
        #expect(
            summary.broken.map(\.description) == [
                "Content/about.md:1 (about/index.html): broken link `../missing/`: no such file in the output",
                "Content/about.md:1 (about/index.html): broken link `../doc/`: no such file in the output",
                "Content/about.md:1 (about/index.html): broken link `../../../etc/passwd`: leads above the output folder",
                "Content/about.md:1 (about/index.html): broken link `/elsewhere/`: outside the site's path /reports/",
                "Content/about.md:2 (about/index.html): broken link `https://example.org/reports/nothing/`: no such file in the output",
                "Content/about.md:2 (about/index.html): broken link `../img/b.png`: no such file in the output",
            ])
        #expect(summary.line.hasSuffix(": 6 broken"))
        // Each is reported once: as the error, not also as the build's warning.
        #expect(summary.build.warnings == [])
    }

    @Test func aTemplateLinkThatLeadsNowhereIsFoundOnEveryPage() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            -- Content/index.md --
            Home
            -- Content/about.md --
            About
            -- Templates/footer.mustache --
            <footer><a href="{{root}}imprint/">Imprint</a></footer>
            """)
        defer { site.remove() }
        let summary = try Site.check(site.options())
        #expect(Set(summary.broken.map(\.page)) == ["index.html", "about/index.html", "404.html"])
        #expect(summary.broken.allSatisfy { $0.reason == "no such file in the output" })
    }

    @Test func aBuildErrorIsTheSameErrorInCheck() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/post.md --\n---\ndraft: perhaps\n---\nText")
        defer { site.remove() }
        #expect(throws: BuildError(.content, "`draft` must be true or false, found `perhaps`", in: "Content/post.md", line: 2)) {
            try Site.check(site.options())
        }
    }

    /// The byte scanner against the attribute forms pages use.
    @Test func referencesAreReadFromHrefAndSrcInEitherQuote() {
        let html = Array(
            """
            <a href="a/">x</a><img src='b.png' alt=""><link rel="stylesheet" HREF="c.css">
            <a data-href="not-me">y</a><a href="d?x=1&amp;y=2">z</a><a href="e&amp;lt;">w</a>
            <source srcset="f.webp 480w, g.webp 960w" type="image/webp">
            """.utf8)
        // `&amp;lt;` is the text `&lt;`, not `<`: entities are decoded once, as a browser does.
        // A srcset's candidates are URLs each, their widths left out.
        #expect(HTMLReferences.urls(in: html) == ["a/", "b.png", "c.css", "d?x=1&y=2", "e&lt;", "f.webp", "g.webp"])
    }

    @Test func theCommandExitsOneOnABrokenLinkAndNamesIt() async throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\n[x](nowhere/)")
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["check", "--quiet"], in: site.folder)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == "ttsite: error: Content/index.md:1 (index.html): broken link `nowhere/`: no such file in the output")
        #expect(lines.last?.hasPrefix("Checked 1 page, ") == true)
        #expect(lines.last?.hasSuffix(" internal links: 1 broken") == true)
        let good = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { good.remove() }
        let quiet = try await TTSiteBinary.run(["check", "--quiet"], in: good.folder)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
    }

    /// `--external` over real HTTP on loopback: each link asked once, failures named. The check
    /// with external links runs on a thread of its own: it waits for the answers on semaphores.
    @Test func externalLinksAreAskedOnlyWhenAsked() async throws {
        let server = try await TestServer.shared
        let key = TestServer.uniqueKey()
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            -- Content/index.md --
            [good](\(server.url("/data/\(key)"))) [again](\(server.url("/data/\(key)"))#part)
            [missing](\(server.url("/fixed/404"))) [failing](\(server.url("/fixed/500")))
            [redirected](\(server.url("/chain/2")))
            """)
        defer { site.remove() }
        let offline = try Site.check(site.options())
        #expect(offline.externalLinks == 0 && offline.broken.isEmpty)
        #expect(try await server.requests(for: key).count == 0)

        let summary = try await offThePool { try Site.check(site.options(), externalLinks: true) }
        #expect(summary.externalLinks == 4)
        #expect(
            summary.broken.map(\.description) == [
                "Content/index.md (index.html): broken link `\(server.url("/fixed/404"))`: HTTP 404",
                "Content/index.md (index.html): broken link `\(server.url("/fixed/500"))`: HTTP 500",
            ])
        // The same URL with a fragment is asked once.
        #expect(try await server.requests(for: key).count == 1)
    }
}
