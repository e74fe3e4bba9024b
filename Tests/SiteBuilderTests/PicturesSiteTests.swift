import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// `images: local` end to end: pictures served by the loopback server, fetched, processed by
/// libvips and written into the site; Pillow reads what was written.
@Suite struct PicturesSiteTests {
    let server: TestServer

    init() async throws {
        server = try await TestServer.shared
    }

    /// Two people and a timeline with a picture, and an event with one, all on the server
    /// under `key` (so each test counts its own requests).
    func site(key: String, images: String = "local", fetch: String = "{ timeout_seconds: \(TestServer.answerSeconds), retries: 0 }") throws
        -> TestSite
    {
        let picture = { (name: String) in server.url("/picture/\(key)/\(name)").absoluteString }
        let people = """
            {"results": [
              {"name": {"first": "Ada", "last": "Lovelace"}, "dob": {"date": "1815-12-10T00:00:00Z"},
               "login": {"uuid": "0b7c2f3e-0000-4000-8000-000000000001"},
               "picture": {"large": "\(picture("rotated-gps.jpg"))"}},
              {"name": {"first": "Grace", "last": "Hopper"}, "dob": {"date": "1906-12-09T00:00:00Z"},
               "login": {"uuid": "0b7c2f3e-0000-4000-8000-000000000002"},
               "picture": {"large": "\(picture("portrait-128.jpg"))", "thumbnail": "\(picture("small.gif"))"}}
            ], "info": {"version": "1.4"}}
            """
        let scenario = """
            {"named": "trip", "nameEn": "A trip", "nameDe": "Eine Reise", "textEn": "", "textDe": "", "unit": "datetime",
             "start": "2020-01-01T00:00:00Z", "end": "2020-01-10T00:00:00Z",
             "image": "\(picture("large.jpg"))", "license": "CC0", "source": null,
             "events": [{"start": "2020-01-02T00:00:00Z", "textEn": "A **green** field", "textDe": "Ein Feld", "major": true,
                         "image": "\(picture("photo.webp"))", "license": null, "source": null}]}
            """
        return try TestSite(
            """
            -- ttsite.yml --
            title: Pictures
            images: \(images)
            fetch: \(fetch)
            people:
              - file: people.json
            scenarios:
              - file: trip.json
            -- people.json --
            \(people)
            -- trip.json --
            \(scenario)
            """)
    }

    func build(_ site: TestSite, _ change: @Sendable (inout BuildOptions) -> Void = { _ in }) async throws -> BuildSummary {
        var options = site.options()
        change(&options)
        return try await offThePool { [options] in try Site.build(options) }
    }

    /// Gives Ada Lovelace the picture at `url` in place of the one `site(key:)` gives her.
    func giveAda(_ url: String, in site: TestSite, key: String) throws {
        let people = try String(contentsOf: site.folder.appendingPathComponent("people.json"), encoding: .utf8)
            .replacingOccurrences(of: server.url("/picture/\(key)/rotated-gps.jpg").absoluteString, with: url)
        try site.write(people, to: "people.json")
    }

    /// Every file under `assets/img/` of the output.
    func pictureFiles(_ site: TestSite) throws -> [URL] {
        let folder = site.output.appendingPathComponent("assets/img")
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Every page of the output, as text.
    func pages(_ site: TestSite) throws -> [String: String] {
        var pages: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: site.output, includingPropertiesForKeys: nil)!
        for case let url as URL in enumerator where url.pathExtension == "html" {
            pages[url.path] = try String(contentsOf: url, encoding: .utf8)
        }
        return pages
    }

    /// The values of `attribute` in every tag named `tag` of `html`.
    func attributes(_ attribute: String, of tag: String, in html: String) -> [String] {
        var values: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(tag) ") {
            let end = rest[open.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            let inside = rest[open.upperBound..<end]
            if let start = inside.range(of: " \(attribute)=\"")
                ?? (inside.hasPrefix("\(attribute)=\"") ? inside.range(of: "\(attribute)=\"") : nil)
            {
                values.append(String(inside[start.upperBound...].prefix { $0 != "\"" }))
            } else {
                values.append("")
            }
            rest = rest[end...]
        }
        return values
    }

    @Test func picturesAreProcessedAndServedFromTheSiteWithNoMetadata() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        let summary = try await build(site)
        #expect(summary.warnings == [])

        // No page sends its reader to the picture host.
        for (path, html) in try pages(site) {
            #expect(!html.contains("127.0.0.1"), "\(path) hot-links a picture")
        }
        // Every file is what its name says, without metadata; Pillow is the judge.
        let files = try pictureFiles(site)
        let readings = try await PillowOracle.inspect(files)
        #expect(!readings.isEmpty)
        for reading in readings {
            #expect(reading.hasNoMetadata, "\(reading.file): \(reading.keys)")
            #expect(reading.format == (reading.file.hasSuffix(".webp") ? "WEBP" : "JPEG"), "\(reading.file)")
        }
        let sizes = Dictionary(
            uniqueKeysWithValues: readings.map { (URL(fileURLWithPath: $0.file).lastPathComponent, ($0.width, $0.height)) })

        // Ada: stored 300 × 200 and turned upright by EXIF. Squares of 64 and 128 are cut
        // from 200 × 300; the 256 one would need enlarging, so the largest square there is,
        // 200, takes its place.
        let ada = try site.read("people/ada-lovelace/index.html")
        let adaSet = try #require(attributes("srcset", of: "source", in: ada).first)
        let entries = adaSet.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ") }
        #expect(entries.map { String($0[1]) } == ["64w", "128w", "200w"])
        for entry in entries {
            let name = String(entry[0].split(separator: "/").last!)
            let width = Int(entry[1].dropLast())!
            #expect(sizes[name].map { [$0.0, $0.1] } == [width, width], "\(name) is the square its srcset says")
        }
        #expect(attributes("alt", of: "img", in: ada).contains("Ada Lovelace"), "the portrait on the person's page has a real alt")
        // Grace: randomuser.me's 128 × 128; no 256 px file, since it would be enlarged.
        let grace = try site.read("people/grace-hopper/index.html")
        let graceSet = try #require(attributes("srcset", of: "source", in: grace).first)
        #expect(graceSet.split(separator: ",").map { $0.split(separator: " ").last.map(String.init) } == ["64w", "128w"])

        // The timeline's picture, 2000 × 1500: files 480 and 960 wide, shown at most 640 × 384:
        // 960 × 720 scaled by min(640/960, 384/720) = 0.5333 is 512 × 384.
        let timeline = try site.read("scenarios/trip/index.html")
        let figureWidths = attributes("width", of: "img", in: timeline)
        let figureHeights = attributes("height", of: "img", in: timeline)
        #expect(figureWidths.first == "512" && figureHeights.first == "384", "\(figureWidths) \(figureHeights)")
        // The event's, 517 × 389, within 640 × 224: scale 224/389, 297.7 × 224 → 298 × 224.
        #expect(figureWidths.dropFirst().first == "298" && figureHeights.dropFirst().first == "224", "\(figureWidths) \(figureHeights)")
        #expect(attributes("alt", of: "img", in: timeline).contains("A green field"))
    }

    @Test func aPortraitThatIsAlsoAnEventsPictureIsMadeIntoBoth() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        let trip = try String(contentsOf: site.folder.appendingPathComponent("trip.json"), encoding: .utf8)
            .replacingOccurrences(
                of: server.url("/picture/\(key)/photo.webp").absoluteString,
                with: server.url("/picture/\(key)/rotated-gps.jpg").absoluteString)
        try site.write(trip, to: "trip.json")
        #expect(try await build(site).warnings == [])
        let ada = try site.read("people/ada-lovelace/index.html")
        let squares = try #require(attributes("srcset", of: "source", in: ada).first)
        #expect(squares.split(separator: ",").map { $0.split(separator: " ").last.map(String.init) } == ["64w", "128w", "200w"])
        // On the timeline, the upright 200 × 300 within 640 × 224: 149 × 224.
        let timeline = try site.read("scenarios/trip/index.html")
        #expect(Array(attributes("width", of: "img", in: timeline).dropFirst().prefix(1)) == ["149"])
        #expect(Array(attributes("height", of: "img", in: timeline).dropFirst().prefix(1)) == ["224"])
    }

    @Test func noPictureOnAnyPageLacksItsSize() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        _ = try await build(site)
        for (path, html) in try pages(site) {
            for (width, height) in zip(attributes("width", of: "img", in: html), attributes("height", of: "img", in: html)) {
                #expect(Int(width) != nil && Int(height) != nil, "\(path): an image without width and height")
            }
            // Every file a page names is in the output.
            for set in attributes("srcset", of: "source", in: html) + attributes("src", of: "img", in: html) {
                for candidate in set.split(separator: ",") {
                    let link = candidate.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]
                    let file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(String(link))
                        .standardizedFileURL
                    #expect(FileManager.default.fileExists(atPath: file.path), "\(path) names \(link), which is not in the output")
                }
            }
        }
    }

    @Test func aSecondBuildAsksTheServerNothingAndDecodesNothing() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        let first = try await build(site)
        let asked = try await server.requests(for: key).count
        #expect(asked == 4, "each URL once: two people, the timeline, the event")
        #expect(first.details.contains { $0.hasPrefix("pictures: 4 in use, 4 downloaded, 4 processed, 0 not usable") }, "\(first.details)")
        let before = try pictureFiles(site).map { try Data(contentsOf: $0) }

        // A full build, so that the pictures stage runs (with nothing changed the build is up to date).
        let second = try await build(site) { $0.full = true }
        #expect(try await server.requests(for: key).count == asked, "fresh for refresh_days: no request at all")
        #expect(
            second.details.contains { $0.hasPrefix("pictures: 4 in use, 0 downloaded, 0 processed, 0 not usable") }, "\(second.details)")
        #expect(try pictureFiles(site).map { try Data(contentsOf: $0) } == before, "the same bytes")
    }

    @Test func aLostProcessedFileIsMadeAgainAndAFreshPictureNeedsNoSourceCopy() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        _ = try await build(site)
        let cache = site.folder.appendingPathComponent(".ttsite/cache")
        let processed = cache.appendingPathComponent("pictures")
        let names = try FileManager.default.contentsOfDirectory(atPath: processed.path).filter { $0.hasSuffix(".webp") }.sorted()
        try FileManager.default.removeItem(at: processed.appendingPathComponent(names[0]))
        let second = try await build(site) { $0.full = true }
        #expect(second.warnings == [])
        #expect(try await server.requests(for: key).count == 4, "the source copy was fresh: nothing asked")
        #expect(second.details.contains { $0.hasPrefix("pictures: 4 in use, 0 downloaded, 1 processed") }, "\(second.details)")
        #expect(FileManager.default.fileExists(atPath: processed.appendingPathComponent(names[0]).path))

        // The processed files are enough while fresh: the downloaded copies are not read.
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where name.hasSuffix(".body") {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
        let third = try await build(site) { $0.full = true }
        #expect(third.warnings == [])
        #expect(third.details.contains { $0.hasPrefix("pictures: 4 in use, 0 downloaded, 0 processed, 0 not usable") }, "\(third.details)")
        #expect(try site.read("people/ada-lovelace/index.html").contains("<picture"))
    }

    @Test func anOutdatedPictureIsRevalidatedNotDownloaded() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        _ = try await build(site)
        try site.write(
            try String(contentsOf: site.folder.appendingPathComponent("ttsite.yml"), encoding: .utf8)
                .replacingOccurrences(of: "images: local", with: "images: { mode: local, refresh_days: 0 }"), to: "ttsite.yml")
        let second = try await build(site)
        let requests = try await server.requests(for: key)
        #expect(requests.count == 8, "each of the four asked again")
        #expect(requests.headers["if-none-match"] != nil, "with the ETag of the cached copy")
        #expect(
            second.details.contains { $0.hasPrefix("pictures: 4 in use, 0 downloaded, 0 processed, 0 not usable") }, "\(second.details)")
        #expect(second.warnings == [])
    }

    /// Hostile answers for Ada's picture, and the cause the warning must give.
    static let hostile: [(path: String, cause: String)] = [
        ("portrait-128.jpg?type=text/html", "the server says it is text/html, not a picture"),
        ("page.html", "the server says it is text/html, not a picture"),
        ("drawing.svg", "it is an SVG drawing, which ttsite does not publish (it can carry script)"),
        ("garbage.bin", "it is not a JPEG, PNG, WebP or GIF image (it starts with 00 01 02 03 04 05 06 07)"),
        ("truncated.jpg", "it cannot be decoded: "),
        ("bomb.png", "it is 60000 × 60000 pixels, more than the limit of 40000000 pixels"),
        ("missing.jpg", "HTTP 404 Not Found"),
    ]

    @Test(arguments: PicturesSiteTests.hostile)
    func aHostilePictureGivesOneWarningAndTheInitials(path: String, cause: String) async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        let url = server.url("/picture/\(key)/\(path)").absoluteString
        try giveAda(url, in: site, key: key)

        let summary = try await build(site)
        #expect(summary.warnings.count == 1, "\(summary.warnings)")
        let warning = try #require(summary.warnings.first)
        #expect(warning.hasPrefix("\(url) (the picture of Ada Lovelace, people.json results[0]): \(cause)"), "\(warning)")
        #expect(warning.hasSuffix("; shown with initials"))
        let ada = try site.read("people/ada-lovelace/index.html")
        #expect(!ada.contains("<picture") && ada.contains(">AL</span>"))
        for file in try pictureFiles(site) { #expect(["webp", "jpg"].contains(file.pathExtension)) }
        for (path, html) in try pages(site) { #expect(!html.contains("alert("), "\(path): the SVG's script reached a page") }

        await #expect { try await build(site) { $0.strict = true } } throws: { error in
            (error as? BuildError)?.message.contains(cause) == true
        }
    }

    @Test func aPictureThatHangsTimesOutWithAWarning() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key, fetch: "{ timeout_seconds: \(TestServer.hangSeconds), retries: 0 }")
        defer { site.remove() }
        try await server.setMode("hang", for: key)
        let url = server.url("/picture-mode/\(key)/rotated-gps.jpg").absoluteString
        try giveAda(url, in: site, key: key)
        let summary = try await build(site)
        // A time-out is a host that does not answer: one warning for the host, the picture
        // in the details.
        #expect(summary.warnings.contains { $0.hasPrefix("127.0.0.1 could not be reached (timed out after 1 s): ") }, "\(summary.warnings)")
        #expect(
            summary.details.contains {
                $0.hasPrefix("picture: \(url) (the picture of Ada Lovelace, people.json results[0]): timed out after 1 s")
            }, "\(summary.details)")
        #expect(try site.read("people/ada-lovelace/index.html").contains(">AL</span>"))
    }

    @Test func offlineWithAnEmptyCacheTheSiteIsStillComplete() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        let summary = try await build(site) { $0.offline = true }
        #expect(try await server.requests(for: key).count == 0)
        #expect(summary.warnings == ["--offline: 4 pictures are not in the cache and left out (`--verbose` lists them)"])
        #expect(summary.details.filter { $0.contains("offline (--offline), and there is no cached copy") }.count == 4)
        #expect(summary.pages > 0)
        #expect(try site.read("people/ada-lovelace/index.html").contains(">AL</span>"))
        #expect(try site.read("scenarios/trip/index.html").contains("CC0"), "the caption stays")

        // Once online, the pictures come; then offline again, from the cache, with no warning.
        _ = try await build(site)
        let again = try await build(site) { $0.offline = true }
        #expect(again.warnings == [])
        #expect(try site.read("people/ada-lovelace/index.html").contains("<picture"))
    }

    @Test func aHostThatRefusesIsAskedOnceAndGetsOneWarning() async throws {
        // Port 1 has no listener: the connection is refused, at once. Three people, one host.
        // The time-out is a minute, so that it cannot fire first on a busy machine: the
        // refusal is the one cause there can be.
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Dead host
            images: { mode: local, parallel: 1 }
            fetch: { timeout_seconds: \(TestServer.answerSeconds), retries: 0 }
            people:
              - file: people.json
            -- people.json --
            {"results": [
              {"name": {"first": "A", "last": "One"}, "dob": {"date": "1990-01-01T00:00:00Z"}, \
            "picture": {"large": "http://127.0.0.1:1/1.jpg"}},
              {"name": {"first": "B", "last": "Two"}, "dob": {"date": "1990-01-01T00:00:00Z"}, \
            "picture": {"large": "http://127.0.0.1:1/2.jpg"}},
              {"name": {"first": "C", "last": "Three"}, "dob": {"date": "1990-01-01T00:00:00Z"}, \
            "picture": {"large": "http://127.0.0.1:1/3.jpg"}}
            ]}
            """)
        defer { site.remove() }
        let summary = try await build(site) { $0.clock = { Self.t0 } }
        // The time is the clock's, plus five minutes: 2026-11-25T08:00:00Z + 300 s.
        #expect(
            summary.warnings == [
                "127.0.0.1 could not be reached (could not connect to the server): 3 of its pictures are left out, with no cached copy; "
                    + "it is asked again after 2026-11-25T08:05:00Z"
            ])
        // Asked once: one failure noted for the host, and its three pictures left out.
        #expect(
            summary.details.filter { $0.hasPrefix("picture host: ") } == [
                "picture host: 127.0.0.1 left alone until 2026-11-25T08:05:00Z (first failure; could not connect to the server)"
            ])
        #expect(summary.details.filter { $0.hasPrefix("picture: http://127.0.0.1:1/") }.count == 3)
        for (page, initials) in [("a-one", "AO"), ("b-two", "BT"), ("c-three", "CT")] {
            let html = try site.read("people/\(page)/index.html")
            #expect(html.contains(">\(initials)</span>") && !html.contains("<picture"), "\(page)")
        }
    }

    static let t0 = Date(timeIntervalSince1970: 1_795_593_600)  // 2026-11-25T08:00:00Z

    /// A clock that says `t0` and `seconds` more.
    static func at(_ seconds: Double) -> @Sendable () -> Date {
        { t0.addingTimeInterval(seconds) }
    }

    /// The negative cache of hosts: a host that could not be reached is not asked again for
    /// five minutes, then ten; meanwhile a build with nothing else to do is up to date. Each
    /// build's clock is set; the server counts what it was asked.
    @Test func aHostThatCannotBeReachedIsLeftAloneForAWhileAndABuildRests() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key, fetch: "{ timeout_seconds: \(TestServer.hangSeconds), retries: 0 }")
        defer { site.remove() }
        try await server.setMode("hang", for: key)
        // Every picture of the site through /picture-mode/, which hangs while the key's mode is.
        let people = try String(contentsOf: site.folder.appendingPathComponent("people.json"), encoding: .utf8)
        let trip = try String(contentsOf: site.folder.appendingPathComponent("trip.json"), encoding: .utf8)
        try site.write(people.replacingOccurrences(of: "/picture/", with: "/picture-mode/"), to: "people.json")
        try site.write(trip.replacingOccurrences(of: "/picture/", with: "/picture-mode/"), to: "trip.json")

        let first = try await build(site) { $0.clock = Self.at(0) }
        // Two portraits, a timeline's picture and an event's.
        #expect(
            first.warnings == [
                "127.0.0.1 could not be reached (timed out after 1 s): 4 of its pictures are left out, with no cached copy; "
                    + "it is asked again after 2026-11-25T08:05:00Z"
            ], "\(first.warnings)")
        let asked = try await server.requests(for: key).count
        #expect(asked >= 1 && asked <= 4, "the host is asked until it is found unreachable, not after: \(asked)")

        // A minute later nothing changed: up to date, and nothing asked.
        let second = try await build(site) { $0.clock = Self.at(60) }
        #expect(second.upToDate && second.warnings == first.warnings)
        // Two minutes later a page changed: the host is still left alone.
        try site.write("# Home\n", to: "Content/index.md")
        let third = try await build(site) { $0.clock = Self.at(120) }
        #expect(!third.upToDate)
        #expect(
            third.warnings == [
                "127.0.0.1 has not been reachable since 2026-11-25T08:00:00Z (timed out after 1 s): 4 of its pictures are left out, "
                    + "with no cached copy; it is asked again after 2026-11-25T08:05:00Z"
            ])
        #expect(try await server.requests(for: key).count == asked)

        // After five minutes it is asked again; still hanging, it is left alone for ten.
        let fourth = try await build(site) { $0.clock = Self.at(301) }
        #expect(fourth.warnings.first?.hasSuffix("; it is asked again after 2026-11-25T08:15:01Z") == true, "\(fourth.warnings)")
        #expect(try await server.requests(for: key).count > asked)

        // Back, and due again: every picture comes, and the note of the host is gone. The
        // host answers now: a time-out of a second could fire first on a busy machine.
        try await server.setMode("good", for: key)
        let config = try String(contentsOf: site.folder.appendingPathComponent("ttsite.yml"), encoding: .utf8)
        try site.write(
            config.replacingOccurrences(
                of: "timeout_seconds: \(TestServer.hangSeconds),", with: "timeout_seconds: \(TestServer.answerSeconds),"), to: "ttsite.yml")
        let fifth = try await build(site) { $0.clock = Self.at(1000) }
        #expect(fifth.warnings == [])
        #expect(try site.read("people/ada-lovelace/index.html").contains("<picture"))
        let sixth = try await build(site) { $0.clock = Self.at(1060) }
        #expect(sixth.upToDate && sixth.warnings == [])
    }

    /// A picture's address that carries a credential (a signed or tokened URL) is named in the
    /// warning, the details and the `--strict` failure with the credential written `***`.
    @Test func aPictureWarningHidesTheCredentialsOfItsAddress() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        let url = server.url("/picture/\(key)/missing.jpg?size=large&access_token=s3cr3t-t0ken")
        try giveAda(url.absoluteString, in: site, key: key)

        let summary = try await build(site)
        let shown = url.absoluteString.replacingOccurrences(of: "s3cr3t-t0ken", with: "***")
        #expect(summary.warnings.count == 1, "\(summary.warnings)")
        #expect(summary.warnings.first?.hasPrefix("\(shown) (the picture of Ada Lovelace, people.json results[0]): HTTP 404") == true)
        for line in summary.warnings + summary.details { #expect(!line.contains("s3cr3t"), "\(line)") }
        for (path, html) in try pages(site) { #expect(!html.contains("s3cr3t"), "\(path)") }
        await #expect { try await build(site) { $0.strict = true } } throws: { error in
            let message = (error as? BuildError).map { "\($0)" } ?? ""
            return message.contains("HTTP 404") && !message.contains("s3cr3t")
        }
    }

    /// An unusable answer (a 404) is remembered: the URL is asked again when it is due
    /// (`refresh_days`), and until then an unchanged build is up to date.
    @Test func anUnusablePictureIsNotAskedForAgainUntilItIsDue() async throws {
        let key = TestServer.uniqueKey()
        let site = try site(key: key)
        defer { site.remove() }
        try await server.setMode("404", for: key)
        let url = server.url("/picture-mode/\(key)/rotated-gps.jpg").absoluteString
        try giveAda(url, in: site, key: key)
        let first = try await build(site) { $0.clock = Self.at(0) }
        #expect(
            first.warnings == [
                "\(url) (the picture of Ada Lovelace, people.json results[0]): HTTP 404 Not Found, "
                    + "and there is no cached copy; shown with initials"
            ])
        let asked = try await server.requests(for: key).count
        let second = try await build(site) { $0.clock = Self.at(3_600) }
        #expect(second.upToDate)
        try site.write("# Home\n", to: "Content/index.md")
        let third = try await build(site) { $0.clock = Self.at(7_200) }
        #expect(
            third.warnings == [
                "\(url) (the picture of Ada Lovelace, people.json results[0]): HTTP 404 Not Found (when last asked, "
                    + "at 2026-11-25T08:00:00Z); shown with initials"
            ])
        #expect(try await server.requests(for: key).count == asked)
        // Seven days (refresh_days) later it is asked again.
        try await server.setMode("good", for: key)
        let later = try await build(site) { $0.clock = Self.at(7 * 86_400 + 1) }
        #expect(later.warnings == [])
        #expect(try await server.requests(for: key).count > asked)
    }

    @Test func remoteHotLinksAndNoneShowsInitials() async throws {
        let key = TestServer.uniqueKey()
        let remote = try site(key: key, images: "remote")
        defer { remote.remove() }
        #expect(try await build(remote).warnings == [])
        #expect(try await server.requests(for: key).count == 0, "remote: ttsite itself asks nothing")
        #expect(try pictureFiles(remote).isEmpty)
        let ada = try remote.read("people/ada-lovelace/index.html")
        #expect(attributes("src", of: "img", in: ada) == [server.url("/picture/\(key)/rotated-gps.jpg").absoluteString])

        let none = try site(key: key, images: "none")
        defer { none.remove() }
        #expect(try await build(none).warnings == [])
        #expect(try pictureFiles(none).isEmpty)
        for (path, html) in try pages(none) { #expect(!html.contains("<img"), "\(path)") }
        #expect(try none.read("scenarios/trip/index.html").contains("CC0"), "the caption stays")
    }

    @Test func aMarkdownImageOfContentIsShownProcessed() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Content pictures
            -- Content/news/field-day.md --
            ---
            title: Field day
            ---
            ![A *green* field](field.jpg "On the day") and ![upright](../photos/upright.jpg),
            ![remote](https://example.org/x.jpg), ![broken](broken.jpg), ![missing](nowhere.jpg).
            """)
        defer { site.remove() }
        let fixtures = try await PillowOracle.fixtures()
        for (name, path) in [
            ("large.jpg", "news/field.jpg"), ("rotated-gps.jpg", "photos/upright.jpg"), ("page.html", "news/broken.jpg"),
            ("garbage.bin", "news/not-shown.jpg"),
        ] {
            let target = site.folder.appendingPathComponent("Content/" + path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: target)
        }
        let summary = try await build(site)
        // not-shown.jpg is no picture either, but no page shows it: it is only copied.
        #expect(
            summary.warnings == [
                "Content/news/field-day.md:5: the image `broken.jpg` (Content/news/broken.jpg) is shown as it is: it is an HTML page",
                "Content/news/field-day.md:5: the image `nowhere.jpg` leads to no file of the site (there is no "
                    + "`news/field-day/nowhere.jpg` nor `Content/news/nowhere.jpg`)",
            ])

        let page = try site.read("news/field-day/index.html")
        let alts = attributes("alt", of: "img", in: page)
        #expect(alts == ["A green field", "upright", "remote", "broken", "missing"])
        let sources = attributes("src", of: "img", in: page)
        // The two processed pictures point into assets/img/; the file beside the Markdown
        // file is linked where it is published; the others stay as written.
        #expect(sources[0].hasPrefix("../../assets/img/") && sources[1].hasPrefix("../../assets/img/"), "\(sources)")
        #expect(Array(sources.dropFirst(2)) == ["https://example.org/x.jpg", "../../news/broken.jpg", "nowhere.jpg"])
        #expect(attributes("title", of: "img", in: page).first == "On the day")
        // 2000 × 1500 shown within 640 px: 640 × 480; upright 200 × 300 as it is.
        #expect(Array(attributes("width", of: "img", in: page).prefix(2)) == ["640", "200"])
        #expect(Array(attributes("height", of: "img", in: page).prefix(2)) == ["480", "300"])
        let folder = site.output.appendingPathComponent("news/field-day")
        for set in attributes("srcset", of: "source", in: page) {
            for candidate in set.split(separator: ",") {
                let link = String(candidate.trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(link).standardizedFileURL.path), "\(link)")
            }
        }
        // The pictures pages only show are published only as their processed files; the
        // files that are not pictures, as they are.
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("news/field.jpg").path))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("photos/upright.jpg").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("news/broken.jpg").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("news/not-shown.jpg").path))
    }
}
