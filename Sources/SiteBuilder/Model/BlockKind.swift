/// A kind of report block, ```` ```ttsite KIND … ````, and the one list of them (`all`): what
/// each kind reads (a query's result, the page's headings, the site's people and timelines)
/// says which part of the build draws it and which queries a page runs for it. A page's
/// blocks are parsed once into `PageBlock`s against this list; every stage after asks them.
///
/// A new kind is a line here, its arguments' checks and view where its family draws
/// (`DataBlocks`, `ReportBlocks`, `TableOfContents`), and its template,
/// `block-<name>.mustache`.
public struct BlockKind: Sendable, Hashable, CustomStringConvertible {
    /// What a block of the kind reads, which says who draws it.
    public enum Reads: Sendable, Hashable {
        /// Nothing: the block names a result for the page and shows nothing (`query`).
        case sql
        /// A query's result, named by `data=` (`DataBlocks`).
        case result
        /// The page's own headings (`TableOfContents`).
        case headings
        /// The site's people and timelines (`ReportBlocks`).
        case records
        /// The page's inputs: their options come from a query's result (`data=`) or a list,
        /// and a reader's choice is the parameter the page's queries read (`PageInputs`).
        case choice
    }

    /// The word after `ttsite`.
    public let name: String
    public let reads: Reads

    public var description: String { name }

    /// Whether the block shows the result of the query its `data=` names.
    public var showsResult: Bool { reads == .result }

    /// Its template, `block-<name>.mustache`; nil for a kind drawn without one.
    var template: String? {
        switch reads {
        case .sql, .headings: nil
        case .result, .records, .choice: "block-" + name
        }
    }

    public static let upcomingBirthdays = BlockKind(name: "upcoming-birthdays", reads: .records)
    public static let people = BlockKind(name: "people", reads: .records)
    public static let counter = BlockKind(name: "counter", reads: .records)
    public static let ageHistogram = BlockKind(name: "age-histogram", reads: .records)
    public static let timeline = BlockKind(name: "timeline", reads: .records)
    public static let contents = BlockKind(name: "toc", reads: .headings)
    public static let query = BlockKind(name: "query", reads: .sql)
    public static let table = BlockKind(name: "table", reads: .result)
    public static let value = BlockKind(name: "value", reads: .result)
    public static let chart = BlockKind(name: "chart", reads: .result)
    public static let input = BlockKind(name: "input", reads: .choice)

    /// Every kind, in the order errors list them.
    public static let all: [BlockKind] = [
        upcomingBirthdays, people, counter, ageHistogram, timeline, contents, query, table, value, chart, input,
    ]

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The kind called `name`, if there is one.
    public static func named(_ name: String) -> BlockKind? {
        byName[name]
    }

    /// Refuses an argument of a block of this kind that is not among `allowed`, naming those.
    func allow(_ arguments: [String: String], _ allowed: [String], fail: (String) -> BuildError) throws {
        for name in arguments.keys.sorted() where !allowed.contains(name) {
            throw fail(
                allowed.isEmpty
                    ? "`\(self)` takes no arguments, found `\(name)`"
                    : "`\(self)` takes \(allowed.map { "`\($0)=`" }.joined(separator: " or ")), found `\(name)`")
        }
    }

    /// The kinds as an error lists them: `` `people`, `counter` … ``.
    static var listed: String {
        all.map { "`\($0.name)`" }.joined(separator: ", ")
    }
}
