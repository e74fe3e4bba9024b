import ArgumentParser
import Foundation
import SiteBuilder

/// How much a command prints: warnings always (one line each, on stderr), the summary line
/// unless `--quiet`, each stage's details with `--verbose`, and a progress bar when stderr
/// is a terminal.
struct VerbosityOptions: ParsableArguments {
    @Flag(name: [.short, .long], help: "Print nothing on success (warnings and errors still go to stderr).")
    var quiet = false

    @Flag(name: [.short, .long], help: "Print what each stage did.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }

    /// A progress bar on stderr, when stderr is a terminal and not `--quiet`.
    func progressBar() -> ProgressBar? {
        quiet || isatty(STDERR_FILENO) == 0 ? nil : ProgressBar()
    }

    func print(warnings: [String], details: [String], line: String, always: Bool = false) {
        for warning in warnings {
            for text in warning.split(separator: "\n") { Self.printLine("ttsite: warning: \(text)") }
        }
        if verbose {
            for detail in details { Self.printLine("  \(detail)") }
        }
        if !quiet || always { Self.printLine(line) }
    }

    static func printLine(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
