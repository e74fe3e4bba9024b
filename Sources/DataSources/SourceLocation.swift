import Foundation

/// Where a source's documents come from: a `file:` or a `url:` entry of `ttsite.yml`.
public enum SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// A file, or a folder whose `*.json` files are read in name order.
    /// Relative to the site folder unless absolute.
    case file(String)
    /// An http or https address.
    case url(URL)

    /// The path, or the address without its credentials (`URL.redacted`): what messages,
    /// listings and the build's record name it by.
    public var description: String {
        switch self {
        case .file(let path): return path
        case .url(let url): return url.redacted
        }
    }

    /// Parses the value of a `url:` entry; `nil` unless it is an absolute http(s) address with a host.
    public static func remote(_ text: String) -> SourceLocation? {
        guard let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return .url(url)
    }
}
