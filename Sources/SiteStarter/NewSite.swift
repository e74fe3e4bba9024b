import Foundation
import SiteBuilder

/// `ttsite init`: writes a new site — config, two pages, sample people and a scenario, and a
/// `.gitignore` — into a folder.
///
/// It never deletes or replaces a file. A folder that already holds files is refused unless
/// `force` is set; then only the starter files that are missing are written, and every file
/// that is there is kept as it is (and reported), so running it again is harmless.
public struct NewSite: Sendable {
    /// Only `ttsite.yml`, with its data sources commented out.
    public var bare = false
    /// Also copy every built-in template into `Templates/`, to edit them in place.
    public var templates = false
    /// Add to a folder that is not empty, keeping the files that are there.
    public var force = false

    public init(bare: Bool = false, templates: Bool = false, force: Bool = false) {
        self.bare = bare
        self.templates = templates
        self.force = force
    }

    /// What `create` did, by path relative to the site folder.
    public struct Result: Sendable, Equatable {
        public var written: [String] = []
        /// Starter files that were not written because a file of that name was there.
        public var kept: [String] = []
    }

    /// The files a new site gets, in the order they are written.
    public var files: [StarterFile] {
        var files = [bare ? StarterFile.bareConfig : StarterFile.config]
        if !bare { files += StarterFile.content }
        if templates {
            files += BuiltInTemplates.all.map { StarterFile(path: "Templates/\($0.name)", bytes: $0.bytes) }
        }
        return files
    }

    /// Writes the site into `folder`, creating it (and its parents) when missing.
    public func create(in folder: URL) throws -> Result {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw BuildError(.configuration, "this is a file, not a folder; choose a new folder for the site", in: folder.path)
            }
            let entries = try Self.visibleEntries(of: folder)
            if !entries.isEmpty && !force {
                let shown = entries.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
                throw BuildError(
                    .configuration,
                    "the folder is not empty (it holds \(shown)); choose a new folder, "
                        + "or pass --force to add the starter files that are missing and keep every file that is there",
                    in: folder.path
                )
            }
        }
        var result = Result()
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            if fileManager.fileExists(atPath: url.path) {
                result.kept.append(file.path)
                continue
            }
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // `withoutOverwriting`: a file that appeared since the check above still wins.
                try Data(file.bytes).write(to: url, options: .withoutOverwriting)
            } catch {
                throw BuildError(.output, "cannot write the new site: \(fileErrorText(error))", in: url.path)
            }
            result.written.append(file.path)
        }
        return result
    }

    /// What the folder holds, hidden files (`.git`, `.DS_Store`) aside: like Zola's `init`,
    /// a fresh repository counts as empty.
    static func visibleEntries(of folder: URL) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw BuildError(.configuration, "cannot read the folder: \(fileErrorText(error))", in: folder.path)
        }
    }
}
