import Foundation

/// Looks for script that data could have smuggled into built pages, with an HTML parser
/// that is not ttsite's: Python's `html.parser` (`Fixtures/hostile/scan_html.py`), which
/// decodes entities and splits attributes the way browsers do.
///
/// Returns one line per finding (`people/x/index.html: <img onerror=…>`); an empty list is
/// a clean site.
enum InjectionScan {
    static func findings(in output: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.url("hostile/scan_html.py").path, output.path]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            return ["scan_html.py failed (\(process.terminationStatus)): " + String(decoding: errors, as: UTF8.self)]
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
