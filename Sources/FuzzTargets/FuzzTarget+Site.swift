import Foundation
import SiteBuilder
import SiteServer

/// What a site folder and a browser hand ttsite: front matter, the config, request paths.
extension FuzzTarget {
    /// A Markdown file split into front matter (plain scan or Yams) and body; and the input as
    /// a front matter block, read by the one-scan reader against the YAML parser: what the
    /// reader accepts it must read exactly as YAML does (and so never what YAML refuses).
    public static let frontMatter = FuzzTarget("front-matter") { bytes in
        let text = String(fuzzed: bytes)
        _ = try? MarkdownSource(parsing: text, file: "Content/fuzz.md")
        if let plain = FrontMatter(plain: text) {
            let yaml = try? FrontMatter(yaml: text, file: "fuzz.md")
            precondition(plain == yaml, "the one-scan reader read \(text.debugDescription) otherwise than YAML")
        }
    }

    /// `ttsite.yml`, every section (interval_text, guard, fetch, languages …).
    public static let config = FuzzTarget("config") { bytes in
        _ = try? SiteConfig.parse(String(fuzzed: bytes), file: "ttsite.yml")
    }

    /// The preview server's request paths, resolved in a real folder: whatever the path, a
    /// file it resolves to is inside the folder.
    public static let requestPaths = FuzzTarget("request-paths") { bytes in
        let path = String(fuzzed: bytes)
        if case .file(let url, let relative) = RequestPath.resolve(path, in: servedFolder) {
            let base = servedFolder.resolvingSymlinksInPath().path + "/"
            precondition(url.resolvingSymlinksInPath().path.hasPrefix(base), "\(path) resolved outside the folder: \(url.path)")
            precondition(!relative.split(separator: "/").contains { $0 == ".." || $0.hasPrefix(".") }, "\(path) resolved to \(relative)")
        }
    }

    /// A served folder with a page, a sub-folder and a hidden file, beside a secret.
    private static let servedFolder: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ttsite-fuzz-\(getpid())")
        let folder = root.appendingPathComponent("site")
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("people/ada"), withIntermediateDirectories: true)
        try? Data("page".utf8).write(to: folder.appendingPathComponent("index.html"))
        try? Data("ada".utf8).write(to: folder.appendingPathComponent("people/ada/index.html"))
        try? Data("marker".utf8).write(to: folder.appendingPathComponent(".ttsite-output"))
        try? Data("secret".utf8).write(to: root.appendingPathComponent("ttsite.yml"))
        return folder
    }()
}
