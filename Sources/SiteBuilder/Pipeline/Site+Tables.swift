import CivilTime
import DataTables
import Foundation

/// What `ttsite data` and `ttsite query` show while a report is written: the site's tables,
/// and the result of any SQL over them, from the same sources, cache and rules as a build.
extension Site {
    /// Every table a query of the site sees: its name, source, columns with their types and
    /// rows.
    public static func tables(_ options: BuildOptions) throws -> [TableListing] {
        try openTables(options).tables
    }

    /// The result of `sql` over the site's tables, under the limits of `queries:`. An error
    /// names the line of `sql` SQLite points at.
    public static func query(_ sql: String, _ options: BuildOptions) throws -> Table {
        let config = try loadConfig(options)
        let tables = try openTables(options, config: config)
        let query = QueryDefinition(name: "", sql: sql, file: "query", firstLine: 1)
        do {
            return try tables.database.query(sql, parameters: [:], limits: config.queries.limits)
        } catch {
            throw query.failure(error)
        }
    }

    /// A result as text: an aligned table for a terminal, CSV (RFC 4180) or JSON.
    public static func text(of table: Table, format: ResultFormat) -> String {
        switch format {
        case .table: TableDownloads.aligned(table)
        case .csv: TableDownloads.csv(table, neutralising: false)
        case .json: TableDownloads.json(table)
        }
    }

    public enum ResultFormat: String, Sendable, CaseIterable {
        case table, csv, json
    }

    private static func openTables(_ options: BuildOptions, config: SiteConfig? = nil) throws -> SiteTables {
        let config = try config ?? loadConfig(options)
        let loader = SiteDataLoader(config: config, options: options)
        var sources = try loader.read()
        let readings = sources.tables
        let servers = sources.servers
        sources.tables = []
        sources.servers = []
        let data = try loader.decode(sources)
        return try SiteTables.load(
            readings, servers: servers, data: data, config: config, now: options.now, today: CalendarDate(options.now, in: config.timeZone),
            siteFolder: options.siteFolder, copies: options.siteFolder.appendingPathComponent(".ttsite/tables"),
            configName: displayPath(options.configURL, in: options.siteFolder))
    }
}
