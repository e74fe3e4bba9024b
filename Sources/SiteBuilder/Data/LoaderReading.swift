import Crypto
import DataSources
import DataTables
import Foundation

/// Runs the data loaders of `data:` (`command:`), each bounded, and reads each one's output
/// as a source of its format, with the rules of every source:
///
/// - an output replaces the last good one only once the program has ended well and what it
///   printed is a table of its format (a CSV with columns, JSON rows where `path:` says, a
///   SQLite file with tables);
/// - a program that fails, runs past `seconds:`, prints past `max_bytes:` or prints
///   something else leaves the last good output in place, with a warning that says when it
///   was made, or, without one (or with `--strict`), stops the build with exit 3 and the
///   last 20 lines of its stderr;
/// - `--offline` uses only the last good output; an output younger than `refresh:`, made by
///   the same command, loader file and inputs, is used without running it again;
/// - a preview uses an output however old it is until one of those changes, and then runs
///   the loader again, offline or not.
struct LoaderReader {
    let siteFolder: URL
    let offline: Bool
    let strict: Bool
    /// A preview (`ttsite serve`): a loader runs again only when its key changes.
    let preview: Bool
    /// `fetch.max_bytes`: what a loader without `max_bytes:` may print.
    let maxBytes: Int
    let inference: TypeInference?
    let configName: String
    let clock: @Sendable () -> Date
    var cache: ResultCache { .loaders(siteFolder: siteFolder) }

    /// Every loader's table read, and the outputs of loaders no longer in the config removed.
    func read(_ loaders: [LoaderTable]) throws -> [TableReading] {
        let readings = try loaders.map(read)
        cache.prune(keeping: Set(loaders.map(\.name)))
        return readings
    }

    private func read(_ loader: LoaderTable) throws -> TableReading {
        // An output of another format cannot stand in for this one.
        let record = cache.record(loader.name).flatMap { $0.format == Self.format(of: loader) ? $0 : nil }
        // The key is read only where it decides something: hashing a loader's inputs (a
        // `cat data/big.csv` hashes 100 MB) on every nightly build would be spent for nothing.
        let key = loader.refresh != nil || preview ? self.key(of: loader) : nil
        if preview, let record, record.key == key {
            return try reading(loader, record: record, origin: "output of \(Self.time(record.fetched)), kept by the preview")
        }
        // A preview's rebuilds are offline for URLs, but a loader whose file or inputs
        // changed runs again: that is what the edit is for.
        if offline, !preview {
            guard let record else {
                throw BuildError(
                    .source,
                    "`data.\(loader.name)`: there is no output of its loader to build offline with (--offline); "
                        + "build once without --offline",
                    in: configName, line: loader.line)
            }
            return try reading(loader, record: record, origin: "last good output of \(Self.time(record.fetched)) (offline)")
        }
        if let record, record.key == key, let refresh = loader.refresh {
            let age = clock().timeIntervalSince1970 - record.fetched
            if age >= 0, age < refresh {
                return try reading(
                    loader, record: record, origin: "output of \(Self.time(record.fetched)), younger than `refresh:`")
            }
        }
        do {
            return try run(loader, key: key)
        } catch let failure as LoaderProcess.Failure {
            let lines = LoaderProcess.lastLines(failure.stderr)
            let tail = lines.isEmpty ? "" : "; the last lines of its stderr:\n" + lines.map { "    \($0)" }.joined(separator: "\n")
            let message = "`data.\(loader.name)`: the loader `\(loader.commandLine)` failed: \(failure.reason)"
            if !strict, let record {
                var fallback = try reading(
                    loader, record: record, origin: "last good output of \(Self.time(record.fetched)), because the loader failed")
                fallback.reading.warnings.append(
                    "\(message); using its last good output, made at \(Self.time(record.fetched)) (\(record.rows) rows)\(tail)")
                return fallback
            }
            throw BuildError(
                .source,
                message + (strict ? " (--strict)" : "; there is no earlier output to fall back on, and the published site is kept") + tail,
                in: configName, line: loader.line)
        }
    }

    /// The program run, its output checked as a table of its format and kept as the last
    /// good one.
    private func run(_ loader: LoaderTable, key: String?) throws -> TableReading {
        let limits = LoaderProcess.Limits(seconds: loader.seconds, maxBytes: loader.maxBytes ?? maxBytes)
        let temporary = try cache.temporaryFile(loader.name)
        var kept = false
        defer { if !kept { try? FileManager.default.removeItem(at: temporary) } }
        var environment = ProcessInfo.processInfo.environment
        environment[LoaderTable.outputVariable] = loader.reading.format == .sqlite ? temporary.path : nil
        let output: LoaderProcess.Output
        if loader.reading.format == .sqlite {
            output = try LoaderProcess.run(loader.command, in: siteFolder, environment: environment, limits: limits, stdout: .stderr)
        } else {
            // What it prints goes to the file that becomes the kept output, never whole in memory.
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw BuildError(
                    .source, "`data.\(loader.name)`: cannot keep its output: \(String(cString: strerror(errno)))", in: configName)
            }
            defer { close(descriptor) }
            output = try LoaderProcess.run(
                loader.command, in: siteFolder, environment: environment, limits: limits, stdout: .file(descriptor))
        }
        let stderr = output.stderr
        func refuse(_ reason: String) -> LoaderProcess.Failure { LoaderProcess.Failure(reason: reason, stderr: stderr) }
        var parsed: (any RowSource)?
        let rows: Int
        var data = Data()
        switch loader.reading.format {
        case .csv, .json:
            guard let inference else { throw refuse("its output cannot be read: the config's `date_formats` are wrong") }
            do {
                data = try Data(contentsOf: temporary, options: .alwaysMapped)
            } catch {
                throw BuildError(.source, "`data.\(loader.name)`: cannot read its output: \(fileErrorText(error))", in: configName)
            }
            let table = TableReading(source: loader.reading, reading: SourceReading(documents: []))
            do {
                // An empty output, or an HTML page (a proxy's error), is never a table.
                try JSONSniff.check(data, noun: "output")
                let source = try table.rows(data, inference: inference, maxBytes: limits.maxBytes)
                guard !source.columns.isEmpty else { throw TableProblem("it has no rows, so the table would have no columns") }
                parsed = source
                rows = (source as? CSVTable)?.rowCount ?? (source as? Table)?.rows.count ?? 0
            } catch {
                throw refuse("what it printed is not \(Self.noun(loader.reading)): \(JSONSniff.reason(of: error))")
            }
        case .sqlite:
            rows = try checkDatabase(temporary, limit: limits.maxBytes, refuse: refuse)
        }
        do {
            try cache.keep(
                temporary, as: loader.name,
                record: .init(
                    rows: rows, digest: "", bytes: 0, fetched: clock().timeIntervalSince1970, key: key, seconds: output.seconds,
                    format: Self.format(of: loader)))
        } catch {
            throw BuildError(.source, "`data.\(loader.name)`: cannot keep its output: \(fileErrorText(error))", in: configName)
        }
        kept = true
        let record = cache.record(loader.name)!
        var reading = TableReading(
            source: loader.reading,
            reading: SourceReading(
                documents: [
                    SourceDocument(
                        name: displayName(loader), data: data.isEmpty ? Data(Self.digest(of: cache.tableFile(loader.name)).utf8) : data,
                        origin: .file)
                ]))
        reading.parsed = parsed
        reading.described = "loader `\(loader.commandLine)` (ran at \(Self.time(record.fetched)) for \(Self.seconds(output.seconds)))"
        reading.details = LoaderProcess.lastLines(stderr).map { "data.\(loader.name) stderr: \($0)" }
        return reading
    }

    /// The SQLite file a loader wrote: there, at most `limit` bytes, a database with tables;
    /// its rows, counted.
    private func checkDatabase(_ file: URL, limit: Int, refuse: (String) -> LoaderProcess.Failure) throws -> Int {
        var status = stat()
        guard stat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw refuse("it wrote no file where `\(LoaderTable.outputVariable)` says")
        }
        guard Int(status.st_size) <= limit else {
            throw refuse("the database it wrote is \(Int(status.st_size)) bytes, more than `max_bytes` (\(limit))")
        }
        do {
            let database = try SQLDatabase()
            try database.attach(file: file, as: "output")
            let tables = try database.tables().filter { $0.schema != nil }
            guard !tables.isEmpty else { throw SQLError(.file, "the database has no tables") }
            return tables.reduce(0) { $0 + $1.rowCount }
        } catch {
            throw refuse("what it wrote is not a SQLite database with tables: \(error)")
        }
    }

    /// The cached output read back: its bytes, or for SQLite the file where it lies.
    private func reading(_ loader: LoaderTable, record: ResultCache.Record, origin: String) throws -> TableReading {
        let file = cache.tableFile(loader.name)
        let data: Data
        if loader.reading.format == .sqlite {
            data = Data(Self.digest(of: file).utf8)
        } else {
            do { data = try Data(contentsOf: file, options: .alwaysMapped) } catch {
                throw BuildError(
                    .source, "`data.\(loader.name)`: cannot read its last output: \(fileErrorText(error))", in: configName,
                    line: loader.line)
            }
        }
        var reading = TableReading(
            source: loader.reading,
            reading: SourceReading(documents: [SourceDocument(name: displayName(loader), data: data, origin: .cache(reason: origin))]))
        reading.described = "loader `\(loader.commandLine)` (\(origin), which took \(Self.seconds(record.seconds ?? 0)))"
        return reading
    }

    /// ``data.quakes (`python3 loaders/quakes.py`)``: the loader as messages about its output name it.
    private func displayName(_ loader: LoaderTable) -> String {
        "data.\(loader.name) (`\(loader.commandLine)`)"
    }

    /// The hash of the command, of the loader file's bytes and of every input's path and
    /// bytes: an output made under another key is not used in place of a run.
    func key(of loader: LoaderTable) -> String {
        var parts = loader.command
        for file in loader.watchedFiles(siteFolder: siteFolder) {
            parts.append(file.path)
            parts.append(Self.digest(of: file))
        }
        return ResultCache.hash(parts)
    }

    /// SHA-256 of a file's bytes in hex; empty when it cannot be read (a run then says why).
    static func digest(of file: URL) -> String {
        guard let bytes = try? Data(contentsOf: file, options: .alwaysMapped) else { return "" }
        return SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// `csv`, `tsv`, `json` or `sqlite`: the format a loader's output is read in.
    static func format(of loader: LoaderTable) -> String {
        let source = loader.reading
        return source.format == .csv && source.delimiter == UInt8(ascii: "\t") ? "tsv" : source.format.rawValue
    }

    private static func noun(_ source: TableSource) -> String {
        switch source.format {
        case .csv: source.delimiter == UInt8(ascii: "\t") ? "TSV" : "CSV"
        case .json: "JSON rows"
        case .sqlite: "a SQLite database"
        }
    }

    static func time(_ seconds: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.2f s", value)
    }
}
