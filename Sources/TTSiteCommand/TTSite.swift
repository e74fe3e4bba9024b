import ArgumentParser
import CAllocator
import DataTables
import Foundation
import SiteBuilder

/// The `ttsite` command. It parses arguments, calls `SiteBuilder` and turns errors into
/// messages and exit codes: 0 success, 1 build failed, 2 usage or config error, 3 a source
/// could not be read.
@main
struct TTSite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ttsite",
        abstract:
            "Builds static report sites from data: CSV, JSON, "
            + "SQLite and PostgreSQL queried with SQL at build time, and people and timelines.",
        version: SiteBuilderVersion.current,
        subcommands: [Init.self, Build.self, Check.self, Serve.self, DataCommand.self, Query.self, Templates.self],
        defaultSubcommand: nil
    )

    /// For the commands that write or read a whole site (`build`, `check`): SIGINT, SIGTERM and
    /// SIGHUP remove the staging folder and end the process with a message. `serve` has the
    /// same `Interruption` hand the signal to the preview instead. Called first thing in
    /// `run`, before any thread starts.
    static func stopCleanlyOnSignals() {
        Interruption.shared.install(message: { signal in
            let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
            FileHandle.standardError.write(Data("\nttsite: stopped by \(name); the output folder holds the last complete build\n".utf8))
        })
    }

    static func main() {
        // Blocks of 256 KB and more (the arrays of a large site's pages, its record, its
        // indexes) are mapped apart and given back when freed: glibc's own threshold rises
        // as such blocks are freed and then leaves them in the heap (30 MB at 100,000 people).
        ttsite_map_large_allocations(256 * 1024)
        // A query stuck past its time limit in one call of SQLite's ends the process, as a
        // signal would: a nightly build must not hold its lock for hours.
        RunawayQueries.onRunaway { message in
            Interruption.shared.abort(
                "ttsite: error: \(message); the build stopped, and the output folder holds the last complete build\n", code: 1)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as BuildError {
            Interruption.shared.waitIfStopping()
            // One line per problem: an error that lists several problems prints each.
            for line in error.description.split(separator: "\n") {
                FileHandle.standardError.write(Data("ttsite: error: \(line.trimmingCharacters(in: .whitespaces))\n".utf8))
            }
            Foundation.exit(error.exitCode)
        } catch let code as ExitCode where code != .validationFailure {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data("ttsite: \(fullMessage(for: error))\n".utf8))
            // Usage errors exit 2, as the spec and the rest of the Unix world have it.
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
