import Foundation
import Testing

@testable import SiteServer

/// Rebuilds on change and the events open pages hear: an edit shows up, a broken template
/// keeps the last good page and shows the error, a fix brings the page back.
@Suite struct RebuildTests {
    @Test func anEditIsRebuiltAndOpenPagesAreToldToReload() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let events = try await EventStreamClient.open(port: preview.port)
        #expect(events.status == 200)
        #expect(events.headers["content-type"] == "text/event-stream")
        let hello = try #require(try await events.next())
        #expect(hello == .init(name: "hello", data: preview.server.currentBuild))

        try preview.write("---\ntitle: Home\n---\nSecond version, edited.\n", to: "Content/index.md")
        let build = try #require(try await events.next(named: "build"))
        #expect(build.data == preview.server.currentBuild)
        #expect(build.data != hello.data)
        let home = try await preview.http.request("/").text
        #expect(home.contains("Second version, edited."))
        #expect(!home.contains("First version"))
        #expect(preview.log.all.contains("Changed: Content/index.md"))
        // The site stayed in memory: the edit rendered the home page alone.
        #expect(
            preview.log.all.contains { $0.hasPrefix("Updated the text of 1 Markdown page: rendered 1 of 2 pages again, 1 file rewritten") })
    }

    @Test func aBrokenTemplateKeepsTheLastGoodPageAndShowsTheError() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let events = try await EventStreamClient.open(port: preview.port)
        _ = try await events.next(named: "hello")

        try preview.write("{{<base}}{{$main}}{{#page}}never closed{{/main}}{{/base}}\n", to: "Templates/page.mustache")
        let failure = try #require(try await events.next(named: "failure"))
        #expect(failure.data.hasPrefix("Templates/page.mustache:1: template error"))
        #expect(preview.server.failure == failure.data)
        #expect(preview.log.all.contains("ttsite: error: \(failure.data)"))

        // The last good page, with the error riding along for the overlay.
        let about = try await preview.http.request("/about/")
        #expect(about.status == 200)
        #expect(about.text.contains("About this site."))
        let state = try #require(about.text.firstMatch(of: /<script id="ttsite-live-reload" type="application\/json">(.*?)<\/script>/))
        let decoded = try JSONSerialization.jsonObject(with: Data(state.1.utf8)) as! [String: Any]
        #expect(decoded["failure"] as? String == failure.data)

        // A page opened while the error stands hears it at once.
        let late = try await EventStreamClient.open(port: preview.port)
        _ = try await late.next(named: "hello")
        #expect(try await late.next()?.data == failure.data)

        try FileManager.default.removeItem(at: preview.folder.appendingPathComponent("Templates/page.mustache"))
        let fixed = try #require(try await events.next(named: "build"))
        #expect(fixed.data == preview.server.currentBuild)
        #expect(preview.server.failure == nil)
        #expect(!(try await preview.http.request("/about/").text.contains("\"failure\":\"")))
        #expect(preview.log.all.contains { $0.hasPrefix("Updated templates: rendered 2 of 2 pages again") })
    }

    @Test func aNewPageAppearsAndTheConfigIsWatched() async throws {
        let preview = try await PreviewFixture.start()
        defer { Task { await preview.stop() } }
        let events = try await EventStreamClient.open(port: preview.port)
        _ = try await events.next(named: "hello")
        try preview.write("---\ntitle: News\n---\nFresh news.\n", to: "Content/news.md")
        _ = try #require(try await events.next(named: "build"))
        #expect(try await preview.http.request("/news/").text.contains("Fresh news."))

        try preview.write("title: Renamed preview\nbase_url: https://example.org/\n", to: "ttsite.yml")
        _ = try #require(try await events.next(named: "build"))
        #expect(try await preview.http.request("/").text.contains("Renamed preview"))
    }

    @Test func aLocalDataFileOutsideContentIsWatched() async throws {
        let person =
            #"{"results":[{"name":{"first":"Ada","last":"Lovelace"},"dob":{"date":"1815-12-10T00:00:00Z"},"login":{"uuid":"a1"}}]}"#
        let preview = try await PreviewFixture.start(
            """
            -- ttsite.yml --
            title: Data
            people:
              - file: sources/people.json
            -- Content/index.md --
            Hi.
            -- sources/people.json --
            \(person)
            """)
        defer { Task { await preview.stop() } }
        let events = try await EventStreamClient.open(port: preview.port)
        _ = try await events.next(named: "hello")
        #expect(try await preview.http.request("/people/").text.contains("Ada Lovelace"))
        try preview.write(person.replacingOccurrences(of: "Lovelace", with: "King"), to: "sources/people.json")
        _ = try #require(try await events.next(named: "build"))
        #expect(try await preview.http.request("/people/").text.contains("Ada King"))
    }

    @Test func stoppingClosesOpenStreamsAndFreesThePort() async throws {
        let preview = try await PreviewFixture.start()
        let events = try await EventStreamClient.open(port: preview.port)
        _ = try await events.next(named: "hello")
        await preview.stop()
        #expect(try await events.next() == nil)
        await #expect(throws: RawHTTP.Failure.self) { try await RawHTTP(port: preview.port).request("/") }
    }
}
