import Foundation

extension URL {
    /// The address as messages, listings and pages may show it: a user name and password
    /// (`https://user:secret@host/`) and the values of query parameters that carry
    /// credentials (`token`, `api_key`, `access_token`, `X-Amz-Signature`, `sig` …) written as
    /// `***`. The address itself is used, unchanged, for fetching and as the cache's key.
    public var redacted: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return absoluteString }
        var changed = false
        if components.user != nil || components.password != nil {
            components.user = "***"
            components.password = nil
            changed = true
        }
        if let items = components.queryItems, items.contains(where: { Self.isSecret($0.name) }) {
            components.queryItems = items.map { Self.isSecret($0.name) ? URLQueryItem(name: $0.name, value: "***") : $0 }
            changed = true
        }
        guard changed else { return absoluteString }
        return (components.string ?? absoluteString).replacingOccurrences(of: "%2A%2A%2A", with: "***")
    }

    /// Whether a query parameter's name says it holds a credential: one of its words (split
    /// at `_`, `-` and `.`) is a word for one.
    static func isSecret(_ name: String) -> Bool {
        let words = name.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." })
        return words.contains { secretWords.contains(String($0)) } || secretWords.contains(name.lowercased())
    }

    private static let secretWords: Set<String> = [
        "token", "key", "apikey", "secret", "password", "passwd", "pwd", "auth", "authorization", "signature", "sig",
        "credential", "credentials", "session", "sessionid", "jwt", "bearer",
    ]
}
