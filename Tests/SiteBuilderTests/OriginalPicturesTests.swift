import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// The pictures of `Content/` as files of their own: one that pages only show is published
/// only as its processed files; one a page links to, a template names or nothing names is
/// published without its metadata (Pillow reads the same pixels and no GPS position); with
/// `images.originals: as_is`, every file as it is.
@Suite struct OriginalPicturesTests {
    func build(_ site: TestSite) async throws -> BuildSummary {
        let options = site.options()
        return try await offThePool { try Site.build(options) }
    }

    /// Copies fixtures of Pillow's into the site: (fixture, path in the site).
    func add(_ files: [(String, String)], to site: TestSite) async throws {
        let fixtures = try await PillowOracle.fixtures()
        for (name, path) in files {
            let target = site.folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: target)
        }
    }

    func exists(_ site: TestSite, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: site.output.appendingPathComponent(path).path)
    }

    @Test func aPhotoThatPagesOnlyShowIsNotPublishedAsItsOriginal() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Shown only
            -- Content/trip.md --
            ![On the road](photos/road.jpg) and again ![](photos/road.jpg)
            """)
        defer { site.remove() }
        try await add([("rotated-gps.jpg", "Content/photos/road.jpg")], to: site)
        let summary = try await build(site)
        #expect(summary.warnings == [])
        #expect(!exists(site, "photos/road.jpg"), "the original with its GPS position stays in Content/")
        let page = try site.read("trip/index.html")
        #expect(page.contains("assets/img/") && !page.contains("road.jpg"))
        #expect(
            summary.details.contains(
                "originals: 0 pictures of Content/ published without their metadata, 1 published only as processed pictures"),
            "\(summary.details)")
        // Every processed file is without metadata (as before).
        let processed = try FileManager.default.contentsOfDirectory(
            at: site.output.appendingPathComponent("assets/img"), includingPropertiesForKeys: nil)
        #expect(!processed.isEmpty)
        for reading in try await PillowOracle.inspect(processed) {
            #expect(reading.hasNoMetadata && reading.secrets.isEmpty, "\(reading.file)")
        }
    }

    @Test func originalsThatSomethingNeedsArePublishedWithoutMetadataAndWithTheirPixels() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Downloads
            base_url: https://example.org/
            share_image: share.png
            -- Content/gallery.md --
            ![A photo](photo.jpg) — [the full photo](photo.jpg)

            ![A drawing](drawing.png) · ![moving](moving.gif) · ![animated](animated.webp)
            -- Content/index.md --
            Hello
            -- Templates/header.mustache --
            <header><img src="{{root}}logo/mark.webp" alt=""></header>
            """)
        defer { site.remove() }
        let files = [
            ("metadata.jpg", "Content/photo.jpg"),  // shown and linked
            ("metadata.png", "Content/drawing.png"),  // shown, and processed, but…
            ("metadata.gif", "Content/moving.gif"),  // a GIF is shown as it is
            ("metadata-animated.webp", "Content/animated.webp"),
            ("metadata.webp", "Content/logo/mark.webp"),  // named by a template
            ("odd-alpha.png", "Content/share.png"),  // share_image
            ("metadata-progressive.jpg", "Content/unused.jpg"),  // named by nothing
        ]
        try await add(files, to: site)
        // drawing.png is also named by raw HTML in a second page: needed as the file.
        try site.write("---\ntitle: Raw\n---\n<a href=\"drawing.png\">x</a>\n", to: "Content/raw.md")
        let summary = try await build(site)
        #expect(summary.warnings == [])
        // A GIF and an animated WebP are shown as they are (processing would keep one frame).
        let gallery = try site.read("gallery/index.html")
        #expect(
            gallery.contains(#"<img src="../moving.gif" alt="moving" />"#)
                && gallery.contains(#"<img src="../animated.webp" alt="animated" />"#))
        let sources = files.map { site.folder.appendingPathComponent($0.1) }
        let published = files.map { site.output.appendingPathComponent(String($0.1.dropFirst("Content/".count))) }
        for file in published { #expect(FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent) is published") }
        let before = try await PillowOracle.inspect(sources)
        let after = try await PillowOracle.inspect(published)
        for (original, copy) in zip(before, after) {
            let name = copy.file
            #expect(copy.pixels == original.pixels && copy.frames == original.frames, "\(name): the same picture")
            #expect(copy.iccProfile == original.iccProfile && copy.orientation == original.orientation, "\(name)")
            #expect(copy.secrets == [] && !copy.gps && !copy.xmp && copy.text.isEmpty, "\(name): \(copy.secrets) \(copy.keys)")
            #expect(copy.exifTags.allSatisfy { $0 == 274 }, "\(name): \(copy.exifTags)")
        }
        // The published copies keep their sources' modification times, as every copied file.
        let modified = { (url: URL) in try url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate }
        #expect(try modified(sources[0]) == modified(published[0]))
    }

    @Test func asIsPublishesEveryOriginalAsItIs() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: As is
            images: { originals: as_is }
            -- Content/page.md --
            ![A photo](photo.jpg)
            """)
        defer { site.remove() }
        try await add([("metadata.jpg", "Content/photo.jpg"), ("metadata.png", "Content/other.png")], to: site)
        _ = try await build(site)
        for path in ["photo.jpg", "other.png"] {
            let source = try Data(contentsOf: site.folder.appendingPathComponent("Content/" + path))
            #expect(try Data(contentsOf: site.output.appendingPathComponent(path)) == source, "\(path) as it is")
        }
        #expect(try site.read("page/index.html").contains("assets/img/"), "still shown processed")
    }

    @Test func aPictureWhoseMetadataCannotBeRemovedIsNotPublished() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: HEIC
            -- Content/page.md --
            [The photo](IMG_0001.HEIC)
            """)
        defer { site.remove() }
        // An ISO base media file whose brand says HEIC, as an iPhone writes it.
        let heic: [UInt8] =
            [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + Array(repeating: 0, count: 32)
        try Data(heic).write(to: site.folder.appendingPathComponent("Content/IMG_0001.HEIC"))
        // Other files are published as they are, whatever their name.
        try site.write("%PDF-1.4 not a picture\n", to: "Content/report.pdf")
        try site.write("<!DOCTYPE html><p>not a picture</p>\n", to: "Content/fake.jpg")
        let summary = try await build(site)
        #expect(
            summary.warnings == [
                "Content/IMG_0001.HEIC: it is a HEIF picture, and ttsite cannot remove the metadata of HEIF pictures (a GPS position, "
                    + "the camera …); convert it to JPEG, PNG or WebP, "
                    + "or set `images.originals: as_is` to publish originals as they are; it is not published"
            ])
        #expect(!exists(site, "IMG_0001.HEIC"))
        #expect(try site.read("report.pdf") == "%PDF-1.4 not a picture\n")
        #expect(try site.read("fake.jpg") == "<!DOCTYPE html><p>not a picture</p>\n")
    }

    @Test func withRemoteImagesAShownOriginalIsPublishedWithoutMetadata() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Remote
            images: remote
            -- Content/page.md --
            ![A photo](photo.jpg)
            """)
        defer { site.remove() }
        try await add([("rotated-gps.jpg", "Content/photo.jpg")], to: site)
        _ = try await build(site)
        // Beside the Markdown file, so linked where it is published from the page's address.
        #expect(try site.read("page/index.html").contains("src=\"../photo.jpg\""))
        let reading = try await PillowOracle.inspect([site.output.appendingPathComponent("photo.jpg")])[0]
        #expect(!reading.gps && reading.secrets.isEmpty && reading.orientation == 6)
    }

    @Test func checkSeesWhatABuildPublishes() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Check
            -- Content/index.md --
            [The photo](IMG.heic) and [the other](photo.jpg)
            """)
        defer { site.remove() }
        let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + Array(repeating: 0, count: 40)
        try Data(heic).write(to: site.folder.appendingPathComponent("Content/IMG.heic"))
        try await add([("metadata.jpg", "Content/photo.jpg")], to: site)
        let options = site.options()
        let summary = try await offThePool { try Site.check(options) }
        #expect(summary.broken.map(\.link) == ["IMG.heic"], "the withheld picture is not in the output")
        #expect(summary.build.warnings.contains { $0.hasPrefix("Content/IMG.heic: it is a HEIF picture") })
    }
}
