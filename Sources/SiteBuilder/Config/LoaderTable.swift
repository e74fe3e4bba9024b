import DataSources
import Foundation

/// A table of `data:` that a program makes: a data loader (`command:`), run at build time in
/// the site folder, its stdout (or, for `sqlite`, the file `TTSITE_LOADER_OUTPUT` names) read
/// as a file of its format would be, its last good output kept for the nights it fails.
public struct LoaderTable: Sendable, Equatable {
    /// The table's name in SQL (or, for a SQLite output, the schema of its tables).
    public var name: String
    /// The program and its arguments; no shell.
    public var command: [String]
    /// How the output is read (format, delimiter, header, path, types, nulls, index). Its
    /// location is the loader's last good output, in the cache.
    public var reading: TableSource
    /// The longest the program may run (`seconds:`).
    public var seconds = 300.0
    /// The most bytes it may print or write (`max_bytes:`); nil is `fetch.max_bytes`.
    public var maxBytes: Int?
    /// An output younger than this many seconds is used without running the program again
    /// (`refresh:`); nil runs it on every build.
    public var refresh: Double?
    /// Files whose bytes make the output what it is, besides the loader's own (`inputs:`):
    /// paths or patterns of the site folder (`data/raw/*.csv`).
    public var inputs: [String] = []
    /// The line of `ttsite.yml` that names the table.
    public var line: Int?

    /// Where the loaders' last good outputs are kept, from the site folder.
    public static let outputFolder = ".ttsite/cache/loaders"

    /// The environment variable that names the file a `sqlite` loader writes.
    public static let outputVariable = "TTSITE_LOADER_OUTPUT"

    /// The loader file: the first argument that names a file of the site folder
    /// (`loaders/quakes.py` of `[python3, loaders/quakes.py]`), or the program itself when it
    /// is one (`[./loaders/quakes.sh]`); nil for a command of installed programs only.
    public func loaderFile(siteFolder: URL) -> URL? {
        for argument in command where !argument.isEmpty && !argument.hasPrefix("-") {
            let url = siteFolder.appendingPathComponent(argument).standardizedFileURL
            guard !argument.hasPrefix("/"), url.path.hasPrefix(siteFolder.standardizedFileURL.path + "/") else { continue }
            var status = stat()
            if stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { return url }
        }
        return nil
    }

    /// The files `inputs:` names, matched now, in name order; a pattern matches with `*`, `?`
    /// and `[…]` as a shell's does, within one folder.
    public func inputFiles(siteFolder: URL) -> [URL] {
        var files: Set<String> = []
        for pattern in inputs {
            let full = pattern.hasPrefix("/") ? pattern : siteFolder.standardizedFileURL.path + "/" + pattern
            var matches = glob_t()
            defer { globfree(&matches) }
            guard glob(full, 0, nil, &matches) == 0 else { continue }
            for index in 0..<Int(matches.gl_pathc) {
                guard let path = matches.gl_pathv[index].map({ String(cString: $0) }) else { continue }
                var status = stat()
                if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { files.insert(path) }
            }
        }
        return files.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// The loader file and the inputs: what `ttsite serve` watches, and what the cache key reads.
    public func watchedFiles(siteFolder: URL) -> [URL] {
        (loaderFile(siteFolder: siteFolder).map { [$0] } ?? []) + inputFiles(siteFolder: siteFolder)
    }

    /// The command as a shell would show it, for messages and listings: its credentials
    /// written as `***` (`RedactedArguments`).
    public var commandLine: String {
        RedactedArguments.shown(command).map { argument in
            argument.isEmpty || argument.contains(where: { " \t\"'\\$`".contains($0) })
                ? "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'" : argument
        }.joined(separator: " ")
    }
}

extension SiteConfig {
    /// The local files the tables of `data:` are made from, as absolute paths: the files of
    /// `file:` sources, and each loader's file and inputs. What a preview watches, and what
    /// its update of the tables takes.
    public func tableFiles(siteFolder: URL) -> [URL] {
        let site = siteFolder.standardizedFileURL
        var files: [URL] = []
        for case .file(let path) in data.map(\.location) {
            files.append((path.hasPrefix("/") ? URL(fileURLWithPath: path) : site.appendingPathComponent(path)).standardizedFileURL)
        }
        return files + loaders.flatMap { $0.watchedFiles(siteFolder: site) }
    }
}
