/// Files written inline in one text, Hugo-style (the txtar format of Go's tools), each after a
/// `-- path --` line:
///
///     -- ttsite.yml --
///     title: Test
///     -- Content/index.md --
///     # Hello
public enum Txtar {
    /// The files of `text`, in order. Each file's text is its lines, each ending in a newline.
    /// The last file ends in exactly one newline, however the text ends, so that a Swift
    /// literal that closes with an interpolation or a blank line writes the same file.
    /// A header names a file: `-- --` is a line of the file before it.
    public static func files(_ text: String) -> [(path: String, text: String)] {
        var result: [(path: String, text: String)] = []
        var path: String?
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- "), line.hasSuffix(" --"), line.count > 6 {
                if let path { result.append((path, lines.joined(separator: "\n") + "\n")) }
                path = String(line.dropFirst(3).dropLast(3))
                lines = []
            } else {
                lines.append(line)
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        if let path { result.append((path, lines.joined(separator: "\n") + "\n")) }
        return result
    }
}
