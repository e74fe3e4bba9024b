import ArgumentParser
import Foundation
import SiteBuilder

extension TTSite {
    struct DataCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "data",
            abstract: "List every table the site's queries see: its source, columns, types and rows.",
            discussion:
                "Reads the sources of `data:`, `people` and `scenarios` as a build does (the cache, --offline), "
                + "and runs its data loaders; a loader's table says when it last ran and how long it took. "
                + "Writes nothing but the caches of remote sources, servers' results and loaders' outputs."
        )

        @OptionGroup var site: SiteOptions

        func run() throws {
            TTSite.stopCleanlyOnSignals()
            let tables = try Site.tables(try site.buildOptions())
            guard !tables.isEmpty else {
                print("The site has no tables: add sources under `data:` in ttsite.yml.")
                return
            }
            for table in tables {
                print("\(table.name)  (\(table.rows) \(table.rows == 1 ? "row" : "rows"), from \(table.source))")
                let width = table.columns.map(\.name.count).max() ?? 0
                for column in table.columns {
                    let missing = table.missingValues.first { $0.column == column.name }.map { "  (\($0.description))" } ?? ""
                    print("  \(column.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(column.type)\(missing)")
                }
            }
        }
    }

    struct Query: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run SQL over the site's tables and print the result.",
            discussion:
                "The same tables, sources and limits (`queries:`) as a build; read-only. Example: "
                + "ttsite query \"SELECT mission, launch FROM apollo ORDER BY launch\""
        )

        @Argument(help: "The SQL: one SELECT (or WITH …) statement.")
        var sql: String

        @Option(help: "How to print the result: table (aligned), csv or json.")
        var format: Site.ResultFormat = .table

        @OptionGroup var site: SiteOptions

        func run() throws {
            TTSite.stopCleanlyOnSignals()
            let result = try Site.query(sql, try site.buildOptions())
            FileHandle.standardOutput.write(Data(Site.text(of: result, format: format).utf8))
        }
    }
}

extension Site.ResultFormat: ExpressibleByArgument {}
