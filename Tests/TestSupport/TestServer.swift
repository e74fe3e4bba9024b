import DataSources
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The loopback HTTP server of `Server/test_server.py`, started once for the whole test run.
/// It exits when its stdin closes, that is when the test process ends.
public final class TestServer: @unchecked Sendable {
    /// The server; the first test to ask waits for it to print its port, without holding a
    /// thread of the concurrency pool.
    public static var shared: TestServer {
        get async throws { try await starting.value }
    }

    private static let starting = Task { try await TestServer() }

    /// The fetch time-out of a test that expects an answer: long enough that no timer decides
    /// the outcome, however busy the machine, so a refused connection or an HTTP error is
    /// always seen as such.
    public static let answerSeconds = 60
    /// The fetch time-out of a test of a server that does not answer (`hang`, which answers
    /// only after a minute): the time-out is the only outcome.
    public static let hangSeconds = 1

    /// The fetch time-out for a test of `mode`: short for a hang, long for anything else.
    public static func timeoutSeconds(for mode: String) -> Int {
        mode == "hang" ? hangSeconds : answerSeconds
    }

    public let port: Int
    private let server: ChildProcess
    private let input: Pipe

    private init() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Server/test_server.py")
        input = Pipe()
        server = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path],
            in: script.deletingLastPathComponent(), input: input.fileHandleForReading
        )
        guard let line = try await server.firstLine(), let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
            server.terminate(SIGKILL)
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [
                    NSLocalizedDescriptionKey: "the test HTTP server printed no port: \(server.errorOutput)"
                ])
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
    }

    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// A key no other test uses.
    public static func uniqueKey() -> String {
        UUID().uuidString.lowercased()
    }

    /// Sets how `/data/<key>` behaves from now on.
    public func setMode(_ mode: String, for key: String) async throws {
        _ = try await fetch("/control/\(key)/\(mode)")
    }

    /// How often `/data/<key>` (or `/flaky/<key>/…`) was asked, and the headers of the last request.
    public func requests(for key: String) async throws -> (count: Int, headers: [String: String]) {
        let response = try await fetch("/requests/\(key)")
        struct Requests: Decodable {
            var count: Int
            var headers: [String: String]
        }
        let requests = try JSONDecoder().decode(Requests.self, from: response.body)
        return (requests.count, requests.headers)
    }

    /// A GET of `path` on a thread of its own: `URLSessionFetcher` waits for the answer on a
    /// semaphore, which must not hold one of the concurrency pool's few threads.
    private func fetch(_ path: String) async throws -> FetchResponse {
        let request = FetchRequest(url: url(path), timeoutSeconds: Double(Self.answerSeconds))
        return try await offThePool { try URLSessionFetcher().fetch(request) }
    }
}
