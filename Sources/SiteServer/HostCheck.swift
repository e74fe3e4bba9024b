/// Which `Host` a request to the preview may name. A web page the author has open can make
/// the browser ask `127.0.0.1:1717` for anything (an `<img>`), and with DNS rebinding (a name
/// of the attacker's that first leads to the attacker, then to 127.0.0.1) read the answers:
/// drafts included. The browser then sends the attacker's name as `Host`; the preview, bound
/// to this machine alone, answers only to the names of this machine: 127.0.0.1, localhost,
/// [::1] and the host it was bound to.
struct HostCheck: Sendable {
    /// The names allowed, in lower case and without a port; nil allows any (a preview bound to
    /// every interface, `0.0.0.0`, is reached by names it cannot know).
    let allowed: Set<String>?

    init(boundTo host: String) {
        let bound = host.lowercased()
        if bound == "0.0.0.0" || bound == "::" || bound == "[::]" {
            allowed = nil
        } else {
            let names: Set<String> = ["127.0.0.1", "localhost", "::1"]
            allowed = names.union([bound.hasPrefix("[") && bound.hasSuffix("]") ? String(bound.dropFirst().dropLast()) : bound])
        }
    }

    /// Whether a request whose `Host` header is `value` (nil: none, as HTTP/1.0 clients,
    /// never browsers, send) may be answered.
    func allows(_ value: String?) -> Bool {
        guard let allowed, let value else { return true }
        return allowed.contains(Self.name(in: value.lowercased()))
    }

    /// `localhost:1717` → `localhost`, `[::1]:1717` → `::1`.
    static func name(in host: String) -> String {
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") {
            return String(host[host.index(after: host.startIndex)..<end])
        }
        guard let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon else { return host }
        return String(host[..<colon])
    }
}
