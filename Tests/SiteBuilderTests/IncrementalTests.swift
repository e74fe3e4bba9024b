import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Files whose bytes did not change are not written again: they keep their inode and their
/// modification time, so `rsync` uploads only what changed. Files no longer produced go.
@Suite struct IncrementalTests {
    /// Inode and modification time of every regular file of a folder, by relative path.
    func stamps(_ folder: URL) throws -> [String: (inode: UInt64, modified: Date)] {
        var stamps: [String: (inode: UInt64, modified: Date)] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)!
        while let path = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            stamps[path] = ((attributes[.systemFileNumber] as! NSNumber).uint64Value, attributes[.modificationDate] as! Date)
        }
        return stamps
    }

    static let site = """
        -- ttsite.yml --
        title: Incremental
        -- Content/index.md --
        Home
        -- Content/about.md --
        ---
        title: About
        ---
        About us.
        -- Content/notes/old.md --
        ---
        title: Old
        ---
        An old note.
        -- Content/files/report.pdf --
        %PDF pretend
        """

    @Test func aSecondBuildWithNothingChangedKeepsEveryFile() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        let first = try site.build()
        #expect(first.filesKept == 0)
        #expect(first.filesWritten > 5)
        let before = try stamps(site.output)
        let bytes = try snapshot(of: site.output)

        let second = try site.build()
        #expect(second.filesWritten == 0)
        #expect(second.filesKept == first.filesWritten)
        let after = try stamps(site.output)
        #expect(after.keys.sorted() == before.keys.sorted())
        for (path, stamp) in after {
            #expect(stamp.inode == before[path]!.inode, "\(path) was written again")
            #expect(stamp.modified == before[path]!.modified, "\(path) has a new modification time")
        }
        #expect(try snapshot(of: site.output) == bytes)
    }

    /// The output folder removed by hand, the last build's record left: every file is made
    /// again, the same bytes, none of them asked for a published copy that is gone.
    @Test func aRemovedOutputIsWrittenWholeAgain() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        let first = try site.build()
        let bytes = try snapshot(of: site.output)
        try FileManager.default.removeItem(at: site.output)

        let second = try site.build()
        #expect(second.filesKept == 0)
        #expect(second.filesWritten == first.filesWritten)
        #expect(try snapshot(of: site.output) == bytes)
    }

    @Test func onlyChangedFilesAreWrittenAndRemovedPagesGo() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        try site.build()
        let before = try stamps(site.output)

        // The about page's text changes (its title does not, so no other page changes);
        // the old note is deleted; the PDF gets new bytes.
        try site.write("---\ntitle: About\n---\nAbout us, now longer.\n", to: "Content/about.md")
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("Content/notes/old.md"))
        try site.write("%PDF pretend, second edition\n", to: "Content/files/report.pdf")
        try site.build()
        let after = try stamps(site.output)

        #expect(after["notes/old/index.html"] == nil)
        #expect(before["notes/old/index.html"] != nil)
        let changed = Set(after.keys.filter { after[$0]!.inode != before[$0]?.inode })
        // The home page and the 404 page list the menu, which had no link to the note (it
        // has no `menu:`), so they are unchanged; so are the assets and robots.txt.
        #expect(changed == ["about/index.html", "files/report.pdf"])
        #expect(try site.read("about/index.html").contains("About us, now longer."))
    }

    /// The menu is a value every page holds alike, digested once for all of them: an entry's
    /// new title is written again on every page that shows the menu, though nothing of those
    /// pages' own changed.
    @Test func aMenuEntryRenamedIsWrittenAgainOnEveryPage() throws {
        let site = try TestSite(Self.site.replacingOccurrences(of: "title: About\n", with: "title: About\nmenu: 1\n"))
        defer { site.remove() }
        try site.build()
        #expect(try site.read("notes/old/index.html").contains(">About</a>"))
        let before = try stamps(site.output)

        try site.write("---\ntitle: About the crew\nmenu: 1\n---\nAbout us.\n", to: "Content/about.md")
        try site.build()
        let after = try stamps(site.output)
        for page in ["index.html", "about/index.html", "notes/old/index.html", "404.html"] {
            #expect(after[page]?.inode != before[page]?.inode, "\(page) was kept")
            #expect(try site.read(page).contains(">About the crew</a>"), "\(page)")
        }
        #expect(after["files/report.pdf"]?.inode == before["files/report.pdf"]?.inode)
    }

    @Test func aCopiedFileKeepsTheModificationTimeOfItsSource() throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        let source = site.folder.appendingPathComponent("Content/files/report.pdf")
        let sourceTime = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: sourceTime], ofItemAtPath: source.path)
        try site.build()
        let published = try FileManager.default.attributesOfItem(atPath: site.output.appendingPathComponent("files/report.pdf").path)
        #expect(published[.modificationDate] as? Date == sourceTime)
    }

    /// `--strict` fails after every page is in the staging folder, most of them as hard links
    /// to the published files: throwing the staging folder away must not touch those.
    @Test func aFailedBuildLeavesTheKeptFilesUntouched() throws {
        let site = try TestSite(
            Self.site + """

                -- Content/data/people.json --
                {"results":[{"name":{"first":"Ada","last":"Lovelace"},"dob":{"date":"1815-12-10"}},
                            {"name":{"first":"No","last":"Date"},"dob":{"date":"someday"}}]}
                """)
        defer { site.remove() }
        try site.write("title: Incremental\npeople:\n  - file: Content/data/people.json\n", to: "ttsite.yml")
        let first = try site.build()
        #expect(first.warnings.count == 1)
        let before = try stamps(site.output)
        let bytes = try snapshot(of: site.output)

        var strict = site.options()
        strict.strict = true
        #expect(throws: BuildError.self) { try Site.build(strict) }
        #expect(try snapshot(of: site.output) == bytes)
        let after = try stamps(site.output)
        for (path, stamp) in after {
            #expect(stamp.inode == before[path]!.inode)
            #expect(stamp.modified == before[path]!.modified)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty)
    }
}
