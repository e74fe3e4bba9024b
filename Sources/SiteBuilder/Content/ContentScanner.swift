import Foundation

/// Walks `Content/` and sorts what it finds into Markdown pages and static files.
///
/// Hidden files and `Content/data/` (the site's own data, which may hold personal details)
/// are never published. Symlinks are followed only while they stay inside the site folder.
struct ContentScanner {
    let contentFolder: URL
    let siteFolder: URL
    let languages: [String]
    let includeDrafts: Bool

    struct Result {
        var pages: [ContentPage] = []
        var staticFiles: [StaticFile] = []
    }

    func scan() throws -> Result {
        var result = Result()
        guard FileManager.default.fileExists(atPath: contentFolder.path) else { return result }
        var visited: Set<String> = []
        try walk(contentFolder, relative: "", into: &result, visited: &visited)
        try checkForCollisions(result)
        return result
    }

    private func walk(_ folder: URL, relative: String, into result: inout Result, visited: inout Set<String>) throws {
        let real = folder.resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let path = relative + name
            if relative.isEmpty && name == "data" { continue }
            let target = try resolve(url, displayPath: "Content/" + path)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                try walk(url, relative: path + "/", into: &result, visited: &visited)
            } else if name.hasSuffix(".md") {
                if let page = try page(at: url, path: path) { result.pages.append(page) }
            } else {
                result.staticFiles.append(StaticFile(path: path))
            }
        }
    }

    /// Follows a symlink, refusing one that leads nowhere (a loop, a missing target), outside
    /// the site folder, or to what the walk itself never publishes: `Content/data/` and
    /// hidden files such as the `.ttsite/` cache of raw API answers, which hold personal details.
    private func resolve(_ url: URL, displayPath: String) throws -> URL {
        let values = try url.resourceValues(forKeys: [.isSymbolicLinkKey])
        guard values.isSymbolicLink == true else { return url }
        let written = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
        guard let target = Self.realPath(url.path) else {
            let why = errno == ELOOP ? "symlinks that point at each other in a loop" : "nothing there"
            throw BuildError(.content, "is a symlink to \(written), which leads to \(why); remove it or point it at a file", in: displayPath)
        }
        guard let site = Self.realPath(siteFolder.path) else { return URL(fileURLWithPath: target) }
        guard target == site || target.hasPrefix(site + "/") else {
            throw BuildError(.content, "is a symlink to \(target), outside the site folder; ttsite publishes only what is inside the site", in: displayPath)
        }
        let inside = target.dropFirst(site.count + 1)
        let data = Self.realPath(contentFolder.appendingPathComponent("data").path)
        if inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) || data.map({ target == $0 || target.hasPrefix($0 + "/") }) == true {
            throw BuildError(.content, "is a symlink to \(inside), which is never published (hidden files and Content/data/ may hold personal data)", in: displayPath)
        }
        return URL(fileURLWithPath: target)
    }

    /// The canonical path with every symlink resolved, or nil (and `errno`) when there is none.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func page(at url: URL, path: String) throws -> ContentPage? {
        let display = "Content/" + path
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw BuildError(.content, "cannot read the page: \(fileErrorText(error))", in: display)
        }
        let source = try MarkdownSource(parsing: text, file: display)
        if source.frontMatter.draft && !includeDrafts { return nil }

        // `about.de.md` is the German `about`; front matter `lang` says the same thing.
        var stem = String(path.dropLast(3))
        var language = languages[0]
        if let dot = stem.lastIndex(of: "."), languages.contains(String(stem[stem.index(after: dot)...])) {
            language = String(stem[stem.index(after: dot)...])
            stem = String(stem[..<dot])
        }
        if let lang = source.frontMatter.lang {
            guard languages.contains(lang) else {
                throw BuildError(.content, "`lang: \(lang)` is not one of the site's languages (\(languages.joined(separator: ", ")))", in: display)
            }
            language = lang
        }

        var components = stem.split(separator: "/").map(String.init)
        let isIndex = components.last == "index"
        if isIndex { components.removeLast() }
        for component in components where component.contains(where: { $0 == "?" || $0 == "#" || $0 == "%" }) {
            throw BuildError(.content, "the name `\(component)` has a character (`?`, `#` or `%`) that breaks URLs; rename the file or folder", in: display)
        }
        let translationKey = components.joined(separator: "/")
        if let slug = source.frontMatter.slug, !isIndex, !components.isEmpty {
            components[components.count - 1] = slug
        }
        if language != languages[0] { components.insert(language, at: 0) }
        let urlPath = components.isEmpty ? "" : components.joined(separator: "/") + "/"
        return ContentPage(sourcePath: path, source: source, language: language, urlPath: urlPath, translationKey: translationKey)
    }

    private func checkForCollisions(_ result: Result) throws {
        var owners: [String: String] = [:]
        let outputs = result.pages.map { ($0.outputPath, $0.sourcePath) } + result.staticFiles.map { ($0.path, $0.path) }
        for (output, source) in outputs {
            if let other = owners[output] {
                throw BuildError(.content, "Content/\(source) and Content/\(other) would both be written to \(output)", in: "Content/" + source)
            }
            owners[output] = source
        }
    }
}
