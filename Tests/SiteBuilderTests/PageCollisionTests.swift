import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Two pages for one URL printed "Built 5 pages", wrote 3 and listed the URL twice in the
/// sitemap (issue 50): each is an error naming both sources, the row by its value, and the
/// published site is left as it was.
@Suite struct PageCollisionTests {
    /// A site of `names` (each of the kind `x`, or as `csv` says), and `files`; a home page
    /// unless `files` has one.
    static func site(names: [String] = [], csv: String? = nil, files: String) throws -> TestSite {
        let home = files.contains("-- Content/index.md --") ? "" : "-- Content/index.md --\nHello."
        return try TestSite(
            """
            -- ttsite.yml --
            title: Names
            data:
              names: { file: data/names.csv }
            queries: { table_page_size: 10 }
            -- data/names.csv --
            \(csv ?? "name,kind\n" + names.map { "\($0),x" }.joined(separator: "\n"))
            \(home)
            \(files)
            """)
    }

    static let rowPages = """
        -- Content/[name].md --
        ---
        rows: all
        ---
        ```ttsite query all
        SELECT name FROM names
        ```

        The page of {{row.name}}.
        """

    @Test func aRowPageAndAFileForOneURL() throws {
        let site = try Self.site(
            names: ["ada", "about", "bea"],
            files: Self.rowPages + """

                -- Content/about.md --
                About us.
                """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)"
                == "Content/about.md: Content/[name].md (for the row whose `name` is \"about\") "
                + "and Content/about.md are both the page about/index.html: rename one, or give it another `slug`"
        }
        #expect(!FileManager.default.fileExists(atPath: site.output.path), "nothing is published")
    }

    @Test func aRowPageAndAFurtherPageOfATable() throws {
        let names = (1...25).map { "n\($0)" } + ["2"]
        let site = try Self.site(
            names: names,
            files: Self.rowPages + """

                -- Content/index.md --
                ```ttsite query all
                SELECT name FROM names
                ```

                ```ttsite table data=all
                ```
                """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)".hasSuffix(
                "Content/[name].md (for the row whose `name` is \"2\") and Content/index.md (page 2 of its table) "
                    + "are both the page 2/index.html: rename one, or give it another `slug`"
            )
        }
    }

    @Test func twoRowFilesInOneFolder() throws {
        let site = try Self.site(
            csv: "name,kind\nada,x\nx,y",
            files: Self.rowPages + """

                -- Content/[kind].md --
                ---
                rows: kinds
                ---
                ```ttsite query kinds
                SELECT DISTINCT kind FROM names
                ```

                Pages of the kind {{row.kind}}; and one is called x.
                """)
        defer { site.remove() }
        #expect { try site.build() } throws: { error in
            "\(error)"
                == "Content/[name].md: Content/[kind].md (for the row whose `kind` is \"x\") "
                + "and Content/[name].md (for the row whose `name` is \"x\") "
                + "are both the page x/index.html: rename one, or give it another `slug`"
        }
    }

    /// A published site stays as it was when a collision appears in the next build.
    @Test func thePublishedSiteIsKept() throws {
        let site = try Self.site(names: ["ada", "bea"], files: Self.rowPages)
        defer { site.remove() }
        try site.build()
        let before = try snapshot(of: site.output)
        #expect(before.keys.contains("ada/index.html") && before.keys.contains("bea/index.html"))
        try site.write("ada,x\nbea,x\nabout,x\n", to: "data/names.csv")
        try site.write("About us.", to: "Content/about.md")
        #expect(throws: BuildError.self) { try site.build() }
        #expect(try snapshot(of: site.output) == before)
    }
}
