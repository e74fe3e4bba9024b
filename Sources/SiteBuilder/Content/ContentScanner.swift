import Foundation
import ReportData
import TextFormatting

/// Walks `Content/` and sorts what it finds into Markdown pages and static files.
///
/// Hidden files and `Content/data/` (the site's own data, which may hold personal details)
/// are never published. Symlinks are followed only while they stay inside the site folder,
/// and never to the site folder itself, a folder that holds `Content/`, the output or the
/// config.
struct ContentScanner {
    let contentFolder: URL
    let siteFolder: URL
    let languages: [String]
    let includeDrafts: Bool
    /// Where the site is built to, and its config: never published through a symlink.
    var outputFolder: URL?
    var configFile: URL?

    struct Result {
        var pages: [Page] = []
        var staticFiles: [StaticFile] = []
        /// Files left out or given another address, one warning per cause.
        var warnings: [String] = []
    }

    /// What reading a Markdown file gave besides its page: a file in a language the site
    /// does not list (left out), or a name that cannot be part of an address (given another).
    private enum Note {
        case otherLanguage(String)
        case renamed(String)
    }

    func scan() throws -> Result {
        var found = Found()
        guard FileManager.default.fileExists(atPath: contentFolder.path) else { return Result() }
        var visited: Set<String> = []
        do {
            try walk(contentFolder.path, relative: "", into: &found, visited: &visited)
        } catch {
            found.stop = error
        }
        // Reading and parsing the pages is most of the scan; the pages are independent, so
        // every core takes its share. Errors are reported in walk order, as a serial scan would.
        let parsed = found.markdown.parallelMap { file in
            Swift.Result { try page(at: file.path, path: file.relative) }
        }
        var result = Result(staticFiles: found.staticFiles)
        var otherLanguages: [String: [String]] = [:]
        for (file, outcome) in zip(found.markdown, parsed) {
            let (page, note) = try outcome.get()
            if let page { result.pages.append(page) }
            switch note {
            case .otherLanguage(let code)?: otherLanguages[code, default: []].append("Content/" + file.relative)
            case .renamed(let warning)?: result.warnings.append(warning)
            case nil: break
            }
        }
        if let stop = found.stop { throw stop }
        for (code, files) in otherLanguages.sorted(by: { $0.key < $1.key }) {
            let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
            result.warnings.append(
                "`\(code)` is not one of the site's languages (\(languages.joined(separator: ", "))): "
                    + "\(files.count == 1 ? "its page is" : "its \(files.count) pages are") left out (\(shown)); "
                    + "add `\(code)` to `languages:` to publish them"
            )
        }
        try checkForCollisions(result)
        return result
    }

    /// The two-letter ISO 639-1 codes: a file named `about.xx.md` with one of them is a
    /// translation, even into a language the site does not list.
    private static let languageCodes: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.count == 2 })

    /// A name of a file or folder that cannot be part of an address as it is: `?` and `#`
    /// end a URL's path, and `%` starts an escape.
    private static func breaksAddresses(_ name: String) -> Bool {
        name.utf8.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") }
    }

    /// What the walk found, in walk order, before any page is read.
    private struct Found {
        var markdown: [(path: String, relative: String)] = []
        var staticFiles: [StaticFile] = []
        /// The error that stopped the walk; pages found before it are still checked first.
        var stop: Error?
    }

    private func walk(_ folder: String, relative: String, into found: inout Found, visited: inout Set<String>) throws {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard visited.insert(real).inserted else { return }
        for (name, kind) in try FileTree.children(of: folder) where !name.hasPrefix(".") {
            let path = folder + "/" + name
            let relativePath = relative + name
            if relative.isEmpty && name == "data" { continue }
            let isFolder = kind == .link ? FileBytes.isFolder(try resolve(path, displayPath: "Content/" + relativePath)) : kind == .folder
            if isFolder {
                try walk(path, relative: relativePath + "/", into: &found, visited: &visited)
            } else if name.hasSuffix(".md") {
                found.markdown.append((path, relativePath))
            } else {
                found.staticFiles.append(StaticFile(path: relativePath))
            }
        }
    }

    /// Follows a symlink, refusing one that leads nowhere (a loop, a missing target), outside
    /// the site folder, or to what the walk itself never publishes: `Content/data/` and
    /// hidden files such as the `.ttsite/` cache of raw API answers, which hold personal details.
    private func resolve(_ path: String, displayPath: String) throws -> String {
        guard try FileBytes.isSymbolicLink(path) else { return path }
        let written = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        guard let target = Self.realPath(path) else {
            let why = errno == ELOOP ? "symlinks that point at each other in a loop" : "nothing there"
            throw BuildError(
                .content, "is a symlink to \(written), which leads to \(why); remove it or point it at a file", in: displayPath)
        }
        guard let site = Self.realPath(siteFolder.path) else { return target }
        guard target == site || target.hasPrefix(site + "/") else {
            throw BuildError(
                .content, "is a symlink to \(target), outside the site folder; ttsite publishes only what is inside the site",
                in: displayPath)
        }
        guard target != site else {
            throw BuildError(
                .content,
                "is a symlink to the site folder, which would publish the site itself (its config, "
                    + "its data) inside it; link a folder of its own",
                in: displayPath)
        }
        let inside = target.dropFirst(site.count + 1)
        let data = Self.realPath(contentFolder.appendingPathComponent("data").path)
        if inside.pathParts().contains(where: { $0.hasPrefix(".") })
            || data.map({ target == $0 || target.hasPrefix($0 + "/") }) == true
        {
            throw BuildError(
                .content, "is a symlink to \(inside), which is never published (hidden files and Content/data/ may hold personal data)",
                in: displayPath)
        }
        // A folder above Content/ would publish it again inside itself, and what is beside it
        // (the output nesting itself on every build). A link to Content/ itself, or to a
        // folder of it, is a loop the walk goes round once (`visited`).
        if let content = Self.realPath(contentFolder.path), content.hasPrefix(target + "/") {
            throw BuildError(
                .content,
                "is a symlink to \(inside), which holds Content/: "
                    + "a loop that would publish the site inside itself; link a folder of its own",
                in: displayPath)
        }
        if let output = outputFolder.flatMap({ Self.realPath($0.path) }),
            target == output || target.hasPrefix(output + "/") || output.hasPrefix(target + "/")
        {
            throw BuildError(
                .content, "is a symlink to \(inside), which is (or holds) the output folder: the site would publish its own last build",
                in: displayPath)
        }
        if let config = configFile.flatMap({ Self.realPath($0.path) }), target == config {
            throw BuildError(
                .content, "is a symlink to \(inside), the site's config, which is never published (it names the site's servers)",
                in: displayPath)
        }
        return target
    }

    /// The canonical path with every symlink resolved, or nil (and `errno`) when there is none.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func page(at file: String, path: String) throws -> (Page?, Note?) {
        let display = "Content/" + path
        let text: String
        do {
            guard let utf8 = try FileBytes.text(file) else {
                throw BuildError(.content, "cannot read the page: not valid UTF-8 text", in: display)
            }
            text = utf8
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(.content, "cannot read the page: \(fileErrorText(error))", in: display)
        }
        let source = try MarkdownSource(parsing: text, file: display)
        if source.frontMatter.draft && !includeDrafts { return (nil, nil) }

        // `about.de.md` is the German `about`; front matter `lang` says the same thing. A
        // translation into a language the site does not list is left out, with a warning.
        var stem = String(path.dropLast(3))
        var language = languages[0]
        if let dot = stem.lastIndex(of: ".") {
            let code = String(stem[stem.index(after: dot)...])
            if languages.contains(code) {
                language = code
                stem = String(stem[..<dot])
            } else if Self.languageCodes.contains(code), source.frontMatter.lang == nil {
                return (nil, .otherLanguage(code))
            }
        }
        if let lang = source.frontMatter.lang {
            guard languages.contains(lang) else {
                throw BuildError(
                    .content, "`lang: \(lang)` is not one of the site's languages (\(languages.joined(separator: ", ")))", in: display)
            }
            language = lang
        }

        var components = stem.pathParts().map(String.init)
        let isIndex = components.last == "index"
        if isIndex { components.removeLast() }
        let translationKey = components.joined(separator: "/")
        if let slug = source.frontMatter.slug, !isIndex, !components.isEmpty {
            components[components.count - 1] = slug
        }
        // A name with `?`, `#` or `%` (tldr-pages has `%.md`) cannot be part of an address as
        // it is: its page goes at a slug of it instead (as people's pages do), with a warning,
        // rather than stop a site of thousands of pages.
        var note: Note?
        for (index, component) in components.enumerated() where Self.breaksAddresses(component) {
            let slug = Slug.make(from: component) ?? Slug.hashed("page", [component])
            components[index] = slug
            note = .renamed(
                "\(display): the name `\(component)` has a character (`?`, `#` or `%`) that breaks addresses, "
                    + "so its page is at `\(slug)` instead; rename the file or folder, or give it a `slug:`, to choose"
            )
        }
        let urlPath = Routes(languages: languages).contentPage(components, language: language)
        return (
            Page(
                sourcePath: path, source: source, language: language, urlPath: urlPath, translationKey: translationKey,
                kind: translationKey == "404" ? .notFound : translationKey.isEmpty ? .home : .content), note
        )
    }

    private func checkForCollisions(_ result: Result) throws {
        var owners: [String: String] = [:]
        let outputs = result.pages.map { ($0.outputPath, $0.sourcePath) } + result.staticFiles.map { ($0.path, $0.path) }
        for (output, source) in outputs {
            if let other = owners[output] {
                throw BuildError(
                    .content, "Content/\(source) and Content/\(other) would both be written to \(output)", in: "Content/" + source)
            }
            owners[output] = source
        }
    }
}
