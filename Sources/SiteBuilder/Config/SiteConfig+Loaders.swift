import DataSources
import Foundation
import Yams

extension SiteConfig {
    /// A table of `data:` made by a program (`command:`):
    ///
    ///     data:
    ///       quakes:  { command: [python3, loaders/quakes.py], format: csv }
    ///       survey:  { command: [Rscript, loaders/survey.R], format: json, path: $.rows }
    ///       sales:   { command: "duckdb -csv -c 'SELECT * FROM sales'", format: csv, refresh: 6h }
    ///       archive: { command: [python3, loaders/archive.py], format: sqlite, inputs: [data/raw/*.csv] }
    ///
    /// A command is a list, or a string split as a shell splits words; a string with a pipe,
    /// a redirection or other shell syntax is refused (a script says it better).
    static func loaderTable(_ name: String, _ settings: Node.Mapping, at nameNode: Node, _ reader: YAMLReader) throws -> LoaderTable {
        let context = "data.\(name)"
        try reader.requireKnownKeys(
            settings,
            [
                "command", "format", "seconds", "max_bytes", "refresh", "inputs", "delimiter", "header", "path", "types", "nulls", "index",
            ], context: context)
        let commandNode = settings["command"]!
        let command: [String]
        if commandNode.sequence != nil {
            command = try reader.strings(commandNode, "\(context).command")
        } else {
            do {
                command = try ShellWords.split(try reader.string(commandNode, "\(context).command"))
            } catch {
                throw reader.error("\(context).command: \(error)", at: commandNode)
            }
        }
        guard let program = command.first, !program.isEmpty else {
            throw reader.error(
                "\(context).command is empty; give the program and its arguments, such as `[python3, loaders/\(name).py]`",
                at: commandNode)
        }
        guard let formatNode = settings["format"] else {
            throw reader.error(
                "\(context) needs `format:`, what the loader prints: `csv`, `tsv`, `json`, or `sqlite` "
                    + "(a database file written where `\(LoaderTable.outputVariable)` says)",
                at: commandNode)
        }
        let (format, tabs) = try givenFormat(formatNode, of: name, reader)
        var reading = TableSource(name: name, location: .file(LoaderTable.outputFolder + "/\(name).out"), format: format)
        reading.line = nameNode.mark?.line
        if tabs { reading.delimiter = UInt8(ascii: "\t") }
        try readingOptions(settings, into: &reading, reader)
        var loader = LoaderTable(name: name, command: command, reading: reading)
        loader.line = nameNode.mark?.line
        if let value = settings["seconds"] {
            loader.seconds = try reader.number(value, "\(context).seconds")
            guard loader.seconds > 0, loader.seconds <= 86_400 else {
                throw reader.error("`\(context).seconds` must be more than 0 and at most 86400 (a day)", at: value)
            }
        }
        if let value = settings["max_bytes"] {
            let bytes = try reader.int(value, "\(context).max_bytes")
            guard bytes > 0 else { throw reader.error("`\(context).max_bytes` must be more than 0", at: value) }
            loader.maxBytes = bytes
        }
        if let value = settings["refresh"] {
            let text = try reader.string(value, "\(context).refresh")
            guard let seconds = duration(text) else {
                throw reader.error(
                    "`\(context).refresh` must be a time such as `90s`, `30m`, `6h` or `7d`, found `\(text)`", at: value)
            }
            loader.refresh = seconds
        }
        if let value = settings["inputs"] {
            loader.inputs = try reader.strings(value, "\(context).inputs")
            if let outside = loader.inputs.first(where: { $0.hasPrefix("/") || $0.split(separator: "/").contains("..") }) {
                throw reader.error("`\(context).inputs`: `\(outside)` is outside the site folder; name files of the site", at: value)
            }
        }
        return loader
    }

    /// `90s`, `30m`, `6h`, `7d` (or a bare number of seconds) in seconds.
    static func duration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let (digits, unit) =
            trimmed.last.flatMap { units[$0] }.map { (String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces), $0) }
            ?? (trimmed, 1)
        guard let number = Double(digits), number.isFinite, number > 0 else { return nil }
        return number * unit
    }
}

/// A command written as one string, split into words as a POSIX shell splits them: spaces
/// separate words, `'…'` keeps everything, `"…"` keeps all but `\` before `"`, `\`, `$`, and
/// `` ` ``, and `\` outside quotes keeps the next character. What only a shell can do (pipes,
/// redirections, `;`, `&`, variables, `$(…)`, globs) is refused with the advice to write a script.
enum ShellWords {
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    static func split(_ text: String) throws(Refusal) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = Array(text)[...]
        func refuse(_ what: String) -> Refusal {
            Refusal(
                description: "\(what) needs a shell, and a loader's command runs without one; "
                    + "put the pipeline in a script (`loaders/name.sh`) and give `[sh, loaders/name.sh]`")
        }
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            case "'":
                inWord = true
                guard let end = characters.firstIndex(of: "'") else { throw Refusal(description: "a `'` is not closed") }
                word += characters[..<end]
                characters = characters[(end + 1)...]
            case "\"":
                inWord = true
                var closed = false
                while let inner = characters.popFirst() {
                    if inner == "\"" {
                        closed = true
                        break
                    }
                    if inner == "$" || inner == "`" { throw refuse("`\(inner)` inside double quotes") }
                    if inner == "\\", let next = characters.first, "\"\\$`".contains(next) {
                        word.append(characters.removeFirst())
                    } else {
                        word.append(inner)
                    }
                }
                guard closed else { throw Refusal(description: "a `\"` is not closed") }
            case "\\":
                inWord = true
                if let next = characters.popFirst() { word.append(next) }
            case "|", "<", ">", ";", "&", "$", "`", "(", ")":
                throw refuse("`\(character)`")
            case "*", "?", "[":
                throw refuse("`\(character)`")
            case "~" where !inWord, "#" where !inWord:
                throw refuse("`\(character)` at the start of a word")
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
