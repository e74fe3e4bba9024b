import Foundation
import TestSupport
import Testing

/// `queries.megabytes` bounds a query's memory, not only its result: SQLite makes a row's
/// values before the result sees them, and ten values of 49 MB each (`hex(zeroblob(…))`)
/// took 2.45 GB before the byte-limit error. The memory the program held at its peak is
/// read from the kernel, against the same program answering `SELECT 1`.
@Suite struct QueryMemoryTests {
    static let megabytes = 50

    /// Runs ttsite with `arguments` in `folder` and returns its exit status, its stderr and
    /// its peak resident set in MiB. Started by a small Python process (`os.wait4`'s
    /// `ru_maxrss`): a program started by the test process itself (`posix_spawn`, which
    /// shares the parent's memory until `exec`) starts its peak at the test process's,
    /// hundreds of MB in a full run.
    static func peak(_ arguments: [String], in folder: URL) async throws -> (status: Int32, stderr: String, mebibytes: Int) {
        let script = """
            import json, os, subprocess, sys
            child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            error = child.stderr.read()
            _, status, usage = os.wait4(child.pid, 0)
            json.dump({"status": os.waitstatus_to_exitcode(status), "stderr": error.decode(), "kib": usage.ru_maxrss}, sys.stdout)
            """
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, TTSiteBinary.url.path] + arguments, in: folder)
        struct Report: Decodable {
            let status: Int32
            let stderr: String
            let kib: Int
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        return (report.status, report.stderr, report.kib / 1024)
    }

    static func site() throws -> TestSite {
        try TestSite(
            """
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
        let baseline = try await Self.peak(["query", "SELECT 1"], in: site.folder)
        #expect(baseline.status == 0, "\(baseline.stderr)")
        // Ten values of 49 MB: each under the 50 MiB limit, 490 MB together.
        let columns = (1...10).map { "hex(zeroblob(24500000)) AS a\($0)" }.joined(separator: ", ")
        let run = try await Self.peak(["query", "SELECT \(columns)"], in: site.folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("the query took more memory than the byte limit allows"), "\(run.stderr)")
        let grown = run.mebibytes - baseline.mebibytes
        // SQLite's budget is twice the limit and 64 MiB; without it, the run grew by ~1 GB.
        #expect(grown < 4 * Self.megabytes, "the query grew the program by \(grown) MiB (the limit is \(Self.megabytes) MiB)")
    }
}
