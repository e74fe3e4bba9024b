import DataSources
import DataTables
import Foundation
import Yams

extension SiteConfig {
    /// `data:`, a mapping of table names to their sources:
    ///
    ///     data:
    ///       missions: { file: data/missions.csv, types: { launch: date } }
    ///       facts: { file: data/facts.csv, index: [entity] }
    ///       sales: { url: https://example.org/sales.json, path: $.results }
    ///       archive: { file: data/archive.sqlite }
    ///       monthly: { connection: warehouse, sql: "SELECT … GROUP BY month" }
    ///
    /// The last kind runs its SQL in a database server of `connections:`.
    static func tableSources(_ node: Node, _ reader: YAMLReader, connections: [String: ServerConnection] = [:]) throws
        -> (files: [TableSource], servers: [ServerTable], loaders: [LoaderTable])
    {
        let mapping = try reader.mapping(node, "data")
        var sources: [TableSource] = []
        var servers: [ServerTable] = []
        var loaders: [LoaderTable] = []
        for (nameNode, entry) in mapping {
            let name = nameNode.string ?? ""
            guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
                throw reader.error(
                    "data: `\(name)` is not a table name; use letters, digits and `_`, "
                        + "starting with a letter (it is the table's name in SQL)",
                    at: nameNode)
            }
            guard !TableSource.reserved.contains(name.lowercased()) else {
                throw reader.error(
                    "data: `\(name)` is a table ttsite makes itself (from `people` and `scenarios`); name the source otherwise",
                    at: nameNode)
            }
            let settings = try reader.mapping(entry, "data.\(name)")
            if settings["connection"] != nil {
                servers.append(try serverTable(name, settings, at: nameNode, reader, connections: connections))
                continue
            }
            if settings["command"] != nil {
                loaders.append(try loaderTable(name, settings, at: nameNode, reader))
                continue
            }
            // A table of a server's has `connection:`, a loader's `command:`; the keys of
            // every kind are listed, so that `sql:` or `refresh:` without it is told what it lacks.
            try reader.requireKnownKeys(
                settings,
                [
                    "file", "url", "connection", "sql", "sql_file", "command", "format", "delimiter", "header", "path", "types", "nulls",
                    "index", "seconds", "max_bytes", "refresh", "inputs",
                ],
                context: "data.\(name)")
            if let key = ["seconds", "max_bytes", "refresh", "inputs"].first(where: { settings[$0] != nil }) {
                throw reader.error(
                    "data.\(name).\(key) is for a data loader, a table a program makes (`command:`)", at: settings[key]!)
            }
            let location: DataSources.SourceLocation
            switch (settings["file"], settings["url"]) {
            case (let file?, nil):
                location = .file(try reader.string(file, "file"))
            case (nil, let urlNode?):
                let text = try reader.string(urlNode, "url")
                guard let url = URL(string: text), url.isWebAddress else {
                    throw reader.error("data.\(name).url: `\(text)` is not an http or https URL", at: urlNode)
                }
                location = .url(url)
            default:
                throw reader.error("data.\(name) needs exactly one of `file:`, `url:`, `connection:` or `command:`", at: entry)
            }
            let format: TableSource.Format
            var tabs = false
            if let formatNode = settings["format"] {
                (format, tabs) = try givenFormat(formatNode, of: name, reader)
            } else if let known = TableSource.format(of: location) {
                format = known
            } else {
                throw reader.error(
                    "data.\(name): the format of `\(location)` is not known from its name; add `format: csv`, `json` or `sqlite`", at: entry
                )
            }
            var source = TableSource(name: name, location: location, format: format)
            source.line = nameNode.mark?.line
            if TableSource.isCompressed(location), format == .sqlite {
                throw reader.error(
                    "data.\(name): a SQLite file is opened where it lies, so it cannot be read compressed; give it uncompressed", at: entry)
            }
            if format == .csv, tabs || TableSource.isTabSeparated(location) { source.delimiter = UInt8(ascii: "\t") }
            try readingOptions(settings, into: &source, reader)
            sources.append(source)
        }
        return (sources, servers, loaders)
    }

    /// `format:`: `csv`, `tsv` (CSV with tabs between fields), `json` or `sqlite`.
    static func givenFormat(_ node: Node, of name: String, _ reader: YAMLReader) throws -> (TableSource.Format, tabs: Bool) {
        let text = try reader.string(node, "format")
        if text == "tsv" { return (.csv, true) }
        guard let given = TableSource.Format(rawValue: text) else {
            throw reader.error(
                "data.\(name).format must be `csv`, `tsv`, `json` or `sqlite`, found `\(text)`", at: node)
        }
        return (given, false)
    }

    /// The keys that say how a source's bytes are read, the same for a file, a URL and a
    /// loader's output: `delimiter`, `header` (CSV), `path` (JSON), `types`, `nulls`, `index`.
    static func readingOptions(_ settings: Node.Mapping, into source: inout TableSource, _ reader: YAMLReader) throws {
        let (name, format) = (source.name, source.format)
        if let value = settings["delimiter"] {
            guard format == .csv else { throw reader.error("data.\(name).delimiter is for CSV sources", at: value) }
            let text = try reader.string(value, "delimiter")
            let delimiter = text == "\\t" || text == "tab" ? "\t" : text
            guard delimiter.utf8.count == 1, let byte = delimiter.utf8.first, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\n"),
                byte != UInt8(ascii: "\r")
            else {
                throw reader.error(
                    "data.\(name).delimiter must be one character such as `,`, `;`, `|` or `tab`, found `\(text)`", at: value)
            }
            source.delimiter = byte
        }
        if let value = settings["header"] {
            guard format == .csv else { throw reader.error("data.\(name).header is for CSV sources", at: value) }
            source.header = try reader.bool(value, "header")
        }
        if let value = settings["path"] {
            guard format == .json else {
                throw reader.error("data.\(name).path is for JSON sources: where the array of rows is, such as `$.results`", at: value)
            }
            source.jsonPath = try reader.string(value, "path")
        }
        if let value = settings["types"] {
            guard format != .sqlite else {
                throw reader.error("data.\(name).types: a SQLite file's columns have the types its tables declare", at: value)
            }
            for (columnNode, typeNode) in try reader.mapping(value, "types") {
                let column = columnNode.string ?? ""
                let text = try reader.string(typeNode, "types.\(column)")
                guard let type = ColumnType(rawValue: text) else {
                    throw reader.error(
                        "data.\(name).types.\(column) must be "
                            + "\(ColumnType.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")), found `\(text)`",
                        at: typeNode)
                }
                source.types[column] = type
            }
        }
        if let value = settings["nulls"] {
            guard format != .sqlite else {
                throw reader.error("data.\(name).nulls: a SQLite file's missing values are its NULLs", at: value)
            }
            source.nulls = try reader.strings(value, "nulls")
            if source.nulls.contains("") {
                throw reader.error(
                    "data.\(name).nulls: an empty value is always missing; list the texts that mark one, such as `[NA, \"-\"]`",
                    at: value)
            }
        }
        if let value = settings["index"] {
            guard format != .sqlite else {
                throw reader.error("data.\(name).index: a SQLite file's tables have the indexes the file holds", at: value)
            }
            source.indexed = try indexes(value, context: "data.\(name)", reader)
        }
    }

    /// `queries:`: the limits of every query (`seconds`, `rows`, `megabytes`) and the rows of
    /// a table block's page (`table_page_size`).
    static func querySettings(_ node: Node, _ reader: YAMLReader) throws -> QuerySettings {
        var settings = QuerySettings()
        let mapping = try reader.mapping(node, "queries")
        try reader.requireKnownKeys(mapping, ["seconds", "rows", "megabytes", "table_page_size"], context: "queries")
        if let value = mapping["seconds"] {
            settings.seconds = try reader.number(value, "seconds")
            guard settings.seconds > 0, settings.seconds <= 3600 else {
                throw reader.error("`queries.seconds` must be more than 0 and at most 3600", at: value)
            }
        }
        if let value = mapping["rows"] {
            settings.rows = try reader.int(value, "rows")
            guard settings.rows >= 1 else { throw reader.error("`queries.rows` must be a whole number of rows, 1 or more", at: value) }
        }
        if let value = mapping["megabytes"] {
            let megabytes = try reader.number(value, "megabytes")
            guard megabytes > 0, megabytes <= 4096 else {
                throw reader.error("`queries.megabytes` must be more than 0 and at most 4096", at: value)
            }
            settings.bytes = Int(megabytes * 1024 * 1024)
        }
        if let value = mapping["table_page_size"] {
            settings.tablePageSize = try reader.int(value, "table_page_size")
            guard (1...100_000).contains(settings.tablePageSize) else {
                throw reader.error(
                    "`queries.table_page_size` must be a whole number from 1 to 100000, found \(settings.tablePageSize)", at: value)
            }
        }
        return settings
    }

    /// `inputs:`: how many variants (combinations of its inputs' options) a page may have.
    static func inputSettings(_ node: Node, _ reader: YAMLReader) throws -> InputSettings {
        var settings = InputSettings()
        let mapping = try reader.mapping(node, "inputs")
        try reader.requireKnownKeys(mapping, ["max_variants"], context: "inputs")
        if let value = mapping["max_variants"] {
            settings.maxVariants = try reader.int(value, "max_variants")
            guard (1...100_000).contains(settings.maxVariants) else {
                throw reader.error(
                    "`inputs.max_variants` must be a whole number from 1 to 100000, found \(settings.maxVariants)", at: value)
            }
        }
        return settings
    }
}

extension TableSource {
    /// The tables ttsite makes from the people and scenario sources.
    static let reserved: Set<String> = ["people", "scenarios", "events", "main", "temp"]

    /// The name of a file's or URL's path, in lower case, without `.gz`.
    private static func plainName(_ location: DataSources.SourceLocation) -> String {
        let name: String
        switch location {
        case .file(let path): name = path.lowercased()
        case .url(let url): name = url.path.lowercased()
        }
        return name.hasSuffix(".gz") ? String(name.dropLast(3)) : name
    }

    /// Whether the name ends in `.gz`: the source is gzip-compressed (`data.csv.gz`).
    static func isCompressed(_ location: DataSources.SourceLocation) -> Bool {
        switch location {
        case .file(let path): path.lowercased().hasSuffix(".gz")
        case .url(let url): url.path.lowercased().hasSuffix(".gz")
        }
    }

    /// Whether the name ends in `.tsv` (or `.tsv.gz`): CSV with tabs between its fields.
    static func isTabSeparated(_ location: DataSources.SourceLocation) -> Bool {
        plainName(location).hasSuffix(".tsv")
    }

    /// The format a file's or URL's name gives: `.csv`, `.tsv` (CSV with tabs), `.json`,
    /// `.sqlite`, `.sqlite3`, `.db`; each of the first three also gzip-compressed (`.csv.gz`).
    static func format(of location: DataSources.SourceLocation) -> Format? {
        let name = plainName(location)
        switch (name as NSString).pathExtension.lowercased() {
        case "csv", "tsv": return .csv
        case "json": return .json
        case "sqlite", "sqlite3", "db": return .sqlite
        default: return nil
        }
    }
}
