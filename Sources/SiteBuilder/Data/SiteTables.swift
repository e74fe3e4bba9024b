import CivilTime
import DataSources
import DataTables
import Foundation
import ReportData

/// The build's database: every `data:` source loaded as a table (a SQLite file's tables as
/// `NAME.table`), and the people, scenarios and events as tables of their own with only the
/// columns a page may show — never an e-mail, a phone, a login, an address or an id.
struct SiteTables: Sendable {
    let database: SQLDatabase
    /// Every table: its source, columns, types and rows (`ttsite data`).
    let tables: [TableListing]
    /// The rows each table of `data:` gave, for the shrink guard.
    let sourceCounts: [SourceCount]

    /// Loads the tables of `readings` and of `data`'s people and scenarios into a new
    /// in-memory database. A source whose bytes are not a table of its format stops the
    /// build, naming the file, the line and the column (or the JSON path).
    /// `copies` is where a fetched SQLite file is written to be opened; `configName` is the
    /// config file as messages name it.
    /// `servers` are the results of tables whose SQL ran in a server, each copied from its
    /// cached file. `now` is the build's clock, and SQL's `now`.
    static func load(
        _ readings: [TableReading], servers: [ServerTableReading], data: SiteData, config: SiteConfig, now: Date, today: CalendarDate,
        siteFolder: URL, copies: URL, configName: String
    ) throws -> SiteTables {
        let database: SQLDatabase
        do { database = try SQLDatabase(now: now) } catch { throw BuildError(.source, "cannot open the build's database: \(error)") }
        var tables: [TableListing] = []
        var counts: [SourceCount] = []
        let inference: TypeInference
        do { inference = try TypeInference(dateFormats: config.dateFormats, timeZone: config.timeZone) } catch {
            throw BuildError(.configuration, "`date_formats`: \(error)", in: configName)
        }
        for reading in readings {
            let source = reading.source
            let place = reading.displayName
            switch source.format {
            case .csv, .json:
                let rows: any RowSource
                do {
                    rows = try reading.rows(inference: inference, maxBytes: config.fetch.maxBytes)
                } catch {
                    throw BuildError(.source, "\(error)", in: place)
                }
                // A JSON array with no objects names no columns, and a table needs one.
                guard !rows.columns.isEmpty else {
                    throw BuildError(
                        .source, "the source has no rows, so table `\(source.name)` would have no columns; the published site is kept",
                        in: place)
                }
                let count: Int
                do {
                    count = try database.load(source.name, rows)
                } catch let problem as TableProblem {
                    throw BuildError(.source, "\(problem)", in: place)
                } catch {
                    throw BuildError(.source, "cannot load it as table `\(source.name)`: \(error)", in: place)
                }
                try index(source.name, source.indexed, line: source.line, columns: rows.columns, in: database, configName: configName)
                tables.append(
                    TableListing(
                        name: source.name, source: reading.listedSource, columns: rows.columns, rows: count,
                        missingValues: rows.missingValues, warnings: rows.warnings.map { "\(place): \($0)" }))
                counts.append(SourceCount(kind: .rows, source: "data.\(source.name)", records: count))
            case .sqlite:
                let file = try reading.databaseFile(siteFolder: siteFolder, copies: copies)
                do {
                    try database.attach(file: file, as: source.name)
                } catch {
                    throw BuildError(.source, "\(error)", in: place)
                }
            }
        }
        for server in servers {
            let table = server.table
            let (columns, count): ([Column], Int)
            do {
                (columns, count) = try database.copyTable(table.name, from: server.file)
            } catch {
                throw BuildError(
                    .source, "`data.\(table.name)`: cannot load the result of its SQL: \(error)", in: configName, line: table.line)
            }
            try index(table.name, table.indexed, line: table.line, columns: columns, in: database, configName: configName)
            tables.append(
                TableListing(
                    name: table.name, source: "connection `\(table.connection.name)` (\(server.origin))", columns: columns, rows: count))
            counts.append(SourceCount(kind: .rows, source: "data.\(table.name)", records: count))
        }
        let summaries: [TableSummary]
        do {
            summaries = try database.tables()
        } catch {
            throw BuildError(.source, "cannot read the tables of the SQLite sources: \(error)", in: configName)
        }
        do {
            for summary in summaries where summary.schema != nil {
                let name = "\(summary.schema!).\(summary.name)"
                let source = readings.first { $0.source.name == summary.schema }.map(\.listedSource) ?? summary.schema!
                tables.append(TableListing(name: name, source: source, columns: summary.columns, rows: summary.rowCount))
                counts.append(SourceCount(kind: .rows, source: "data.\(name)", records: summary.rowCount))
            }
            if !config.people.isEmpty {
                let people = PeopleTables.people(
                    data.people, today: today, routes: Routes(languages: config.languages), language: config.defaultLanguage)
                tables.append(
                    TableListing(name: "people", source: "people", columns: people.columns, rows: try database.load("people", people)))
            }
            if !config.scenarios.isEmpty {
                let routes = Routes(languages: config.languages)
                let scenarios = PeopleTables.scenarios(data.scenarios, routes: routes, language: config.defaultLanguage)
                tables.append(
                    TableListing(
                        name: "scenarios", source: "scenarios", columns: scenarios.columns, rows: try database.load("scenarios", scenarios))
                )
                let events = PeopleTables.events(data.scenarios)
                tables.append(
                    TableListing(name: "events", source: "scenarios", columns: events.columns, rows: try database.load("events", events)))
            }
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(.source, "cannot load the people and scenarios as tables: \(error)")
        }
        return SiteTables(database: database, tables: tables, sourceCounts: counts)
    }

    /// The indexes the table `name` of `data:` asks for (`index:`, named on `line` of the
    /// config), after checking that each names columns of it.
    private static func index(
        _ name: String, _ indexes: [[String]], line: Int?, columns: [Column], in database: SQLDatabase, configName: String
    ) throws {
        for indexed in indexes {
            for column in indexed where !columns.contains(where: { $0.name.lowercased() == column.lowercased() }) {
                throw BuildError(
                    .configuration,
                    "data.\(name).index names the column `\(column)`, which the table does not have; its columns are "
                        + columns.map { "`\($0.name)`" }.joined(separator: ", "), in: configName, line: line)
            }
            do { try database.createIndex(on: name, columns: indexed) } catch {
                throw BuildError(.source, "\(error)", in: configName, line: line)
            }
        }
    }
}

/// A table of the build's database as `ttsite data` lists it.
public struct TableListing: Sendable {
    /// The name a query uses: `missions`, `archive.orders`.
    public let name: String
    /// Where it came from: `data/missions.csv`, `people`.
    public let source: String
    public let columns: [Column]
    public let rows: Int
    /// The values of a CSV or JSON source that were markers of missing values, read as null.
    public var missingValues: [MissingValueCount] = []
    /// What the build tells about the source's values (`RowSource.warnings`), with its place.
    public var warnings: [String] = []
}

/// One source of `data:` as the reader gave it: its bytes, from the file, the network or
/// the cache.
struct TableReading: Sendable {
    let source: TableSource
    var reading: SourceReading
    /// The rows, when reading checked them already (a loader's output): not read twice.
    var parsed: (any RowSource)?
    /// Where the table comes from as `ttsite data` lists it, when not its location (a loader).
    var described: String?
    /// What to tell with `--verbose` (the end of a loader's stderr).
    var details: [String] = []
    /// The source as messages name it: its path or URL.
    var displayName: String { reading.documents.first?.name ?? "\(source.location)" }
    /// The source as `ttsite data` lists it.
    var listedSource: String { described ?? "\(source.location)" }

    var bytes: Data { reading.documents.first?.data ?? Data() }

    /// The rows of a CSV or JSON source, with their types inferred or as declared. Bytes that
    /// are gzip-compressed (`data.csv.gz`, as the magic bytes 1F 8B say: no CSV or JSON text
    /// starts so) are read uncompressed, up to `maxBytes` of them.
    func rows(inference: TypeInference, maxBytes: Int) throws -> any RowSource {
        if let parsed { return parsed }
        return try rows(bytes, inference: inference, maxBytes: maxBytes)
    }

    /// `bytes` read as rows of the source's format.
    func rows(_ bytes: Data, inference: TypeInference, maxBytes: Int) throws -> any RowSource {
        var bytes = bytes
        if Gzip.isCompressed(bytes) {
            do { bytes = try Gzip.decompressed(bytes, limit: maxBytes) } catch { throw TableProblem("\(error)") }
        }
        switch source.format {
        case .csv:
            var options = CSVOptions()
            options.delimiter = source.delimiter
            options.hasHeader = source.header
            options.types = source.types
            options.missing = MissingValues(declared: source.nulls)
            return try CSVTable.read(bytes, options: options, inference: inference)
        case .json:
            return try JSONTable.read(
                bytes, path: source.jsonPath, types: source.types, inference: inference,
                missing: MissingValues(declared: source.nulls))
        case .sqlite:
            preconditionFailure("a SQLite source is attached, not read as rows")
        }
    }

    /// The SQLite file to attach: the file itself (of which only the first bytes were read),
    /// or a fetched copy written under `folder` (SQLite opens files, not bytes).
    func databaseFile(siteFolder: URL, copies folder: URL) throws -> URL {
        if case .file(let path) = source.location {
            return (path.hasPrefix("/") ? URL(fileURLWithPath: path) : siteFolder.appendingPathComponent(path)).standardizedFileURL
        }
        let copy = folder.appendingPathComponent("\(source.name).sqlite")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try bytes.write(to: copy)
        } catch {
            throw BuildError(.source, "cannot write a copy of the database to open it: \(fileErrorText(error))", in: displayName)
        }
        return copy
    }

    /// Whether `data` is a table of the source's format: what a fetched copy must be before
    /// it replaces the cached one.
    static func check(_ data: Data, as source: TableSource, inference: TypeInference, maxBytes: Int) throws {
        switch source.format {
        case .sqlite:
            guard data.starts(with: Array("SQLite format 3\0".utf8)) else { throw TableProblem("this is not a SQLite database file") }
        case .csv, .json:
            _ = try TableReading(source: source, reading: SourceReading(documents: [SourceDocument(name: "", data: data, origin: .file)]))
                .rows(inference: inference, maxBytes: maxBytes)
        }
    }
}
