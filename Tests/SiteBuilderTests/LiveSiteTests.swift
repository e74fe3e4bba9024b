import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// A preview's site in memory (`LiveSite`) renders only what an edit of a page's text or of a
/// template changes, in place, and leaves its folder holding exactly the bytes a full build
/// of the edited site would. Every other edit goes through a build.
@Suite struct LiveSiteTests {
    static let day = "2026-11-22T08:00:00Z"

    /// The record fixture, with a people list that takes its intro from `Content/people.md`
    /// and a 404 page with a text of its own.
    static func makeSite() throws -> TestSite {
        let site = try BuildRecordTests.makeSite()
        try site.write("---\ntitle: Our people\n---\nEveryone we know.\n", to: "Content/people.md")
        try site.write("---\ntitle: Lost\n---\nNothing here.\n", to: "Content/404.md")
        return site
    }

    /// Brings the site's output up to date after editing `files`, and checks it against a
    /// full build of the site as it now is.
    @discardableResult
    func update(_ live: LiveSite, _ site: TestSite, _ files: [String], now: String = day, _ step: String) throws -> BuildSummary {
        let summary = try live.update(site.options(now: now), changed: files.map { site.folder.appendingPathComponent($0).path })
        try site.expectFullBuildBytes(now: now, step)
        return summary
    }

    @Test func anEditOfAPagesTextRendersThatPageAlone() throws {
        let site = try Self.makeSite()
        defer { site.remove() }
        let live = LiveSite()
        let first = try update(live, site, [], "first build")
        #expect(first.update == nil)

        try site.write("---\ntitle: Note\n---\nA note, *edited*.\n", to: "Content/notes/note.md")
        let note = try update(live, site, ["Content/notes/note.md"], "a page's text")
        #expect(note.update?.pagesRendered == 1)
        #expect(note.filesWritten == 1, "the note; the 404 page and the feeds are as they were")
        #expect(try site.read("notes/note/index.html").contains("<em>edited</em>"))

        // A dated page is an entry of the pages feeds, which hold its HTML.
        try site.write("---\ntitle: Launch\ndate: 2026-11-01\n---\nWe launched, at last.\n", to: "Content/news/launch.md")
        let launch = try update(live, site, ["Content/news/launch.md"], "a dated page's text")
        #expect(launch.update?.pagesRendered == 1)
        #expect(launch.filesWritten == 3, "the page and the Atom and JSON feeds of English pages")

        // The people list's intro, and the 404 page's text.
        try site.write("---\ntitle: Our people\n---\nEveryone we know, and more.\n", to: "Content/people.md")
        try site.write("---\ntitle: Lost\n---\nNothing here, sorry.\n", to: "Content/404.md")
        let list = try update(live, site, ["Content/people.md", "Content/404.md"], "a list's intro and the 404 text")
        #expect(list.update != nil)
        #expect(try site.read("404.html").contains("sorry"))

        // Two edits of the text in a row: the second compares with the first.
        try site.write("---\ntitle: Note\n---\nA note, edited twice.\n", to: "Content/notes/note.md")
        #expect(try update(live, site, ["Content/notes/note.md"], "the same page again").update?.pagesRendered == 1)
    }

    /// `Content/people/[slug].md` gives every English person's page its text: adding it goes
    /// through a build, an edit of its text renders those pages (the fixture's 61 people) and
    /// no other, and the folder is what a full build writes.
    @Test func anEditOfTheTextOfEveryPersonsPageRendersThosePages() throws {
        let site = try Self.makeSite()
        defer { site.remove() }
        let live = LiveSite()
        try update(live, site, [], "first build")
        try site.write("---\ntitle: \"{{row.name}}\"\n---\nHello, {{row.first_name}}.\n", to: "Content/people/[slug].md")
        let added = try update(live, site, ["Content/people/[slug].md"], "the text added")
        #expect(added.update == nil, "a new page of Content/ goes through a build")

        try site.write("---\ntitle: \"{{row.name}}\"\n---\nHello again, {{row.first_name}}.\n", to: "Content/people/[slug].md")
        let edited = try update(live, site, ["Content/people/[slug].md"], "the text edited")
        #expect(edited.update?.pagesRendered == 61)
        #expect(
            try site.read("people/ahmet-yilmaz/index.html").contains("<p>Hello again, ahmet.</p>"),
            "the data writes the first name in lower case")
        #expect(try !site.read("de/people/ahmet-yilmaz/index.html").contains("Hello"))
    }

    /// A dated page beyond `feeds.limit` is in no feed: an edit of its text writes the page
    /// alone; an edit of one the feeds show writes them too.
    @Test func anEditOfAPageTheFeedsDoNotShowLeavesThem() throws {
        let site = try FeedTests.site(
            people: FeedTests.people, config: "base_url: https://example.org/r/\nfeeds: { limit: 1 }",
            pages: """
                -- Content/news/old.md --
                ---
                title: Old
                date: 2026-01-05
                ---
                Old news.
                -- Content/news/new.md --
                ---
                title: New
                date: 2026-11-20
                ---
                New news.
                """)
        defer { site.remove() }
        let live = LiveSite()
        try update(live, site, [], "first build")
        try site.write("---\ntitle: Old\ndate: 2026-01-05\n---\nOld news, edited.\n", to: "Content/news/old.md")
        let old = try update(live, site, ["Content/news/old.md"], "a page the feeds do not show")
        #expect(old.update?.pagesRendered == 1)
        #expect(old.filesWritten == 1, "the page alone")
        try site.write("---\ntitle: New\ndate: 2026-11-20\n---\nNew news, edited.\n", to: "Content/news/new.md")
        let new = try update(live, site, ["Content/news/new.md"], "the page the feeds show")
        #expect(new.filesWritten == 3, "the page and the Atom and JSON feeds of English pages")
    }

    @Test func moreThanTextGoesThroughABuild() throws {
        let site = try Self.makeSite()
        defer { site.remove() }
        let live = LiveSite()
        try update(live, site, [], "first build")
        #expect(live.decodedDocuments.lastDecoded.count > 2, "the first build decoded every document")

        // A new title is in the menu, the lists, the translations' links: a build follows it.
        try site.write("---\ntitle: About us\nmenu: 1\n---\nWho we are.\n", to: "Content/about.md")
        #expect(try update(live, site, ["Content/about.md"], "a title").update == nil)

        try site.write("---\ntitle: New\n---\nNew.\n", to: "Content/notes/new.md")
        #expect(try update(live, site, ["Content/notes/new.md"], "a page added").update == nil)

        #expect(live.decodedDocuments.lastDecoded.isEmpty, "builds after a page edit decoded nothing again")
        try BuildRecordTests().mutatePeople(site)
        #expect(try update(live, site, ["Content/data/people/v1.4.json"], "a data file").update == nil)
        #expect(live.decodedDocuments.lastDecoded == ["Content/data/people/v1.4.json"], "the other documents were kept decoded")

        // The next day: ages and "in N days" change on pages the edit did not touch.
        try site.write("---\ntitle: Note\n---\nA note, the next day.\n", to: "Content/notes/note.md")
        #expect(try update(live, site, ["Content/notes/note.md"], now: "2026-11-23T08:00:00Z", "the next day").update == nil)
    }

    @Test func aTemplateEditRendersThePagesUsingIt() throws {
        let site = try Self.makeSite()
        defer { site.remove() }
        let live = LiveSite()
        let first = try update(live, site, [], "first build")

        // Every page includes the footer.
        try site.write("<footer>{{site.title}}, edited</footer>\n", to: "Templates/footer.mustache")
        let footer = try update(live, site, ["Templates/footer.mustache"], "the footer")
        #expect(footer.update?.pagesRendered == first.pages)

        // Only person pages (and the Content pages, whose text may hold report blocks) use `person`.
        let person = String(decoding: TemplateSet.defaults["person.mustache"]!, as: UTF8.self)
        try site.write(
            person.replacingOccurrences(of: "</article>", with: "<p>edited person</p></article>"), to: "Templates/person.mustache")
        let people = try update(live, site, ["Templates/person.mustache"], "the person template")
        let personPages = try snapshot(of: site.output).keys.filter { $0.hasSuffix(".html") }
            .filter { try! site.read($0).contains("edited person") }.count
        let markdownFiles = FileManager.default.enumerator(atPath: site.folder.appendingPathComponent("Content").path)!
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.count
        #expect(personPages > 0)
        #expect((personPages...(personPages + markdownFiles)).contains(people.update?.pagesRendered ?? -1))
        #expect(people.update?.pagesRendered ?? .max < first.pages)

        // A stylesheet's name holds its hash, and every page links it: a build.
        try site.write("body { color: red }\n", to: "Templates/style.css")
        #expect(try update(live, site, ["Templates/style.css"], "the stylesheet").update == nil)
    }

    @Test func aFailedUpdateWritesNothingAndIsTakenIntoTheNext() throws {
        let site = try Self.makeSite()
        defer { site.remove() }
        let live = LiveSite()
        try update(live, site, [], "first build")
        let before = try snapshot(of: site.output)

        try site.write("<footer>{{#site}}</footer>\n", to: "Templates/footer.mustache")
        #expect(throws: BuildError.self) {
            try live.update(site.options(now: Self.day), changed: [site.folder.appendingPathComponent("Templates/footer.mustache").path])
        }
        #expect(try snapshot(of: site.output) == before)

        // A broken data file fails the build; a text edit after it must not hide that.
        let people = site.folder.appendingPathComponent("Content/data/people/v1.4.json")
        let good = try Data(contentsOf: people)
        try Data("{\"results\": [".utf8).write(to: people)
        #expect(throws: BuildError.self) { try live.update(site.options(now: Self.day), changed: [people.path]) }
        try site.write("---\ntitle: Note\n---\nEdited while the data is broken.\n", to: "Content/notes/note.md")
        #expect(throws: BuildError.self) {
            try live.update(site.options(now: Self.day), changed: [site.folder.appendingPathComponent("Content/notes/note.md").path])
        }
        #expect(try snapshot(of: site.output) == before)

        // Both fixed: the footer and the note are taken in with the data.
        try good.write(to: people)
        try site.write("<footer>{{site.title}}, fixed</footer>\n", to: "Templates/footer.mustache")
        try update(live, site, ["Templates/footer.mustache"], "after the fixes")
        #expect(try site.read("index.html").contains("fixed"))
        #expect(try site.read("notes/note/index.html").contains("data is broken"))
    }

    /// A chart published as PNG (for feeds and share previews, with a `base_url`) is a file
    /// named by its drawing: a saved CSV that changes the chart writes the new file, and the
    /// old one, which no page shows any more, goes, as a full build would have it.
    @Test func aSavedTableWritesTheChartsNewPictureAndRemovesTheOld() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Charts
            base_url: https://example.org/
            data:
              sales: { file: data/sales.csv }
            -- data/sales.csv --
            month,amount
            2026-01-01,10
            2026-02-01,12
            -- Content/index.md --
            # Sales
            -- Content/sales.md --
            ---
            title: Sales
            ---
            ```ttsite query sales
            SELECT month, amount FROM sales ORDER BY month
            ```

            ```ttsite chart kind=line data=sales x=month y=amount
            ```
            """)
        defer { site.remove() }
        let live = LiveSite()
        try update(live, site, [], "first build")
        let charts = { try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("assets/charts").path) }
        let before = try charts()
        #expect(before.count == 1)
        try site.write("month,amount\n2026-01-01,10\n2026-02-01,15\n", to: "data/sales.csv")
        let saved = try update(live, site, ["data/sales.csv"], "a new amount")
        #expect(saved.update?.pagesRendered == 1)
        let after = try charts()
        #expect(after.count == 1 && after != before)
        #expect(try site.read("sales/index.html").contains("assets/charts/\(after[0])"))
    }

    /// A saved CSV renders the pages whose results changed, and only those; an edit that
    /// changes which pages there are, or their titles, goes through a build.
    @Test func aSavedTableRendersThePagesWhoseResultsChanged() throws {
        let facts = { (amount: String) in
            "entity,quarter,amount\nAurora,2024-01-01,\(amount)\nAurora,2024-04-01,20.5\nBorealis,2024-01-01,5.25\nCygnus,2024-01-01,7.5\n"
        }
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Facts
            data:
              entities: { file: data/entities.csv }
              facts: { file: data/facts.csv, index: [entity] }
            -- data/entities.csv --
            name,sector
            Aurora,energy
            Borealis,food
            Cygnus,transport
            -- data/facts.csv --
            \(facts("10.5"))
            -- queries/entities.sql --
            SELECT name, sector FROM entities ORDER BY name
            -- Content/index.md --
            ---
            title: Entities
            ---
            ```ttsite table data=entities link=name
            ```
            -- Content/entities/[name].md --
            ---
            title: "{{row.name}}"
            rows: entities
            ---
            ```ttsite query facts
            SELECT quarter, amount FROM facts WHERE entity = :name ORDER BY quarter
            ```

            ```ttsite table data=facts format.amount=decimal:2
            ```
            """)
        defer { site.remove() }
        let live = LiveSite()
        try update(live, site, [], "first build")
        #expect(try site.read("entities/aurora/index.html").contains(">10.50<"))

        // One fact of Aurora: Aurora's page, written by hand from the table's format. (Had
        // the column turned from integers to reals, every page of its results would be new.)
        try site.write(facts("1234.5"), to: "data/facts.csv")
        let one = try update(live, site, ["data/facts.csv"], "one fact")
        #expect(one.update?.pagesRendered == 1)
        #expect(one.filesWritten == 1)
        #expect(try site.read("entities/aurora/index.html").contains(">1,234.50<"))

        // Saved again unchanged: nothing to render.
        let same = try update(live, site, ["data/facts.csv"], "the same facts")
        #expect(same.update?.pagesRendered == 0)
        #expect(same.filesWritten == 0)

        // A sector changes the index's table, and Borealis's row (its page may show it).
        try site.write("name,sector\nAurora,energy\nBorealis,farming\nCygnus,transport\n", to: "data/entities.csv")
        let sector = try update(live, site, ["data/entities.csv"], "a sector")
        #expect(sector.update?.pagesRendered == 2)
        #expect(sector.filesWritten == 1, "the index; Borealis's page shows no sector")
        #expect(try site.read("index.html").contains(">farming<"))

        // A new entity is a new page: a build.
        try site.write("name,sector\nAurora,energy\nBorealis,farming\nCygnus,transport\nDraco,mining\n", to: "data/entities.csv")
        let added = try update(live, site, ["data/entities.csv"], "a new entity")
        #expect(added.update == nil)
        #expect(try site.read("entities/draco/index.html").contains("<title>Draco"))

        // A broken CSV fails the update, and the preview keeps what it showed.
        try site.write("entity,quarter,amount\nAurora,2024-01-01,\"unclosed\n", to: "data/facts.csv")
        #expect(throws: BuildError.self) {
            try live.update(site.options(now: Self.day), changed: [site.folder.appendingPathComponent("data/facts.csv").path])
        }
        #expect(try site.read("entities/aurora/index.html").contains(">1,234.50<"))
    }
}
