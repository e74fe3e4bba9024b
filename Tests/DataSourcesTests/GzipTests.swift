import Foundation
import TestSupport
import Testing

@testable import DataSources

/// gzip data made by Python's `gzip` module (the oracle), read back through zlib.
@Suite struct GzipTests {
    /// `text` compressed by Python's gzip, `members` times one after the other (as `cat a.gz
    /// b.gz` makes).
    static func compressed(_ text: String, members: Int = 1, in folder: TemporaryFolder) async throws -> Data {
        let input = folder.url("input.txt")
        let output = folder.url("output.gz")
        try Data(text.utf8).write(to: input)
        let script = """
            import gzip, sys
            data = open(sys.argv[1], 'rb').read()
            open(sys.argv[2], 'wb').write(b''.join(gzip.compress(data) for _ in range(int(sys.argv[3]))))
            """
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, input.path, output.path, String(members)],
            in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        return try Data(contentsOf: output)
    }

    @Test func pythonsGzipReadsBackAsItWas() async throws {
        let folder = try TemporaryFolder("gzip")
        defer { folder.remove() }
        let text = "country,year,pop\n" + (0..<20_000).map { "Côte d'Ivoire,\(1950 + $0 % 60),\($0)\n" }.joined()
        let data = try await Self.compressed(text, in: folder)
        #expect(Gzip.isCompressed(data) && data.count < text.utf8.count / 10)
        #expect(try Gzip.decompressed(data, limit: 10_000_000) == Data(text.utf8))
        // Two members are one text.
        let twice = try await Self.compressed("a,b\n", members: 2, in: folder)
        #expect(try Gzip.decompressed(twice, limit: 100) == Data("a,b\na,b\n".utf8))
        #expect(!Gzip.isCompressed(Data("a,b\n".utf8)))
    }

    @Test func aLimitStopsItBeforeMemoryRunsOut() async throws {
        let folder = try TemporaryFolder("gzip")
        defer { folder.remove() }
        // 2 MB of one letter: a few kilobytes compressed.
        let data = try await Self.compressed(String(repeating: "x", count: 2_000_000), in: folder)
        #expect(data.count < 10_000)
        #expect(throws: Gzip.Failure(message: "uncompressed, it is larger than 1000000 bytes (max_bytes)")) {
            try Gzip.decompressed(data, limit: 1_000_000)
        }
    }

    @Test func cutShortOrDamagedIsSaid() async throws {
        let folder = try TemporaryFolder("gzip")
        defer { folder.remove() }
        let data = try await Self.compressed(String(repeating: "abc,def\n", count: 10_000), in: folder)
        #expect(throws: Gzip.Failure(message: "the gzip data is cut short")) {
            try Gzip.decompressed(data.prefix(data.count / 2), limit: 1_000_000)
        }
        var damaged = data
        damaged[20] ^= 0xFF
        damaged[21] ^= 0xFF
        #expect(throws: Gzip.Failure.self) { try Gzip.decompressed(damaged, limit: 1_000_000) }
    }
}
