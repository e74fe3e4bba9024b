import Foundation

/// A test server's control script (`Server/postgres-server`, `Server/mariadb-server`): `start`,
/// `stop`, `sql` and what else it takes.
enum ServerScript {
    /// Runs `script` with `arguments` to its end on a thread of its own, its output in a
    /// file: the server it starts outlives it, and `waitpid` on the script alone says when it
    /// is done. What the script printed, or a `ServerFailure` with it.
    static func run(_ script: URL, _ arguments: [String]) async throws -> String {
        let name = script.lastPathComponent
        return try await offThePool {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).out")
            defer { try? FileManager.default.removeItem(at: output) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            let argv = (["/bin/bash", script.path] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, argv, environ)
            guard spawned == 0 else { throw ServerFailure(message: "cannot start \(name): error \(spawned)") }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            guard status == 0 else {
                throw ServerFailure(message: "\(name) \(arguments.first ?? "") failed (status \(status)): \(text)")
            }
            return text
        }
    }
}

/// A test server that did not start or do what it was asked, with what its script printed.
public struct ServerFailure: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
