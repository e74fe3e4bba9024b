/// The commands `ttsite init` prints after it made a site, written so that pasting them into
/// a POSIX shell works as printed: the folder as the user named it, quoted when it needs to
/// be, and the `ttsite` the user ran.
public enum NextSteps {
    /// - Parameters:
    ///   - folder: the site folder as given on the command line (`mysite`, `.`, `/srv/my site`).
    ///   - command: how to run ttsite from inside that folder: `ttsite` when it is found on
    ///     the `PATH`, else an absolute path.
    ///   - port: the port `ttsite serve` listens on by default.
    ///   - bare: a bare site has no data sources to show off yet.
    public static func lines(folder: String, command: String, port: Int, bare: Bool) -> [String] {
        var lines: [String] = []
        if folder != "." && !folder.isEmpty {
            // `cd -x` would read the folder as an option.
            lines.append("cd \(shellQuoted(folder.hasPrefix("-") ? "./" + folder : folder))")
        }
        let ttsite = shellQuoted(command)
        if bare {
            lines.append("\(ttsite) build    # writes the site into _site/")
        }
        lines.append("\(ttsite) serve    # a preview at http://127.0.0.1:\(port)/ that reloads on every change")
        if !bare {
            lines.append("\(ttsite) build    # writes the site into _site/, ready to publish")
        }
        return lines
    }

    /// `text` as one word for a POSIX shell: as it is when it holds only safe characters,
    /// else in single quotes (a single quote inside becomes `'\''`).
    public static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./+,:@%".unicodeScalars.contains(scalar))
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
