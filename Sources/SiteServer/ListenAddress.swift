import FlyingFox
import FlyingSocks
import Foundation
import SiteBuilder

/// The `--host` and `--port` of a preview as a socket address, with errors in words.
struct ListenAddress {
    let host: String
    let port: UInt16
    let socketAddress: any SocketAddress

    init(host: String, port: UInt16) throws {
        self.host = host
        self.port = port
        let ip = host == "localhost" ? "127.0.0.1" : host
        do {
            socketAddress = ip.contains(":") ? try sockaddr_in6.inet6(ip6: ip, port: port) : try sockaddr_in.inet(ip4: ip, port: port)
        } catch {
            throw BuildError(.configuration, "--host must be an IP address such as 127.0.0.1 or ::1 (or localhost), found `\(host)`")
        }
    }

    /// How the host is written in a URL: IPv6 addresses in brackets.
    var urlHost: String {
        let ip = host == "localhost" ? "127.0.0.1" : host
        return ip.contains(":") ? "[\(ip)]" : ip
    }

    /// Starts `server` and waits until it listens; returns the port (the one the system
    /// chose for port 0) and the task that runs the server. A failure to listen becomes an
    /// error a user can act on.
    func start(_ server: HTTPServer) async throws -> (port: UInt16, task: Task<Void, any Error>) {
        let failure = ErrorBox()
        let task = Task {
            do { try await server.run() } catch {
                failure.error = error
                throw error
            }
        }
        while await !server.isListening {
            // `run()` ends before the server listens only by failing.
            if let error = failure.error { throw describe(error) }
            try await Task.sleep(for: .milliseconds(10))
        }
        switch await server.listeningAddress {
        case let .ip4(_, port)?, let .ip6(_, port)?: return (port, task)
        default: return (port, task)
        }
    }

    private func describe(_ error: any Error) -> BuildError {
        var reason = "\(error)"
        if case let SocketError.failed(_, code, _) = error {
            reason = String(cString: strerror(code)).lowercased()
            if code == EADDRINUSE {
                reason += "; pass --port with another number, or --port 0 for any free port"
            }
        }
        return BuildError(.configuration, "cannot listen on \(urlHost):\(port): \(reason)")
    }
}

extension ListenAddress {
    /// Whether only this machine can reach `host`.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
