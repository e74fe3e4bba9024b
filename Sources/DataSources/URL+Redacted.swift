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
    public static func isSecret(_ name: String) -> Bool {
        let words = name.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." })
        return words.contains { secretWords.contains(String($0)) } || secretWords.contains(name.lowercased())
    }

    private static let secretWords: Set<String> = [
        "token", "key", "apikey", "secret", "password", "passwd", "pwd", "auth", "authorization", "signature", "sig",
        "credential", "credentials", "session", "sessionid", "jwt", "bearer",
    ]
}

/// A program's arguments as messages and listings may show them (a data loader's command):
/// what carries a credential written as `***`, as `URL.redacted` writes an address's —
///
/// - an http(s) address: `URL.redacted`;
/// - `NAME=VALUE` or `--NAME=VALUE` whose name is a word for a credential (`token=…`,
///   `--password=…`): the value;
/// - the argument after a flag whose name is such a word (`--token abc`): all of it;
/// - an HTTP header that carries one (`Authorization: Bearer …`, `X-Api-Key: …`): its value.
///
/// The arguments themselves are run unchanged.
public enum RedactedArguments {
    public static func shown(_ arguments: [String]) -> [String] {
        var shown: [String] = []
        for (index, argument) in arguments.enumerated() {
            if index > 0, let flag = flagName(arguments[index - 1]), URL.isSecret(flag) {
                shown.append("***")
            } else if argument.lowercased().hasPrefix("http://") || argument.lowercased().hasPrefix("https://"),
                let url = URL(string: argument)
            {
                shown.append(url.redacted)
            } else if let colon = argument.firstIndex(of: ":"), URL.isSecret(argument[..<colon].trimmingCharacters(in: .whitespaces)) {
                shown.append(argument[..<colon] + ": ***")
            } else if let equals = argument.firstIndex(of: "="), URL.isSecret(String(argument[..<equals].drop { $0 == "-" })) {
                shown.append(argument[...equals] + "***")
            } else {
                shown.append(argument)
            }
        }
        return shown
    }

    /// `token` of `--token` or `-token`; nil for an argument that is no flag, or one with its
    /// value after `=`.
    private static func flagName(_ argument: String) -> String? {
        guard argument.hasPrefix("-"), !argument.contains("=") else { return nil }
        let name = String(argument.drop { $0 == "-" })
        return name.isEmpty ? nil : name
    }
}
