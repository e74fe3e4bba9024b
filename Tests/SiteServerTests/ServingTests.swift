import Foundation
import Testing

@testable import SiteServer

/// The preview over real loopback HTTP: pages and files with their content types, the
/// site's 404 page, folders, and the live-reload script added only to what is served.
@Suite struct ServingTests {
    /// Expected types as registered with IANA (text/calendar: RFC 5545; image/svg+xml: SVG
    /// 1.1; application/json: RFC 8259; text/javascript: RFC 9239), checked by hand.
    @Test func filesAreServedWithTheirContentTypes() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let expected: [(String, String)] = [
            ("/", "text/html; charset=utf-8"),
            ("/about/", "text/html; charset=utf-8"),
            ("/files/drawing.svg", "image/svg+xml"),
            ("/files/data.json", "application/json"),
            ("/files/notes.txt", "text/plain; charset=utf-8"),
            ("/files/birthdays.ics", "text/calendar; charset=utf-8"),
            ("/files/tool.js", "text/javascript; charset=utf-8"),
            ("/files/picture.png", "image/png"),
            ("/sitemap.xml", "application/xml"),
            ("/robots.txt", "text/plain; charset=utf-8"),
        ]
        for (path, type) in expected {
            let response = try await preview.http.request(path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["content-type"] == type, "\(path)")
        }
        let png = try await preview.http.request("/files/picture.png")
        #expect(png.body == Data(PreviewFixture.pngBytes))

        let home = try await preview.http.request("/").text
        #expect(home.contains("First version of the home page."))
        let style = try #require(home.firstMatch(of: /assets\/style\.[0-9a-f]{16}\.css/))
        let css = try await preview.http.request("/" + style.output)
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
    }

    @Test func theScriptIsInServedPagesOnlyNeverInTheBuiltFiles() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let served = try await preview.http.request("/about/").text
        #expect(served.contains("<script id=\"ttsite-live-reload\" type=\"application/json\">"))
        #expect(served.contains("new EventSource(\"/_ttsite/events\")"))
        // Before the closing tag, so that it runs with the page's body in place.
        #expect(served.range(of: "ttsite-live-reload")!.lowerBound < served.range(of: "</body>")!.lowerBound)
        let built = try String(contentsOf: preview.server.options.outputFolder.appendingPathComponent("about/index.html"), encoding: .utf8)
        #expect(!built.contains("ttsite-live-reload") && !built.contains("EventSource"))
        #expect(served.replacingOccurrences(of: LiveReload.snippet(build: preview.server.currentBuild, failure: nil), with: "") == built)
        // The configured output folder is never written by a preview.
        #expect(!FileManager.default.fileExists(atPath: preview.folder.appendingPathComponent("_site").path))
        let css = try await preview.http.request("/files/tool.js").text
        #expect(css == "console.log(\"tool\");\n")
    }

    @Test func anUnknownPathGetsTheSites404PageWithStatus404() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        for path in ["/no/such/page/", "/missing.css", "/files/nothing.png"] {
            let response = try await preview.http.request(path)
            #expect(response.status == 404, "\(path)")
            #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("Nothing lives at this address."))
        }
    }

    @Test func aFolderWithoutItsSlashIsRedirectedSoRelativeLinksWork() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let response = try await preview.http.request("/about?x=1")
        #expect(response.status == 301)
        #expect(response.headers["location"] == "/about/?x=1")
    }

    @Test func headAnswersWithoutABodyAndOtherMethodsAreRefused() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let get = try await preview.http.request("/files/notes.txt")
        let head = try await preview.http.request("/files/notes.txt", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == String(get.body.count))
        #expect(try await preview.http.request("/", method: "POST").status == 405)
    }
}
