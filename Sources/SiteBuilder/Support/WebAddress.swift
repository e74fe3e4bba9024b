import Foundation

extension URL {
    /// Whether this is an http(s) address with a host: what a page may show as a picture or
    /// link to as a source, and what ttsite fetches.
    var isWebAddress: Bool {
        guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return host != nil
    }
}
