import DataSources
import Foundation
import TestSupport
import Testing

@Suite("Source cache")
struct SourceCacheTests {
    let url = URL(string: "https://randomuser.me/api/?results=50&seed=ttsite")!

    @Test func keysAreDeterministicAndNamedAfterTheHost() {
        #expect(SourceCache.key(for: url) == SourceCache.key(for: URL(string: url.absoluteString)!))
        #expect(SourceCache.key(for: url).hasPrefix("randomuser.me-"))
        #expect(SourceCache.key(for: url).count == "randomuser.me-".count + 16)
        #expect(SourceCache.key(for: url) != SourceCache.key(for: URL(string: "https://randomuser.me/api/?results=51&seed=ttsite")!))
    }

    @Test func aKeyNeverChangesBetweenVersions() {
        // Changing the key orphans every existing cache: keep this value.
        #expect(SourceCache.key(for: URL(string: "https://example.org/api")!) == "example.org-8e2c7aaf40a616cf")
        #expect(SourceCache.key(for: URL(string: "http://127.0.0.1:8080/x")!).hasPrefix("127.0.0.1-"))
    }

    @Test func aSavedCopyReadsBackWithItsValidators() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let cache = SourceCache(siteFolder: site.url)
        #expect(cache.entry(for: url) == nil)
        try cache.save(goodBody, etag: #""abc""#, lastModified: "Wed, 21 Oct 2015 07:28:00 GMT", for: url)
        #expect(cache.entry(for: url) == SourceCache.Entry(body: goodBody, etag: #""abc""#, lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))
        #expect(cache.folder == site.url.appendingPathComponent(".ttsite/cache", isDirectory: true))
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path).sorted()
        #expect(names == [SourceCache.key(for: url) + ".body", SourceCache.key(for: url) + ".json"])
        let metadata = try String(contentsOf: cache.metadataFile(for: url), encoding: .utf8)
        #expect(metadata.contains(#""url" : "https://randomuser.me/api/?results=50&seed=ttsite""#))
    }

    @Test func aBodyThatDoesNotMatchItsMetadataIsNoCachedCopy() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let cache = SourceCache(siteFolder: site.url)
        try cache.save(goodBody, etag: nil, lastModified: nil, for: url)
        try Data("{}".utf8).write(to: cache.bodyFile(for: url))
        #expect(cache.entry(for: url) == nil)
    }

    @Test func metadataOfAnotherURLIsNoCachedCopy() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let cache = SourceCache(siteFolder: site.url)
        let other = URL(string: "https://example.org/other")!
        try cache.save(goodBody, etag: nil, lastModified: nil, for: other)
        try FileManager.default.copyItem(at: cache.bodyFile(for: other), to: cache.bodyFile(for: url))
        try FileManager.default.copyItem(at: cache.metadataFile(for: other), to: cache.metadataFile(for: url))
        #expect(cache.entry(for: url) == nil)
    }

    @Test func savingAgainReplacesTheCopyAndLeavesNoTemporaryFiles() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let cache = SourceCache(siteFolder: site.url)
        try cache.save(goodBody, etag: #""v1""#, lastModified: nil, for: url)
        try cache.save(secondBody, etag: #""v2""#, lastModified: nil, for: url)
        #expect(cache.entry(for: url) == SourceCache.Entry(body: secondBody, etag: #""v2""#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder.path).count == 2)
    }
}
