import Foundation

/// Why a fetch produced no usable response, in words for a site author.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer, or no more of the body, within the time-out.
    case timedOut(seconds: Double)
    /// The server answered with a status that is neither 2xx nor 304.
    case httpStatus(Int)
    /// The body grew past `max_bytes`.
    case tooLarge(maxBytes: Int)
    /// The connection closed before `Content-Length` bytes arrived.
    case truncated(received: Int, expected: Int)
    /// More redirects than `RedirectPolicy.maximumRedirects`.
    case tooManyRedirects(limit: Int)
    /// A redirect from https to http.
    case insecureRedirect(to: URL)
    /// A redirect to something that is not http(s).
    case unsupportedRedirect(to: String)
    /// No connection, or it broke; the text comes from the network layer.
    case connection(String)

    public var description: String {
        switch self {
        case .timedOut(let seconds):
            return "timed out after \(Self.format(seconds: seconds))"
        case .httpStatus(let status):
            return "HTTP \(status) \(Self.reasonPhrase(status))"
        case .tooLarge(let maxBytes):
            return "the body is larger than \(maxBytes) bytes (max_bytes)"
        case .truncated(let received, let expected):
            return "truncated: \(received) of \(expected) bytes"
        case .tooManyRedirects(let limit):
            return "redirected more than \(limit) times"
        case .insecureRedirect(let url):
            return "redirect from https to http refused (to \(url.redacted))"
        case .unsupportedRedirect(let target):
            return "redirect to \(target) refused: not an http or https address"
        case .connection(let text):
            return text
        }
    }

    /// Worth another attempt: time-outs, broken connections, 5xx, 408 and 429.
    public var isRetryable: Bool {
        switch self {
        case .timedOut, .truncated, .connection: return true
        case .httpStatus(let status): return status >= 500 || status == 408 || status == 429
        case .tooLarge, .tooManyRedirects, .insecureRedirect, .unsupportedRedirect: return false
        }
    }

    /// "2 s", "1.5 s", "0.25 s".
    static func format(seconds: Double) -> String {
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        var text = String(format: "%.2f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        return "\(text) s"
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 300: return "Multiple Choices"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 410: return "Gone"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default:
            switch status {
            case 300..<400: return "Redirection"
            case 400..<500: return "Client Error"
            case 500..<600: return "Server Error"
            default: return "Unexpected Status"
            }
        }
    }

    /// No answer at all: the server could not be reached or did not reply in time.
    public var isUnanswered: Bool {
        switch self {
        case .timedOut, .connection: true
        default: false
        }
    }
}
