import Foundation
import TestSupport
import Testing

@testable import DataSources

/// A fetcher for tests that must not touch the network.
struct NoNetwork: Fetcher {
    func fetch(_ request: FetchRequest) throws -> FetchResponse {
        throw FetchError.connection("the test forbids the network")
    }
}

@Suite("File sources")
struct FileSourceTests {
    func reader(_ site: TemporaryFolder, strict: Bool = false) -> SourceReader {
        SourceReader(siteFolder: site.url, fetcher: NoNetwork(), settings: FetchSettings(), offline: false, strict: strict)
    }

    @Test func readsAFileRelativeToTheSiteFolder() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try site.write(#"{"results": [1]}"#, to: "Content/data/people.json")
        let reading = try reader(site).read(.file("Content/data/people.json"))
        #expect(
            reading.documents == [SourceDocument(name: "Content/data/people.json", data: Data(#"{"results": [1]}"#.utf8), origin: .file)])
        #expect(reading.warnings.isEmpty)
    }

    @Test func readsAnAbsolutePath() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let elsewhere = try TemporaryFolder("datasources")
        defer { elsewhere.remove() }
        let file = try elsewhere.write("[]", to: "shared.json")
        let reading = try reader(site).read(.file(file.path))
        #expect(reading.documents.map(\.name) == [file.standardizedFileURL.path])
    }

    @Test func readsAFolderOfJSONInNameOrderSkippingHiddenAndOtherFiles() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try site.write("{}", to: "Content/data/scenarios/b.json")
        try site.write("{}", to: "Content/data/scenarios/a.json")
        try site.write("{}", to: "Content/data/scenarios/C.json")
        try site.write("{}", to: "Content/data/scenarios/.hidden.json")
        try site.write("{}", to: "Content/data/scenarios/notes.txt")
        try site.write("{}", to: "Content/data/scenarios/sub/d.json")
        let reading = try reader(site).read(.file("Content/data/scenarios/"))
        #expect(
            reading.documents.map(\.name) == [
                "Content/data/scenarios/C.json", "Content/data/scenarios/a.json", "Content/data/scenarios/b.json",
            ])
        #expect(reading.documents.allSatisfy { $0.origin == .file })
    }

    @Test func anEmptyFolderIsAWarning() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try site.makeFolder("Content/data/scenarios")
        let reading = try reader(site).read(.file("Content/data/scenarios"))
        #expect(reading.documents.isEmpty)
        #expect(reading.warnings == ["Content/data/scenarios: the folder has no *.json files"])
    }

    /// A named pipe was reported as "permission denied" (and reading one waits for a writer
    /// that may never come): it is refused as what it is, unread.
    @Test func aNamedPipeIsNoSource() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try site.makeFolder("data")
        #expect(mkfifo(site.url("data/sales.csv").path, 0o644) == 0)
        #expect(
            throws: SourceError(
                source: "data/sales.csv", reason: "it is not a regular file (a named pipe, a device or a socket); a source is a file")
        ) {
            try reader(site).read(.file("data/sales.csv"))
        }
    }

    /// `max_bytes` bounds a local file as it bounds a fetched body: a file larger is refused
    /// before it is read, with its size and the setting. A file opened in place (a SQLite
    /// database, which SQLite reads page by page) is not held, so it is not bounded: only its
    /// first bytes are read.
    @Test func maxBytesBoundsALocalFileReadWhole() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try site.write(String(repeating: "a,b\n", count: 2_500), to: "data/big.csv")
        try site.write(String(repeating: "x", count: 10_000), to: "data/big.sqlite")
        try site.write("a,b\n1,2\n", to: "data/small.csv")
        let reader = SourceReader(
            siteFolder: site.url, fetcher: NoNetwork(), settings: FetchSettings(maxBytes: 9_999), offline: false, strict: false)
        #expect(
            throws: SourceError(
                source: "data/big.csv",
                reason: "the file is 10,000 bytes, more than `fetch.max_bytes` (9,999) lets a "
                    + "source hold in memory; raise `fetch: { max_bytes: … }` in ttsite.yml to read it")
        ) {
            try reader.read(.file("data/big.csv"))
        }
        #expect(try reader.read(.file("data/small.csv")).documents.map(\.data.count) == [8])
        let inPlace = try reader.read(.file("data/big.sqlite"), inPlace: true) { _, _ in }
        #expect(inPlace.documents.map(\.data) == [Data(String(repeating: "x", count: 4096).utf8)])
    }

    @Test func aMissingFileIsASourceError() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        #expect(throws: SourceError(source: "Content/data/people.json", reason: "no such file or folder")) {
            try reader(site).read(.file("Content/data/people.json"))
        }
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("  \n", "the file is empty"),
        ("<!doctype html><p>hi</p>", #"the file is HTML or XML, not JSON (it starts with "<!doctype html><p>hi</p>")"#),
    ])
    func anUnusableFileIsASourceError(content: String, reason: String) throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try site.write(content, to: "people.json")
        #expect(throws: SourceError(source: "people.json", reason: reason)) {
            try reader(site).read(.file("people.json"))
        }
    }

    @Test func aFileRejectedByValidateIsASourceError() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        try site.write(#"{"error": "nope"}"#, to: "people.json")
        #expect(throws: SourceError(source: "people.json", reason: "an error object: nope")) {
            try reader(site).read(.file("people.json")) { _, _ in throw DocumentRejection("an error object: nope") }
        }
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file"))
    func anUnreadableFileIsASourceError() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let file = try site.write("{}", to: "people.json")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        #expect(throws: SourceError(source: "people.json", reason: "the file cannot be read (permission denied)")) {
            try reader(site).read(.file("people.json"))
        }
    }

    @Test func aLinkOutOfTheSiteInAFolderIsRefused() throws {
        let site = try TemporaryFolder("datasources")
        defer { site.remove() }
        let elsewhere = try TemporaryFolder("datasources")
        defer { elsewhere.remove() }
        let outside = try elsewhere.write("{}", to: "secret.json")
        try site.makeFolder("Content/data")
        try FileManager.default.createSymbolicLink(
            at: site.url.appendingPathComponent("Content/data/link.json"), withDestinationURL: outside)
        #expect(
            throws: SourceError(source: "Content/data/link.json", reason: "a symbolic link to a file outside the site folder is refused")
        ) {
            try reader(site).read(.file("Content/data"))
        }
    }
}
