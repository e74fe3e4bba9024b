import Foundation

/// A request path turned into a file inside the output folder — or refused. Public for the
/// fuzz target of request paths.
///
/// The path is read from the request as it was sent (still percent-encoded), not from a
/// normalised form, and each segment is decoded on its own: a segment that decodes to `..`,
/// `.`, or holds `/`, `\` or NUL is refused, so `/../ttsite.yml`, `/%2e%2e/ttsite.yml`,
/// `/a%2f..%2f..` and `/..\ttsite.yml` never reach the file system. Hidden files (the
/// output marker) are not served. Symlinks are followed only while they stay inside.
public enum RequestPath {
    public enum Resolution: Equatable {
        /// A file to send, and its path relative to the output folder.
        case file(URL, relative: String)
        /// A folder asked for without its final `/`: relative links inside need it.
        case redirect(to: String)
        case notFound
        /// A path that tries to leave the output folder or cannot be a file name.
        case refused
    }

    /// Resolves `rawPath` (percent-encoded, starting with `/`, no query) in `folder`.
    public static func resolve(_ rawPath: String, in folder: URL) -> Resolution {
        guard rawPath.hasPrefix("/") else { return .refused }
        var segments: [String] = []
        let parts = rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if part.isEmpty {
                // `//` inside a path is refused; only a final `/` (a folder) is allowed.
                if index == parts.count - 1 { continue }
                return .refused
            }
            guard let segment = String(part).removingPercentEncoding else { return .refused }
            if segment == "." || segment == ".." || segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) {
                return .refused
            }
            if segment.hasPrefix(".") { return .notFound }
            segments.append(segment)
        }

        let base = folder.standardizedFileURL.resolvingSymlinksInPath()
        var url = base
        for segment in segments { url.appendPathComponent(segment) }
        let real = url.resolvingSymlinksInPath()
        guard real.path == base.path || real.path.hasPrefix(base.path + "/") else { return .refused }

        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real.path, isDirectory: &isFolder) else { return .notFound }
        if isFolder.boolValue {
            guard rawPath.hasSuffix("/") else { return .redirect(to: rawPath + "/") }
            let index = real.appendingPathComponent("index.html")
            guard FileManager.default.fileExists(atPath: index.path) else { return .notFound }
            return .file(index, relative: (segments + ["index.html"]).joined(separator: "/"))
        }
        return .file(real, relative: segments.joined(separator: "/"))
    }
}
