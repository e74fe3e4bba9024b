import Foundation

/// Which redirects a fetch follows: at most five, only to http(s), never from https to http.
public enum RedirectPolicy {
    public static let maximumRedirects = 5

    /// Decides whether to follow redirect number `count` (1-based) from `source` to `target`;
    /// throws the `FetchError` that ends the fetch when it must not be followed.
    public static func check(from source: URL, to target: URL, count: Int) throws(FetchError) {
        guard count <= maximumRedirects else { throw .tooManyRedirects(limit: maximumRedirects) }
        let to = target.scheme?.lowercased()
        guard to == "http" || to == "https" else { throw .unsupportedRedirect(to: target.redacted) }
        if source.scheme?.lowercased() == "https" && to == "http" { throw .insecureRedirect(to: target) }
    }
}
