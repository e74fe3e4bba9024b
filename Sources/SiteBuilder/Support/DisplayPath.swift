import Foundation

/// A path as the user would write it: relative to the site folder when inside it
/// (`Content/about.md`), else absolute. Messages name files this way.
func displayPath(_ url: URL, in folder: URL) -> String {
    let path = url.standardizedFileURL.path
    let base = folder.standardizedFileURL.path
    return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
}
