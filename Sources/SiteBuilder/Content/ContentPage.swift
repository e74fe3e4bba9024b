/// A Markdown page of `Content/` and where it goes in the output.
public struct ContentPage: Sendable {
    /// Path inside `Content/`, e.g. `blog/first-post.de.md`.
    public var sourcePath: String
    public var source: MarkdownSource
    public var language: String
    /// URL path relative to the site root, pretty and without a file name: `""` for the home
    /// page, `de/blog/first-post/` for a German post.
    public var urlPath: String
    /// Pages that are translations of each other share this key (`blog/first-post`).
    public var translationKey: String

    /// Made from data (a person, a timeline, a list) rather than from a file of `Content/`:
    /// such pages carry `(key)` as their source path.
    public var isGenerated: Bool { sourcePath.hasPrefix("(") }

    /// Where the page is written, relative to the output folder.
    public var outputPath: String { urlPath + "index.html" }

    public var title: String {
        source.frontMatter.title ?? translationKey.split(separator: "/").last.map(String.init) ?? ""
    }
}

/// A file of `Content/` that is copied as it is (images, PDFs, a `CNAME` …).
public struct StaticFile: Sendable {
    /// Path inside `Content/` and inside the output folder.
    public var path: String
}
