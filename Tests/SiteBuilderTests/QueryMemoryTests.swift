import Foundation
import Testing
import TestSupport

/// `queries.megabytes` bounds a query's memory, not only its result: SQLite makes a row's
/// values before the result sees them, and ten values of 49 MB each (`hex(zeroblob(…))`)
/// took 2.45 GB before the byte-limit error. The memory the program held at its peak is
/// read from the kernel (`wait4`), against the same program answering `SELECT 1`.
@Suite struct QueryMemoryTests {
    static let megabytes = 50

    static func site() throws -> TestSite {
        try TestSite("""
            -- ttsite.yml --
            title: T
            queries: { megabytes: \(megabytes), seconds: 600 }
            data:
              t: { file: data/t.csv }
            -- data/t.csv --
            n
            1
            """)
    }

    @Test func aRowOfValuesEachUnderTheLimitIsStoppedAsItIsMade() async throws {
        let site = try Self.site()
        defer { site.remove() }
        let baseline = try await TTSiteBinary.run(["query", "SELECT 1"], in: site.folder)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        // Ten values of 49 MB: each under the 50 MiB limit, 490 MB together.
        let columns = (1...10).map { "hex(zeroblob(24500000)) AS a\($0)" }.joined(separator: ", ")
        let run = try await TTSiteBinary.run(["query", "SELECT \(columns)"], in: site.folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("the query took more memory than the byte limit allows"), "\(run.stderr)")
        let grown = (run.peakKilobytes - baseline.peakKilobytes) / 1024
        // SQLite's budget is twice the limit and 64 MiB; without it, the run grew by ~1 GB.
        #expect(grown < 4 * Self.megabytes, "the query grew the program by \(grown) MiB (the limit is \(Self.megabytes) MiB)")
    }
}
