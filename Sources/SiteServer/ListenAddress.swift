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

    /// A socket bound to this address and listening; a failure to listen becomes an error a
    /// user can act on.
    func listen() throws -> Socket {
        do {
            let socket = try Socket(domain: Int32(type(of: socketAddress).family))
            do {
                try socket.setValue(true, for: .localAddressReuse)
                try socket.bind(to: socketAddress)
                try socket.listen()
            } catch {
                try? socket.close()
                throw error
            }
            return socket
        } catch {
            throw describe(error)
        }
    }

    /// The port `socket` listens on: `port`, or the one the system chose for port 0.
    func boundPort(of socket: Socket) throws -> UInt16 {
        switch try socket.sockname() {
        case .ip4(_, let port), .ip6(_, let port): return port
        case .unix: return port
        }
    }

    private func describe(_ error: any Error) -> BuildError {
        var reason = "\(error)"
        if case SocketError.failed(_, let code, _) = error {
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
