import Foundation
import TestSupport
import Testing

@testable import SiteServer

/// No request reads a file outside the preview's output folder. The targets are sent byte
/// for byte over a raw socket; the config beside the output holds a marker that no answer
/// may contain.
@Suite struct TraversalTests {
    static let escapes = [
        "/../ttsite.yml",
        "/../../site/ttsite.yml",
        "/%2e%2e/ttsite.yml",
        "/%2E%2E/%2E%2E/ttsite.yml",
        "/about/..%2f..%2fttsite.yml",
        "/about/%2e%2e%2f%2e%2e%2fttsite.yml",
        "/..%5cttsite.yml",
        "/..\\..\\ttsite.yml",
        "/about/%00",
        "/index.html%00.txt",
        "/./index.html",
        "//etc/passwd",
        "/%c0%ae%c0%ae/ttsite.yml",
    ]

    @Test func everyEscapeIsRefusedWithoutReadingAFile() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        for target in Self.escapes {
            let response = try await preview.http.request(target)
            #expect(!response.text.contains(PreviewFixture.configSecret), "\(target)")
            #expect(!response.text.contains("root:x:0"), "\(target)")
            // `%c0%ae` is not UTF-8, so it names no file: 400 like the others.
            #expect(response.status == 400, "\(target) answered \(response.status)")
        }
    }

    @Test func aSymlinkInTheOutputThatPointsOutsideIsRefused() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let output = preview.server.options.outputFolder
        try FileManager.default.createSymbolicLink(
            atPath: output.appendingPathComponent("leak.txt").path, withDestinationPath: "../../ttsite.yml")
        try FileManager.default.createSymbolicLink(
            atPath: output.appendingPathComponent("inside.txt").path, withDestinationPath: "robots.txt")
        let leak = try await preview.http.request("/leak.txt")
        #expect(leak.status == 400)
        #expect(!leak.text.contains(PreviewFixture.configSecret))
        #expect(try await preview.http.request("/inside.txt").status == 200)
    }

    /// DNS rebinding: a page of `attacker.example`, its name then led to 127.0.0.1, could read
    /// the preview (drafts included). A request naming a host that is not this machine gets
    /// 421 and no page; the names of this machine, with or without the port, get the page.
    @Test func aRequestNamingAnotherHostIsRefused() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let port = preview.http.port
        for host in [
            "attacker.example", "attacker.example:\(port)", "127.0.0.1.attacker.example", "localhost.attacker.example:\(port)",
            "[::2]:\(port)", "",
        ] {
            let response = try await preview.http.request("/", host: host)
            #expect(response.status == 421, "\(host) answered \(response.status)")
            #expect(!response.text.contains("<html") && !response.text.contains("<!DOCTYPE"), "\(host)")
        }
        for host in ["127.0.0.1", "127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)", nil] {
            #expect(try await preview.http.request("/", host: host).status == 200, "\(host ?? "no Host")")
        }
    }

    @Test func aPreviewOnEveryInterfaceAnswersAnyName() {
        #expect(HostCheck(boundTo: "0.0.0.0").allows("reports.lan:1717"))
        #expect(HostCheck(boundTo: "192.168.1.5").allows("192.168.1.5:1717"))
        #expect(!HostCheck(boundTo: "192.168.1.5").allows("reports.lan:1717"))
        #expect(HostCheck(boundTo: "::1").allows("[::1]:1717") && !HostCheck(boundTo: "::1").allows("[::2]:1717"))
    }

    @Test func hiddenFilesOfTheOutputAreNotServed() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        #expect(FileManager.default.fileExists(atPath: preview.server.options.outputFolder.appendingPathComponent(".ttsite-output").path))
        #expect(try await preview.http.request("/.ttsite-output").status == 404)
    }

    /// The same rules, without a server: resolution alone.
    @Test(arguments: escapes.filter { !$0.hasPrefix("/%c0") })
    func resolutionRefusesTheEscape(target: String) throws {
        let temporary = try TemporaryFolder("resolve")
        defer { temporary.remove() }
        try temporary.makeFolder("about")
        let folder = temporary.url
        #expect(RequestPath.resolve(target, in: folder) == .refused)
    }

    @Test func resolutionFindsFilesAndFolderIndexes() throws {
        let temporary = try TemporaryFolder("resolve")
        defer { temporary.remove() }
        try temporary.write("x", to: "a b/index.html")
        let folder = temporary.url
        let base = folder.resolvingSymlinksInPath()
        #expect(
            RequestPath.resolve("/a%20b/", in: folder) == .file(base.appendingPathComponent("a b/index.html"), relative: "a b/index.html"))
        #expect(RequestPath.resolve("/a%20b", in: folder) == .redirect(to: "/a%20b/"))
        #expect(RequestPath.resolve("/", in: folder) == .notFound)
        #expect(RequestPath.resolve("/nothing", in: folder) == .notFound)
    }
}
