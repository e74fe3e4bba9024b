import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// `queries.seconds: 1` and a query that spends minutes in one SQLite call (`instr` over a
/// text of 50 million characters), which neither the progress handler nor `sqlite3_interrupt`
/// reaches — unstopped, it published its result after three minutes on a busy machine, exit 0:
/// `ttsite build` ends a few seconds past the limit with an error
/// naming the query, and the published site stays as it was (issue 50).
@Suite struct RunawayQueryTests {
    @Test func aQueryStuckInOneCallEndsTheBuild() async throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Slow
            queries: { seconds: 1 }
            data:
              t: { file: data/t.csv }
            -- data/t.csv --
            a
            1
            -- Content/index.md --
            ```ttsite query q
            SELECT a AS n FROM t
            ```

            ```ttsite value data=q column=n
            ```
            """)
        defer { site.remove() }
        try site.build()
        let published = try snapshot(of: site.output)
        try site.write(
            """
            ```ttsite query q
            SELECT instr(printf('%.*c', 50000000, 'a'), printf('%.*c', 200000, 'a') || 'b') AS n
            ```

            ```ttsite value data=q column=n
            ```
            """, to: "Content/index.md")
        let run = try await ChildProcess.run(TTSiteBinary.url, ["build", "--site", site.folder.path], in: site.folder, limit: 300)
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix(
                "ttsite: error: a query ran past its time limit of 1 second (`queries.seconds`) inside one call SQLite cannot interrupt, "
                    + "and was still running 5 seconds later: `SELECT instr(printf('%.*c', 50000000, 'a')"
            ), "\(run.stderr)")
        #expect(try snapshot(of: site.output) == published)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.folder.path).filter {
                $0.contains(".staging-") || $0.contains(".old-")
            }.isEmpty)
    }
}
