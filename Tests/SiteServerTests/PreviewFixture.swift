import Foundation
import SiteBuilder
import TestSupport

@testable import SiteServer

/// A small site written inline (see `Txtar`) into `site/` of a fresh temporary folder,
/// served by a real preview on a free loopback port.
struct PreviewFixture {
    let temporary: TemporaryFolder
    let folder: URL
    let server: PreviewServer
    let log: LogLines

    /// A marker in the site's config: no answer of the server may ever contain it.
    static let configSecret = "config-secret-5b1e"

    static let defaultSite = """
        -- ttsite.yml --
        title: Preview   # \(configSecret)
        base_url: https://example.org/
        -- Content/index.md --
        ---
        title: Home
        ---
        First version of the home page.
        -- Content/about.md --
        ---
        title: About
        ---
        About this site.
        -- Content/404.md --
        ---
        title: Lost
        ---
        Nothing lives at this address.
        -- Content/files/drawing.svg --
        <svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>
        -- Content/files/data.json --
        {"answer": 42}
        -- Content/files/notes.txt --
        plain text
        -- Content/files/birthdays.ics --
        BEGIN:VCALENDAR
        END:VCALENDAR
        -- Content/files/tool.js --
        console.log("tool");
        """

    /// The first bytes of a PNG file (its signature and an IHDR chunk header): enough for a
    /// file the server must pass through unchanged.
    /// A whole PNG of one grey pixel (made with Python's zlib; Pillow reads it): a published
    /// picture must be one whose structure ttsite can follow to remove its metadata.
    static let pngBytes: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B, 0x55, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0x68, 0x00, 0x00, 0x00, 0x82, 0x00, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    static func start(_ files: String = defaultSite) async throws -> PreviewFixture {
        let temporary = try TemporaryFolder("serve")
        let folder = temporary.url("site")
        try temporary.write(files: files, into: "site")
        try temporary.write(Data(pngBytes), to: "site/Content/files/picture.png")

        var options = ServeOptions(build: BuildOptions(siteFolder: folder, now: Date(timeIntervalSince1970: 1_795_334_400)))
        options.port = 0
        options.pollInterval = .milliseconds(50)
        options.quietPeriod = .milliseconds(50)
        let log = LogLines()
        let server = try await PreviewServer.start(options, log: { log.append($0) })
        return PreviewFixture(temporary: temporary, folder: folder, server: server, log: log)
    }

    var port: UInt16 { UInt16(server.url.port!) }
    var http: RawHTTP { RawHTTP(port: port) }

    func write(_ text: String, to path: String) throws {
        try temporary.write(text, to: "site/" + path)
    }

    func stop() async {
        await server.stop()
        temporary.remove()
    }
}

/// The preview's log lines, collected from its tasks.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// Asks `condition` again until it holds or `seconds` have passed: a bound on waiting, not
/// a timing assertion. Long by default: the preview works on this process's concurrency
/// pool, which the suite's other tests can keep busy for minutes on a loaded machine.
func eventually(within seconds: Double = ChildProcess.defaultLimit, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try condition()
}
