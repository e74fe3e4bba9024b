import Foundation
import TestSupport

/// Looks for script that data could have smuggled into built pages, with an HTML parser
/// that is not ttsite's: Python's `html.parser` (`Fixtures/hostile/scan_html.py`), which
/// decodes entities and splits attributes the way browsers do.
///
/// Returns one line per finding (`people/x/index.html: <img onerror=…>`); an empty list is
/// a clean site.
enum InjectionScan {
    /// Waits for the scanner without holding a thread of the concurrency pool.
    static func findings(in output: URL) async throws -> [String] {
        let scan = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Fixtures.url("hostile/scan_html.py").path, output.path],
            in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        guard !scan.signalled, scan.status == 0 else {
            return ["scan_html.py failed (\(scan.status)): " + scan.stderr]
        }
        return scan.stdout.split(separator: "\n").map(String.init)
    }
}
