import Foundation
import Testing

@testable import SiteBuilder

/// Every page's description and share preview: from the page, its first paragraph, or (a
/// person) only what the page shows.
@Suite struct SharePreviewTests {
    static func site(config: String = "base_url: https://example.org/r/", files: String = "") throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Previews
            \(config)
            people:
              - file: Content/data/people.json
            -- Content/index.md --
            ---
            description: Said by hand.
            ---
            Hello.
            -- Content/about.md --
            ---
            title: About
            ---
            # About

            The *first* paragraph,
            on two lines.

            The second.
            -- Content/data/people.json --
            {"results":[{"name":{"first":"Anna","last":"Alpha"},"dob":{"date":"1990-11-24"},"email":"anna@example.com",
              "phone":"555-0100","login":{"uuid":"00000000-0000-4000-8000-00000000000a","password":"secret"}}]}
            \(files)
            """)
    }

    @Test func descriptionsComeFromThePageItsFirstParagraphOrWhatAPersonPageShows() throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let home = try site.read("index.html")
        #expect(home.contains(#"<meta name="description" content="Said by hand.">"#))
        #expect(home.contains(#"<meta property="og:url" content="https://example.org/r/">"#))
        #expect(home.contains(#"<meta name="twitter:card" content="summary">"#))
        let about = try site.read("about/index.html")
        #expect(about.contains(#"<meta property="og:description" content="The first paragraph, on two lines.">"#))
        #expect(about.contains(#"<meta property="og:title" content="About">"#))
        let person = try site.read("people/anna-alpha/index.html")
        #expect(person.contains(#"<meta name="description" content="Anna Alpha · Born 24-11-1990 · 35 years old">"#))
        for secret in ["anna@example.com", "555-0100", "secret", "00000000-0000-4000-8000-00000000000a"] {
            #expect(!person.contains(secret))
        }
    }

    @Test func aShareImageIsAbsoluteAndMustExist() throws {
        let site = try Self.site(
            config: "base_url: https://example.org/r/\nshare_image: images/share.png", files: "-- Content/images/share.png --\nPNG")
        defer { site.remove() }
        try site.build()
        let home = try site.read("index.html")
        #expect(home.contains(#"<meta property="og:image" content="https://example.org/r/images/share.png">"#))
        #expect(home.contains(#"<meta name="twitter:card" content="summary_large_image">"#))

        let missing = try Self.site(config: "base_url: https://example.org/r/\nshare_image: images/none.png")
        defer { missing.remove() }
        #expect {
            try missing.build()
        } throws: { error in
            (error as? BuildError)?.description
                == "ttsite.yml: `share_image` names Content/images/none.png, which is not a file of Content/"
        }
    }

    @Test func withoutABaseURLThereIsNoAbsoluteAddress() throws {
        let site = try Self.site(config: "")
        defer { site.remove() }
        try site.build()
        let home = try site.read("index.html")
        #expect(home.contains(#"<meta name="description" content="Said by hand.">"#))
        #expect(!home.contains("og:url") && !home.contains("og:image"))
    }
}
