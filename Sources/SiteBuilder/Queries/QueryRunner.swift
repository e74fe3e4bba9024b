import DataTables
import Foundation
import TemplateEngine

/// Runs the queries of pages against the build's tables: each distinct SQL text and set of
/// parameters once per build, however many pages show its result. Safe to call from several
/// threads: a query another thread is running is waited for, not run twice, so `ran` and
/// `reused` count as they would one page after another.
final class QueryRunner: @unchecked Sendable {
    let tables: SiteTables
    let limits: SQLLimits
    private let lock = NSCondition()
    private var results: [Key: Entry] = [:]
    /// The connections queries go to once `useReaders` gave them; the build's database before.
    private var readers: SQLReaders?
    private var parameterNames: [String: Result<[String], SQLError>] = [:]
    /// The front matter keys that queries bound as parameters: keys ttsite reads.
    private(set) var frontMatterKeys: Set<String> = []
    /// How many queries ran, and how many results were taken from an earlier run.
    private(set) var ran = 0
    private(set) var reused = 0

    /// A query and its parameters, hashed once: the results of a build's pages made from rows
    /// are tens of thousands, and the dictionary that holds them hashes every key again each
    /// time it grows.
    private struct Key: Hashable {
        let sql: String
        let parameters: [String: TableValue]
        let hash: Int

        init(sql: String, parameters: [String: TableValue]) {
            self.sql = sql
            self.parameters = parameters
            var hasher = Hasher()
            hasher.combine(sql)
            hasher.combine(parameters)
            hash = hasher.finalize()
        }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.sql == b.sql && a.parameters == b.parameters
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    private enum Entry {
        /// A thread is running the query.
        case running
        case done(Result<Table, SQLError>)
    }

    /// Sends the queries from now on to `readers` (connections that see the same tables).
    func useReaders(_ readers: SQLReaders) {
        lock.lock()
        self.readers = readers
        lock.unlock()
    }

    init(tables: SiteTables, limits: SQLLimits) {
        self.tables = tables
        self.limits = limits
    }

    /// The result of `query` for `page`: its `:name` parameters bound from the page's inputs
    /// (the options its variant shows), its row, then its front matter, then `:lang`, the
    /// page's language. A parameter none of them gives is an error naming the query's file
    /// and line.
    func result(of query: QueryDefinition, for page: Page) throws -> Table {
        let names: [String]
        do { names = try self.names(in: query.sql) } catch { throw query.failure(error) }
        var parameters: [String: TableValue] = [:]
        for name in names {
            guard let value = Self.parameter(name, of: page) else {
                var offered = ["lang"] + page.source.frontMatter.values.keys.sorted()
                if let row = page.row { offered = row.columns.map(\.name) + offered }
                if let inputs = page.variant?.inputs { offered = inputs.map(\.name) + offered }
                throw BuildError(
                    .content,
                    "the query `\(query.name)` needs `:\(name)`, which is neither an input of the page, a column of the page's row, "
                        + "a front matter key of the page, nor `lang` "
                        + "(the page offers \(offered.map { "`\($0)`" }.joined(separator: ", ")))",
                    in: query.file, line: query.firstLine)
            }
            parameters[name] = value
            if page.row?[name] == nil, page.source.frontMatter.values[name] != nil {
                lock.lock()
                frontMatterKeys.insert(name)
                lock.unlock()
            }
        }
        do { return try run(query.sql, parameters) } catch { throw query.failure(error) }
    }

    /// A query's result with `parameters`, from the database or from an earlier run.
    func run(_ sql: String, _ parameters: [String: TableValue]) throws(SQLError) -> Table {
        let key = Key(sql: sql, parameters: parameters)
        lock.lock()
        while let known = results[key] {
            guard case .done(let result) = known else {
                lock.wait()
                continue
            }
            reused += 1
            lock.unlock()
            return try result.get()
        }
        results[key] = .running
        let readers = readers
        lock.unlock()
        let result: Result<Table, SQLError>
        do {
            if let readers {
                result = .success(try readers.query(sql, parameters: parameters, limits: limits))
            } else {
                result = .success(try tables.database.query(sql, parameters: parameters, limits: limits))
            }
        } catch {
            result = .failure(error)
        }
        lock.lock()
        results[key] = .done(result)
        ran += 1
        lock.broadcast()
        lock.unlock()
        return try result.get()
    }

    /// Lets go of the results kept for pages asking again, freed on another thread: 20,000 of
    /// them took 9 ms to free between two stages.
    func forgetResults() {
        lock.lock()
        var kept: [Key: Entry] = [:]
        swap(&kept, &results)
        lock.unlock()
        FreedElsewhere.free(consume kept)
    }

    /// The `:name` parameters `query` reads, in order; a mistake in its SQL names its file
    /// and line.
    func parameters(of query: QueryDefinition) throws -> [String] {
        do { return try names(in: query.sql) } catch { throw query.failure(error) }
    }

    private func names(in sql: String) throws(SQLError) -> [String] {
        lock.lock()
        if let known = parameterNames[sql] {
            lock.unlock()
            return try known.get()
        }
        lock.unlock()
        let result: Result<[String], SQLError>
        do { result = .success(try tables.database.parameterNames(in: sql)) } catch { result = .failure(error) }
        lock.lock()
        parameterNames[sql] = result
        lock.unlock()
        return try result.get()
    }

    /// The value of `:name` for `page`.
    static func parameter(_ name: String, of page: Page) -> TableValue? {
        if let value = page.variant?.binding(name) { return value }
        if let row = page.row, let index = row.columns.firstIndex(where: { $0.name == name }) { return row.values[index] }
        if let value = page.source.frontMatter.values[name] {
            switch value {
            case .string(let text): return .text(text)
            case .int(let number): return .integer(Int64(number))
            case .double(let number): return .real(number)
            case .bool(let flag): return .boolean(flag)
            case .null: return .null
            case .list, .map, .link, .links: return nil
            }
        }
        if name == "lang" { return .text(page.language) }
        return nil
    }
}
