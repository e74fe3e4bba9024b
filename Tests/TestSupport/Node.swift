import Foundation

/// Runs JavaScript in node: `input` is handed over as JSON (in a file: an argument holds at
/// most 128 KB), stdout is read back as JSON.
public enum Node {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("node")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(
            description: "node was not found on PATH (\(path)). These tests run the site's scripts "
                + "(counter.js, search.js) in node to compare them with the Swift side: install Node.js.")
    }

    public static func run(_ body: String, input: [String: Any]) async throws -> Any {
        let data = try JSONSerialization.data(withJSONObject: input)
        let folder = try TemporaryFolder("node-input")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("input.json")
        try data.write(to: file)
        let run = try await ChildProcess.run(
            try executable(),
            [
                "-e", "\"use strict\"; const input = JSON.parse(require(\"fs\").readFileSync(process.argv[1], \"utf8\"));\n" + body,
                file.path,
            ],
            in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        guard run.status == 0 else {
            throw Failure(description: "node exited with \(run.status): " + run.stderr)
        }
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8), options: [.fragmentsAllowed])
    }
}
