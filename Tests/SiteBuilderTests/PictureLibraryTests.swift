import Foundation
import TestSupport
import Testing

/// libvips is opened when the first picture is processed, not when ttsite starts: the
/// `ttsite` binary is run with a `libvips.so.42` that cannot be loaded (an empty file, found
/// first through `LD_LIBRARY_PATH`). Linked at start, it would stop every command before its
/// first line; opened late, it stops only a build that has a picture to process, with the
/// picture, the library and the cause named, and the published site kept.
@Suite struct PictureLibraryTests {
    /// A folder whose `libvips.so.42` the dynamic loader finds first and cannot load.
    func brokenLibrary() throws -> (folder: TemporaryFolder, environment: [String: String]) {
        let folder = try TemporaryFolder("broken-libvips")
        try Data().write(to: folder.url.appendingPathComponent("libvips.so.42"))
        return (folder, ["LD_LIBRARY_PATH": folder.url.path])
    }

    func write(_ text: String, to path: String, in site: TestSite) throws {
        try text.write(to: site.folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    func add(_ fixture: String, at path: String, to site: TestSite) async throws {
        let fixtures = try await PillowOracle.fixtures()
        let target = site.folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: target)
    }

    #if os(Linux)
        @Test func aSiteWithoutPicturesBuildsWithoutLibvips() async throws {
            let (library, environment) = try brokenLibrary()
            defer { library.remove() }
            let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi")
            defer { site.remove() }
            let run = try await TTSiteBinary.run(["build", "--quiet"], in: site.folder, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try site.read("index.html").contains("Hi"))
        }

        @Test func aPictureToProcessStopsTheBuildNamingItAndKeepsThePublishedSite() async throws {
            let (library, environment) = try brokenLibrary()
            defer { library.remove() }
            let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nFirst")
            defer { site.remove() }
            #expect(try await TTSiteBinary.run(["build", "--quiet"], in: site.folder).status == 0)
            try await add("odd-alpha.png", at: "Content/dot.png", to: site)
            try write("Second ![A dot](dot.png)", to: "Content/index.md", in: site)

            let run = try await TTSiteBinary.run(["build"], in: site.folder, environment: environment)
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("ttsite: error: Content/dot.png: pictures cannot be made: libvips.so.42 could not be opened: "))
            #expect(run.stderr.contains("libvips.so.42: file too short"), "the loader's own words: \(run.stderr)")
            #expect(run.stderr.contains("`images: remote` or `images: none`"))
            #expect(try site.read("index.html").contains("First"), "the published site is kept")
        }

        /// Pictures made by an earlier build come from the processed cache: no libvips needed.
        @Test func processedPicturesFromTheCacheNeedNoLibvips() async throws {
            let (library, environment) = try brokenLibrary()
            defer { library.remove() }
            let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nFirst ![A dot](dot.png)")
            defer { site.remove() }
            try await add("odd-alpha.png", at: "Content/dot.png", to: site)
            #expect(try await TTSiteBinary.run(["build", "--quiet"], in: site.folder).status == 0)
            try write("Second ![A dot](dot.png)", to: "Content/index.md", in: site)

            let run = try await TTSiteBinary.run(["build", "--quiet"], in: site.folder, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let page = try site.read("index.html")
            #expect(page.contains("Second") && page.contains("<picture>") && page.contains("assets/img/"))
        }
    #endif
}
