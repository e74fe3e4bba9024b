import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import SiteBuilder

/// A site's own templates and pages are checked while they render: a name that resolves to
/// nothing, a partial that does not exist and a front matter key nothing reads are warnings
/// naming the file and line (errors with `--strict`), where they used to render as silence.
@Suite struct TemplateWarningsTests {
    let now = "2026-11-22T08:00:00Z"

    func site() throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Checked
            -- Templates/post.mustache --
            {{<base}}{{$main}}
            <h1>{{page.title}}</h1>
            <p class="by">{{page.autor}}</p>
            {{>foter}}
            {{{page.content}}}
            {{/main}}{{/base}}
            -- Content/index.md --
            Home
            -- Content/one.md --
            ---
            title: One
            layout: post
            autor: Ann
            titel: Oops
            ---
            We track {{people.cont}} people.
            -- Content/two.md --
            ---
            title: Two
            layout: post
            ---
            Two
            """)
    }

    @Test func missesAndUnreadKeysAreWarningsWithFileAndLine() async throws {
        let site = try site()
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(run.status == 0)
        // Lines by hand: in post.mustache `{{page.autor}}` is on line 3 and `{{>foter}}` on 4;
        // in one.md the key `titel` is on line 5 and the body's first line is line 7.
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [
                """
                ttsite: warning: Content/one.md:5: \
                the front matter key `titel` is read by neither ttsite nor the template `post`; did you mean `title`?
                """,
                """
                ttsite: warning: Content/one.md:7: `{{people.cont}}` names nothing on one/index.html, so it shows nothing; \
                check the spelling, or write `{{#people.cont}}…{{/people.cont}}` where it is optional
                """,
                """
                ttsite: warning: Templates/post.mustache:3: `{{page.autor}}` names nothing on two/index.html, so it shows nothing; \
                check the spelling, or write `{{#page.autor}}…{{/page.autor}}` where it is optional
                """,
                """
                ttsite: warning: Templates/post.mustache:4: \
                `{{>foter}}` names no template (there is no Templates/foter.mustache nor a built-in one), so it shows nothing
                """,
            ])
        #expect(try site.read("one/index.html").contains("<p class=\"by\">Ann</p>"))
    }

    @Test func strictMakesThemErrorsAndKeepsThePublishedSite() async throws {
        let site = try site()
        defer { site.remove() }
        #expect(try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder).status == 0)
        let published = try snapshot(of: site.output)
        let run = try await TTSiteBinary.run(["build", "--quiet", "--strict", "--now", now], in: site.folder)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("ttsite: error: --strict: Content/one.md:5: the front matter key `titel`"))
        #expect(try snapshot(of: site.output) == published)
    }

    @Test func aKeyReadByThePagesOwnTagsOrAPartialIsNotWarned() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Quiet
            -- Templates/byline.mustache --
            <p>{{page.author}}</p>
            -- Templates/post.mustache --
            {{<base}}{{$main}}{{>byline}}{{{page.content}}}{{/main}}{{/base}}
            -- Content/index.md --
            Home
            -- Content/one.md --
            ---
            layout: post
            author: Ann
            mood: calm
            date: 2026-11-01
            description: Read by the built-in base template.
            ---
            Today is {{page.mood}}.
            """)
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
    }

    /// A page can show a template: tags in code spans and code blocks stay as written, with
    /// no warning; tags outside code are filled in, also around and between code.
    @Test func tagsInCodeAreShownAsWritten() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Templates shown
            -- Content/index.md --
            ---
            mood: calm
            ---
            Write `{{page.title}}` for the title; today is {{page.mood}}.

            ```mustache
            <h1>{{page.title}}</h1>
            {{#people}}{{name}}{{/people}}
            ```

                {{{page.content}}}

            > In a quote: ``{{ lang }}``, and outside: {{lang}}.
            """)
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let page = try site.read("index.html")
        // cmark's HTML for code: `<` and `>` escaped, braces as written.
        #expect(page.contains("<p>Write <code>{{page.title}}</code> for the title; today is calm.</p>"))
        #expect(
            page.contains(
                "<pre><code class=\"language-mustache\">&lt;h1&gt;{{page.title}}&lt;/h1&gt;\n{{#people}}{{name}}{{/people}}\n</code></pre>")
        )
        #expect(page.contains("<pre><code>{{{page.content}}}\n</code></pre>"))
        #expect(page.contains("<p>In a quote: <code>{{ lang }}</code>, and outside: en.</p>"))
    }

    /// A page whose every tag stands in code (a page of templates, tldr-pages' `{{path}}`) has
    /// nothing to fill in: it is rendered from the document its code was found in, parsed
    /// once, with its links written, its headings given ids and its report blocks drawn as on
    /// any page.
    @Test func aPageWhoseTagsAreAllInCodeIsRenderedAsWritten() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Commands
            -- Content/index.md --
            # Copy files

            See [the other page](other.md).

            ```ttsite toc
            ```

            ## Usage

            `cp {{path/to/source}} {{path/to/target}}`

                {{indented}} and {{{triple}}}
            -- Content/other.md --
            Other.
            """)
        defer { site.remove() }
        try site.build()
        let page = try site.read("index.html")
        #expect(page.contains("<code>cp {{path/to/source}} {{path/to/target}}</code>"))
        #expect(page.contains("<pre><code>{{indented}} and {{{triple}}}\n</code></pre>"))
        #expect(page.contains(#"<a href="other/index.html">the other page</a>"#))
        #expect(page.contains(#"id="usage""#) && page.contains(##"<a href="#usage">Usage</a>"##))
    }

    @Test func aKeyInManyPagesIsOneWarning() async throws {
        let pages = (1...3).map { "-- Content/p\($0).md --\n---\ntitle: P\($0)\nauthor: Ann\n---\nText" }.joined(separator: "\n")
        let site = try TestSite("-- ttsite.yml --\ntitle: Many\n-- Content/index.md --\nHome\n" + pages)
        defer { site.remove() }
        let run = try await TTSiteBinary.run(["build", "--quiet", "--now", now], in: site.folder)
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "ttsite: warning: Content/p1.md:3: "
                + "the front matter key `author` is read by neither ttsite nor the template `page` (and 2 more pages)\n"
        )
    }

    /// Worked out by hand: a swap of neighbours is one edit, `layuot` → `layout` one swap.
    @Test(arguments: [
        ("titel", "title", 1), ("layuot", "layout", 1), ("kitten", "sitting", 3), ("x", "", 1), ("", "abc", 3), ("same", "same", 0),
    ])
    func editDistance(a: String, b: String, expected: Int) {
        #expect(Spelling.distance(a, b) == expected)
    }
}

/// Whether a page's text holds a Mustache tag, by `memchr`: the cases worked out by hand.
struct HasTagTests {
    @Test(arguments: [
        ("", false), ("{", false), ("{{", true), ("{ {", false), ("a}{b", false), ("ends with {", false),
        ("Grüße {{name}}", true), ("{x{{", true), ("{{{raw}}}", true), (String(repeating: "{ ", count: 5000) + "{{", true),
    ])
    func findsTwoBraces(text: String, expected: Bool) {
        #expect(TemplateSet.hasTag(text) == expected)
    }
}
