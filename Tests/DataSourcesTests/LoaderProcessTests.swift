import DataSources
import Foundation
import TestSupport
import Testing

/// A data loader's program run bounded: real programs (`sh`, `python3`), real pipes, real
/// signals to a real process group. Each run blocks its thread, so it runs off the pool.
@Suite struct LoaderProcessTests {
    let environment = ProcessInfo.processInfo.environment

    func run(_ command: [String], seconds: Double = 30, maxBytes: Int = 10_000_000, in folder: URL? = nil) async throws
        -> Result<LoaderProcess.Output, LoaderProcess.Failure>
    {
        let (environment, folder) = (environment, folder ?? URL(fileURLWithPath: NSTemporaryDirectory()))
        return try await offThePool {
            var limits = LoaderProcess.Limits(seconds: seconds, maxBytes: maxBytes)
            limits.graceSeconds = 1
            return Result { () throws(LoaderProcess.Failure) in
                try LoaderProcess.run(command, in: folder, environment: environment, limits: limits)
            }
        }
    }

    @Test func stdoutIsTheDataAndStderrItsEnd() async throws {
        let output = try await run(["sh", "-c", "printf 'a,b\\n1,2\\n'; echo note >&2"]).get()
        #expect(output.stdout == Data("a,b\n1,2\n".utf8))
        #expect(output.stderr == "note\n")
    }

    /// Two megabytes on each pipe at once: a reader that waited on one pipe while the
    /// program filled the other (64 KB) would never return.
    @Test func bothPipesFullAtOnceDoNotStallTheRun() async throws {
        let script = "import sys\nfor i in range(20000):\n    sys.stdout.write('x' * 99 + '\\n'); sys.stderr.write('y' * 99 + '\\n')\n"
        let output = try await run(["python3", "-c", script]).get()
        #expect(output.stdout.count == 2_000_000)
        // Only the end of stderr is kept: at most twice the kept bytes, whole lines of it at its end.
        #expect(output.stderr.utf8.count <= 2 * 65_536 && output.stderr.hasSuffix(String(repeating: "y", count: 99) + "\n"))
    }

    @Test func aFailureSaysHowTheProgramEnded() async throws {
        let exited = try await run(["sh", "-c", "echo 'no key for the API' >&2; exit 4"])
        guard case .failure(let failure) = exited else {
            Issue.record("a status of 4 is a failure")
            return
        }
        #expect(failure.reason == "it exited with status 4")
        #expect(LoaderProcess.lastLines(failure.stderr) == ["no key for the API"])

        let killed = try await run(["sh", "-c", "kill -9 $$"])
        guard case .failure(let signalled) = killed else {
            Issue.record("a killed program is a failure")
            return
        }
        #expect(signalled.reason.hasPrefix("it was ended by signal 9"))

        let missing = try await run(["no-such-program-4711"])
        guard case .failure(let notFound) = missing else {
            Issue.record("a missing program is a failure")
            return
        }
        #expect(notFound.reason.contains("`no-such-program-4711` is not a program on the PATH"))
    }

    /// Past `seconds`, the program and what it started are stopped: the group gets SIGTERM,
    /// then SIGKILL (the shell here ignores SIGTERM).
    @Test func aProgramPastItsTimeIsStoppedWithItsChildren() async throws {
        let folder = try TemporaryFolder("loader")
        defer { folder.remove() }
        let script = "trap '' TERM; sleep 60 & echo $! > child.pid; sleep 60; echo never"
        let result = try await run(["sh", "-c", script], seconds: 1, in: folder.url)
        guard case .failure(let failure) = result else {
            Issue.record("a run past its time is a failure")
            return
        }
        #expect(failure.reason == "it ran longer than 1 seconds and was stopped")
        let child = try #require(
            Int32(try String(contentsOf: folder.url("child.pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.isGoneOrDead(child), "the loader's child \(child) still runs")
    }

    @Test func aProgramPrintingPastItsBytesIsStopped() async throws {
        let result = try await run(["yes", "a,b"], maxBytes: 100_000)
        guard case .failure(let failure) = result else {
            Issue.record("an endless output is a failure")
            return
        }
        #expect(failure.reason == "it printed more than 100,000 bytes and was stopped")
    }

    /// A program that ends while a child it left holds its stdout is waited for its grace,
    /// then that child is killed; the data printed is read.
    @Test func aChildLeftHoldingTheOutputIsStopped() async throws {
        let folder = try TemporaryFolder("loader")
        defer { folder.remove() }
        let output = try await run(["sh", "-c", "sleep 60 & echo $! > child.pid; echo a,b"], in: folder.url).get()
        #expect(output.stdout == Data("a,b\n".utf8))
        let child = try #require(
            Int32(try String(contentsOf: folder.url("child.pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.isGoneOrDead(child), "the loader's child \(child) still runs")
    }

    @Test func stdinIsEmptyAndTheFolderIsTheSites() async throws {
        let folder = try TemporaryFolder("loader")
        defer { folder.remove() }
        let output = try await run(["sh", "-c", "cat; pwd"], in: folder.url).get()
        #expect(String(decoding: output.stdout, as: UTF8.self) == folder.url.resolvingSymlinksInPath().path + "\n")
    }

    /// Killed, a process may stay a zombie until its new parent reaps it: either way it no
    /// longer runs.
    static func isGoneOrDead(_ pid: Int32) -> Bool {
        for _ in 0..<100 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            if state == "Z" || state == "X" { return true }
            usleep(20_000)
        }
        return false
    }
}
