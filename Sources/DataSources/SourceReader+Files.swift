import Foundation
import TextFormatting

extension SourceReader {
    /// A file, or a folder's visible `*.json` files in name order.
    func readFiles(at path: String, inPlace: Bool = false, validate: (Data, Data?) throws -> Void) throws(SourceError) -> SourceReading {
        let location =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path).standardizedFileURL
            : siteFolder.appendingPathComponent(path).standardizedFileURL
        let name = displayName(of: location)
        var locationIsFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &locationIsFolder) else {
            throw SourceError(source: name, reason: "no such file or folder")
        }
        guard locationIsFolder.boolValue else {
            return SourceReading(documents: [try readFile(location, inPlace: inPlace, validate: validate)])
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: location.path)
        } catch {
            throw SourceError(source: name, reason: "the folder cannot be read (\(Self.describe(error)))")
        }
        let files =
            entries
            .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".json") }
            .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            .map { location.appendingPathComponent($0) }
            .filter { !self.isFolder(at: $0) }
        var documents: [SourceDocument] = []
        // Resolved once for the folder, not for each of its thousand files.
        let site = siteFolder.resolvingSymlinksInPath().path + "/"
        let folderIsInSite = location.resolvingSymlinksInPath().path.hasPrefix(site)
        for file in files {
            if folderIsInSite { try refuseLinkOutOfSite(file, site: site) }
            documents.append(try readFile(file, validate: validate))
        }
        let warnings = documents.isEmpty ? ["\(name): the folder has no *.json files"] : []
        return SourceReading(documents: documents, warnings: warnings)
    }

    /// A file's bytes: all of them (at most `max_bytes`), or its first `inPlaceBytes` when
    /// it is opened `inPlace`.
    private func readFile(_ file: URL, inPlace: Bool = false, validate: (Data, Data?) throws -> Void) throws(SourceError) -> SourceDocument
    {
        let name = displayName(of: file)
        // A pipe or a device would be read until it ends, which may be never.
        var status = stat()
        if stat(file.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw SourceError(source: name, reason: "it is not a regular file (a named pipe, a device or a socket); a source is a file")
        }
        if !inPlace, status.st_size > settings.maxBytes {
            throw SourceError(
                source: name,
                reason: "the file is \(Int(status.st_size).groupedForMessages) bytes, more than `fetch.max_bytes` "
                    + "(\(settings.maxBytes.groupedForMessages)) lets a source hold in memory; "
                    + "raise `fetch: { max_bytes: … }` in ttsite.yml to read it"
            )
        }
        let data: Data
        do {
            guard FileManager.default.isReadableFile(atPath: file.path) else {
                throw CocoaError(.fileReadNoPermission)
            }
            if inPlace {
                let handle = try FileHandle(forReadingFrom: file)
                defer { try? handle.close() }
                data = try handle.read(upToCount: Self.inPlaceBytes) ?? Data()
            } else {
                data = try Data(contentsOf: file)
            }
        } catch {
            throw SourceError(source: name, reason: "the file cannot be read (\(Self.describe(error)))")
        }
        do {
            try JSONSniff.check(data, noun: "file")
            try validate(data, nil)
        } catch {
            throw SourceError(source: name, reason: JSONSniff.reason(of: error))
        }
        return SourceDocument(name: name, data: data, origin: .file)
    }

    /// What is read of a file opened in place: a SQLite database's header is its first 100.
    static let inPlaceBytes = 4096

    /// A path relative to the site folder when the file is inside it, else the absolute path.
    func displayName(of file: URL) -> String {
        let site = siteFolder.path.hasSuffix("/") ? siteFolder.path : siteFolder.path + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(site) ? String(path.dropFirst(site.count)) : path
    }

    private func isFolder(at url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// In a folder inside the site (whose resolved path is `site`), a symbolic link may not
    /// lead out of the site (spec 7). A file that is no link is where its folder is.
    private func refuseLinkOutOfSite(_ file: URL, site: String) throws(SourceError) {
        var status = stat()
        guard lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
            !file.resolvingSymlinksInPath().path.hasPrefix(site)
        else { return }
        throw SourceError(source: displayName(of: file), reason: "a symbolic link to a file outside the site folder is refused")
    }

    static func describe(_ error: any Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileReadNoPermission?: return "permission denied"
        case .fileReadNoSuchFile?, .fileNoSuchFile?: return "no such file"
        case .fileReadCorruptFile?: return "the file is corrupt"
        default: return error.localizedDescription
        }
    }
}
