import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

@Suite struct BuildTests {
    /// The fixture site's whole output equals the golden copy, which was read and checked by
    /// hand: relative links from every depth, translations and hreflang, the slug and layout
    /// overrides, the draft left out, safe Markdown with smart punctuation, the sitemap with
    /// absolute URLs under the base path, and a 404 page linking from the site path.
    @Test func fixtureSiteMatchesTheGoldenOutput() throws {
        let site = try TestSite(fixture: "site")
        defer { site.remove() }
        try site.build()
        var built = try snapshot(of: site.output)
        // The assets are the built-in files under hashed names; the golden copy keeps only
        // the pages (which name the assets), so a style change does not duplicate the CSS here.
        let templates = try TemplateSet(overridesIn: nil)
        let manifest = AssetManifest(assets: templates.assets)
        for (name, bytes) in templates.assets {
            let path = manifest.paths[name]!
            #expect(built.removeValue(forKey: path) == Data(bytes), "\(path)")
        }
        for (path, bytes) in built {
            try Golden.check(bytes, path: path, in: "golden")
        }
        try Golden.checkNothingElse(in: "golden", built: Set(built.keys))
    }

    @Test func everyInternalLinkResolves() throws {
        let site = try TestSite(fixture: "site")
        defer { site.remove() }
        try site.build()
        let (checked, broken) = try LinkChecker(folder: site.output, sitePath: "/sub/").check()
        #expect(checked >= 30)
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func theLinkCheckerFindsABrokenLink() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            -- Content/index.md --
            [gone](missing/index.html) [up](../../etc/passwd) [ok](https://example.org/)
            """)
        defer { site.remove() }
        try site.build()
        let (_, broken) = try LinkChecker(folder: site.output).check()
        #expect(broken.map(\.link) == ["missing/index.html", "../../etc/passwd"])
    }

    @Test func twoBuildsWithTheSameNowAreByteIdentical() throws {
        let site = try TestSite(fixture: "site")
        defer { site.remove() }
        try site.build()
        let first = try snapshot(of: site.output)
        try site.build()
        #expect(try snapshot(of: site.output) == first)
    }

    /// A broken template half-way through the build: the output folder keeps every byte.
    @Test func aFailedBuildLeavesTheOutputUntouched() throws {
        let site = try TestSite(fixture: "site")
        defer { site.remove() }
        try site.build()
        let before = try snapshot(of: site.output)
        try site.write("{{<base}}\n{{$main}}\n{{#page}}\n{{/main}}\n{{/base}}\n", to: "Templates/post.mustache")
        #expect {
            try site.build()
        } throws: { error in
            let error = error as? BuildError
            return error?.location == "Templates/post.mustache" && error?.line != nil && error?.exitCode == 1
        }
        #expect(try snapshot(of: site.output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty)
    }

    @Test func aBadPageLaterInTheBuildLeavesTheOutputUntouched() throws {
        let site = try TestSite(fixture: "site")
        defer { site.remove() }
        try site.build()
        let before = try snapshot(of: site.output)
        try site.write("---\ntitle: x\nlayout: nonexistent\n---\n", to: "Content/zzz.md")
        #expect(throws: BuildError.self) { try site.build() }
        #expect(try snapshot(of: site.output) == before)
    }

    @Test func aFolderTtsiteDidNotCreateIsNeverReplaced() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- _site/precious.txt --\nkeep me")
        defer { site.remove() }
        #expect {
            try site.build()
        } throws: { error in
            (error as? BuildError)?.message.contains("was not written by ttsite") == true
        }
        #expect(try site.read("precious.txt") == "keep me\n")
    }

    @Test func theSiteFolderItselfIsRefusedAsOutput() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { site.remove() }
        var options = site.options()
        options.output = site.folder.deletingLastPathComponent()
        #expect { try Site.build(options) } throws: { error in
            (error as? BuildError)?.message.contains("is the site folder or contains it") == true
        }
    }

    @Test func aSymlinkOutOfTheSiteIsRefused() throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appendingPathComponent("Content/passwd").path, withDestinationPath: "/etc/passwd")
        #expect { try site.build() } throws: { error in
            let error = error as? BuildError
            return error?.location == "Content/passwd" && error?.message.contains("outside the site folder") == true
        }
    }

    /// `ln -s .. Content/loop` published `loop/ttsite.yml` (a connection's host and user)
    /// and `loop/data/`, and the output nested itself on every build (issue 50): a link to
    /// the site folder, a folder above `Content/`, the output or the config is refused with
    /// its name, and nothing is published. A link to a folder of its own still works (and one
    /// to `Content/` itself is walked once: `HostileCorpus`).
    @Test func aSymlinkBackIntoTheSiteIsRefused() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            -- Content/index.md --
            Hi
            -- downloads/report.txt --
            figures
            -- Content/inner/page.md --
            Inner
            """)
        defer { site.remove() }
        let content = site.folder.appendingPathComponent("Content")
        try FileManager.default.createSymbolicLink(
            atPath: content.appendingPathComponent("files").path, withDestinationPath: "../downloads")
        try site.build()
        #expect(try site.read("files/report.txt").hasPrefix("figures"))
        let published = try snapshot(of: site.output)
        for (name, target, says) in [
            ("loop", "..", "is a symlink to the site folder"),
            ("deep", "../Content/inner/../..", "is a symlink to the site folder"),
            ("built", "../_site", "which is (or holds) the output folder"),
            ("config.txt", "../ttsite.yml", "the site's config, which is never published"),
        ] {
            let link = content.appendingPathComponent(name)
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
            #expect { try site.build() } throws: { error in
                let error = error as? BuildError
                return error?.location == "Content/\(name)" && error?.message.contains(says) == true
            }
            try FileManager.default.removeItem(at: link)
            #expect(try snapshot(of: site.output) == published, "\(name)")
        }
    }

    @Test func dataAndHiddenFilesAreNotPublished() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            -- Content/index.md --
            Hi
            -- Content/data/people.json --
            []
            -- Content/.secret --
            x
            -- Content/files/report.pdf --
            pdf
            """)
        defer { site.remove() }
        try site.build()
        let files = try snapshot(of: site.output).keys
        #expect(files.contains("files/report.pdf"))
        #expect(!files.contains { $0.hasPrefix("data/") || $0.contains(".secret") })
    }

    @Test func aSiteTemplateOverridesTheBuiltInOne() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            -- Content/a.md --
            Hi
            -- Templates/footer.mustache --
            <footer>Custom footer for {{site.title}}</footer>
            """)
        defer { site.remove() }
        try site.build()
        #expect(try site.read("a/index.html").contains("<footer>Custom footer for T</footer>"))
    }

    @Test func twoPagesForOneAddressAreAnError() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            -- Content/a.md --
            ---
            slug: b
            ---
            -- Content/b.md --
            Hi
            """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            (error as? BuildError)?.message.contains("would both be written to b/index.html") == true
        }
    }

    @Test func unsafeHTMLAppliesToContentWhenConfigured() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            markdown: { unsafe_html: true }
            -- Content/a.md --
            Hi <mark>there</mark>
            """)
        defer { site.remove() }
        try site.build()
        #expect(try site.read("a/index.html").contains("<p>Hi <mark>there</mark></p>"))
    }

    @Test func theBuiltInTemplatesAreInTheBinary() throws {
        let templates = try TemplateSet(overridesIn: nil)
        for name in ["base", "header", "footer", "page", "home", "not-found"] {
            #expect(templates.has(name))
        }
        #expect(templates.assets["style.css"]?.isEmpty == false)
    }
}

@Suite struct PageTextTests {
    @Test func pagesUseMustacheTagsOnTheSiteDataBeforeMarkdown() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Tags & Co
            -- Content/a.md --
            ---
            who: <b>you</b>
            ---
            This is **{{site.title}}**, for {{page.who}}.
            """)
        defer { site.remove() }
        try site.build()
        #expect(try site.read("a/index.html").contains("<p>This is <strong>Tags &amp; Co</strong>, for &lt;b&gt;you&lt;/b&gt;.</p>"))
    }

    @Test func aBrokenTagInThePageTextNamesTheFileLine() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: T
            -- Content/a.md --
            ---
            title: A
            ---
            Line one.

            Broken {{#people}} section.
            """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            let error = error as? BuildError
            return error?.location == "Content/a.md" && error?.line == 6 && error?.message.contains("never closed") == true
        }
    }
}
