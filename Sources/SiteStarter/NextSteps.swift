import Foundation

/// The commands `ttsite init` prints after it made a site, written so that pasting them into
/// a POSIX shell works as printed: the folder as the user named it, quoted when it needs to
/// be, and the `ttsite` the user ran.
public enum NextSteps {
    /// How to run, from inside the new site, the same ttsite that is running: its name alone
    /// when a shell finds that binary by name on the `PATH` (also when the user typed a path to
    /// it, `/usr/local/bin/ttsite`), else its absolute path (a checkout's build, or a different
    /// ttsite first on the `PATH`).
    /// - Parameters:
    ///   - invoked: the program's first argument as the shell gave it (`ttsite`,
    ///     `.build/release/ttsite`, `/usr/bin/ttsite`).
    ///   - searchPath: the `PATH` value.
    ///   - folder: the current folder, against which a relative `invoked` is read.
    public static func command(invoked: String, searchPath: String?, folder: URL) -> String {
        if !invoked.contains("/") { return invoked }
        let typed = invoked.hasPrefix("/") ? URL(fileURLWithPath: invoked) : folder.appendingPathComponent(invoked)
        let binary = typed.standardizedFileURL.resolvingSymlinksInPath()
        let name = binary.lastPathComponent
        // The first executable of that name on the PATH is the one a shell would run. Empty
        // and relative entries name folders relative to where the user will be, so they are
        // passed over.
        for entry in (searchPath ?? "").split(separator: ":") where entry.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(entry)).appendingPathComponent(name)
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
            return candidate.resolvingSymlinksInPath().standardizedFileURL.path == binary.path ? name : binary.path
        }
        return binary.path
    }

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
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./+,:@%".unicodeScalars.contains(scalar))
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
