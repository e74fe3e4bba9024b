import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// A site with file and URL sources of both kinds, the URLs served over loopback by a real
/// HTTP server (Python's `http.server`) and fetched by the real HTTP client.
@Suite struct SourcesTests {
    /// `python3 -m http.server` serving `folder` on 127.0.0.1; stopped by `stop()`.
    final class StaticServer {
        let child: ChildProcess
        let port: Int

        init(serving folder: URL) async throws {
            child = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder.path, "0"],
                in: folder)
            // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
            let text = try await child.firstLine() ?? child.output
            guard let range = text.range(of: #"port (\d+)"#, options: .regularExpression),
                let port = Int(text[range].dropFirst(5))
            else {
                child.terminate(SIGKILL)
                throw BuildError(.source, "the test HTTP server did not start: \(text)")
            }
            self.port = port
        }

        func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

        /// Nothing waits for the end: the server is never asked again, and the thread that
        /// waits for the child reaps it.
        func stop() {
            child.terminate(SIGKILL)
        }
    }

    static let people = """
        {"results":[
          {"name":{"title":"Ms","first":"Jennie","last":"Nichols"},"dob":{"date":"1992-03-08T15:13:16.688Z","age":30},
           "login":{"uuid":"7a0eed16-9430-4d68-901f-c0d4c1c3bf00","password":"hunter2"},"email":"jennie@example.com","nat":"US"},
          {"name":{"first":"Bad","last":"Date"},"dob":{"date":"31-02-1990"}}],
         "info":{"version":"1.4"}}
        """
    static let remotePeople = """
        [{"name":{"first":"Тарас","last":"Шевченко"},"dob":"1814-03-09 00:00:00","login":{"uuid":"a1b2c3d4-0000-4000-8000-000000000001"}}]
        """
    static let scenario = """
        {"named":"trip","nameEn":"Trip","nameDe":"Reise","textEn":"T","textDe":"R","unit":"km","start":0,"end":100,
         "events":[{"start":0,"textEn":"Go","textDe":"Los","major":true},{"start":100,"textEn":"Stop","textDe":"Halt","major":false}]}
        """
    static let remoteScenarios = """
        {"scenarios":[{"named":"day","nameEn":"A day","nameDe":"Ein Tag","textEn":"","textDe":"","unit":"datetime",
          "start":"2024-05-01T08:00:00","end":"2024-05-01T20:00:00","events":[{"start":"2024-05-01T12:00:00","textEn":"Noon",\
        "textDe":"Mittag","major":true}]}]}
        """

    /// The local people file without the record whose date of birth is bad.
    static let cleanPeople = """
        {"results":[{"name":{"first":"Jennie","last":"Nichols"},"dob":{"date":"1992-03-08T15:13:16.688Z"}},
                    {"name":{"first":"Anna","last":"Schmidt"},"dob":{"date":"1980-01-02"}}]}
        """

    func makeSite(server: StaticServer, people: String = SourcesTests.people) throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Sources
            time_zone: Europe/Berlin
            fetch: { timeout_seconds: 2, retries: 0 }
            people:
              - file: Content/data/people.json
              - url: \(server.url("people.json"))
            scenarios:
              - file: Content/data/scenarios/
              - url: \(server.url("scenarios.json"))
            -- Content/index.md --
            We track {{people.count}} people and {{events.count}} events.
            -- Content/data/people.json --
            \(people)
            -- Content/data/scenarios/trip.json --
            \(Self.scenario)
            """)
    }

    @Test func fileAndURLSourcesOfBothKindsAreDecoded() async throws {
        let served = try TestSite("-- people.json --\n\(Self.remotePeople)\n-- scenarios.json --\n\(Self.remoteScenarios)")
        defer { served.remove() }
        let server = try await StaticServer(serving: served.folder)
        defer { server.stop() }
        let site = try makeSite(server: server)
        defer { site.remove() }

        let summary = try await offThePool { try site.build() }
        // The record with a bad date of birth is kept (its pages say "n/a"), with a warning.
        #expect(summary.people == 3)
        #expect(summary.scenarios == 2)
        #expect(summary.events == 3)
        #expect(summary.skippedRecords == 0)
        #expect(summary.warnings.contains { $0.contains("Content/data/people.json results[1].dob.date") && $0.contains("31-02-1990") })
        #expect(summary.details.contains { $0.hasPrefix("\(server.url("people.json")): 1 person, 0 skipped") && $0.hasSuffix("(fetched)") })
        #expect(summary.details.contains { $0.hasPrefix("Content/data/scenarios/trip.json: 1 scenario, 2 events") })
        #expect(try site.read("index.html").contains("We track 3 people and 3 events."))
        // The last good copy of each URL is cached for the next night.
        let cache = site.folder.appendingPathComponent(".ttsite/cache")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".body") }.count == 2)
        // Nothing personal but the allowed fields reaches the output.
        for (path, bytes) in try snapshot(of: site.output) {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("hunter2") && !text.contains("jennie@example.com"), "\(path)")
        }
    }

    @Test func whenTheServerFailsTheCachedCopyIsUsedWithAWarning() async throws {
        let served = try TestSite("-- people.json --\n\(Self.remotePeople)\n-- scenarios.json --\n\(Self.remoteScenarios)")
        defer { served.remove() }
        let server = try await StaticServer(serving: served.folder)
        let site = try makeSite(server: server, people: Self.cleanPeople)
        defer { site.remove() }
        _ = try await offThePool { try site.build() }

        // The API now answers with an error object: not data, so the cache is used.
        try served.write(#"{"error": "Uh oh, something has gone wrong."}"#, to: "people.json")
        // http.server answers If-Modified-Since by the file's time, to the second.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: served.folder.appendingPathComponent("people.json").path)
        let summary = try await offThePool { try site.build() }
        #expect(summary.people == 3)
        #expect(summary.warnings.contains { $0.hasPrefix(server.url("people.json")) && $0.contains("using the cached copy") })

        // --strict refuses the stale copy: exit 3.
        var strict = site.options()
        strict.strict = true
        await #expect { try await offThePool { [strict] in try Site.build(strict) } } throws: { error in
            (error as? BuildError)?.exitCode == 3
        }

        // The server is gone: --offline builds from the cache without touching the network.
        server.stop()
        var offline = site.options()
        offline.offline = true
        #expect(try Site.build(offline).people == 3)
    }

    @Test func aURLWithNoCachedCopyThatFailsIsExitThree() async throws {
        let served = try TestSite("-- scenarios.json --\n\(Self.remoteScenarios)")
        defer { served.remove() }
        let server = try await StaticServer(serving: served.folder)
        defer { server.stop() }
        let site = try makeSite(server: server)
        defer { site.remove() }
        await #expect { try await offThePool { try site.build() } } throws: { error in
            let error = error as? BuildError
            return error?.exitCode == 3 && error?.location == server.url("people.json") && error?.message.contains("no cached copy") == true
        }
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }
}
