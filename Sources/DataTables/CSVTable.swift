import Foundation
import TextFormatting

/// A CSV file as a table, read in two passes and never held as values: `read` tokenizes the
/// bytes once to name the columns, infer or check their types and count the rows (a large
/// file in parts on all cores); `forEachRow` tokenizes them again and gives each row's typed
/// values, and `SQLDatabase.load` binds them from the bytes (`insertRows`). The memory it
/// needs is the file's bytes and one row (a few batches of rows when it is loaded).
///
/// The text is RFC 4180 as Python's `csv` module reads it (see `CSVTokenizer`): where Python
/// accepts a file, the fields are Python's, and also a quote inside an unquoted field or text
/// after a closing quote is kept as Python keeps it. A UTF-8 byte order mark is skipped, and a
/// blank line is no row. These are errors, with the line (physical, from 1, as an editor
/// shows it) and the column:
/// - a row with more or fewer fields than the header (or than the first row);
/// - a NUL byte, or bytes that are not UTF-8;
/// - a quoted field still open at the end of the file (the line where its quote opened);
/// - a value that does not fit its column's declared type.
///
/// A field is null when it is empty, or a marker of a missing value (`MissingValues`).
///
/// Header names are trimmed of spaces and tabs; an empty one is `column_N` (N is its place,
/// from 1). A name that repeats an earlier one, also in another case (SQL does not tell `Name`
/// from `name`), gets the first free suffix: `name`, `name_2`, `name_3`.
public struct CSVTable: RowSource {
    public let columns: [Column]
    /// The most columns a table may have: SQLite's `SQLITE_MAX_COLUMN` as Debian builds it.
    static let maxColumns = 2000

    /// The rows, not counting the header.
    public let rowCount: Int
    let data: Data
    let delimiter: UInt8
    let hasHeader: Bool
    let inference: TypeInference
    let missing: MissingValues
    /// The values of each column that were markers read as null (`MissingValues`).
    public let missingValues: [MissingValueCount]
    /// The columns that numbers no integer or Double holds made text.
    public var warnings: [TableProblem] = []

    /// Reads `data` once: names, types and number of rows; the values come from `forEachRow`.
    public static func read(_ data: Data, options: CSVOptions, inference: TypeInference) throws(TableProblem) -> CSVTable {
        if let problem = options.delimiterProblem { throw TableProblem(problem) }
        let result: Result<CSVTable, TableProblem> = data.withUnsafeBytes { raw in
            do throws(TableProblem) {
                return .success(try read(raw.bindMemory(to: UInt8.self), data: data, options: options, inference: inference))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, data: Data, options: CSVOptions, inference: TypeInference
    ) throws(TableProblem) -> CSVTable {
        let unreadable = CSVTokenizer.firstUnreadableByte(in: bytes)
        var tokenizer = CSVTokenizer(bytes, delimiter: options.delimiter)
        var names: [String]?
        var declared: [ColumnType?] = []
        var inferred: [ColumnInference] = []
        var rowCount = 0
        while try tokenizer.next() {
            if let unreadable, tokenizer.position > unreadable.offset {
                let field = tokenizer.field(holding: unreadable.offset)
                throw TableProblem(
                    unreadable.reason, line: tokenizer.line(of: unreadable.offset),
                    column: names.flatMap { field < $0.count ? $0[field] : nil }
                        ?? (options.hasHeader ? String(field + 1) : "column_\(field + 1)")
                )
            }
            guard let columnNames = names else {
                let header = tokenizer.withRecord { record in
                    options.hasHeader ? (0..<record.count).map(record.string) : (0..<record.count).map { _ in "" }
                }
                // Told before anything else is done with them: a million columns took 23 s to
                // fail, and did not say why.
                guard header.count <= Self.maxColumns else {
                    throw TableProblem(
                        "the \(options.hasHeader ? "header" : "first row") has \(header.count.groupedForMessages) columns, "
                            + "and a table holds at most \(Self.maxColumns.groupedForMessages) (SQLite's limit)",
                        line: tokenizer.recordLine)
                }
                let made = ColumnNames.unique(header)
                names = made
                declared = try declaredTypes(options.types, names: made)
                inferred = Array(repeating: ColumnInference(), count: made.count)
                if !options.hasHeader {
                    // Without a header the first record is a row: go on with it.
                    try check(
                        tokenizer, names: made, declared: declared, inferred: &inferred, inference: inference, missing: options.missing,
                        hasHeader: false)
                    rowCount += 1
                }
                if unreadable == nil,
                    let rest = readInParallel(
                        after: tokenizer, names: made, declared: declared, inference: inference, missing: options.missing,
                        hasHeader: options.hasHeader)
                {
                    rowCount += rest.rows
                    for index in inferred.indices { inferred[index].merge(rest.inferred[index]) }
                    break
                }
                continue
            }
            try check(
                tokenizer, names: columnNames, declared: declared, inferred: &inferred, inference: inference, missing: options.missing,
                hasHeader: options.hasHeader)
            rowCount += 1
        }
        guard let names else {
            throw TableProblem(options.hasHeader ? "the file is empty: there is no header row" : "the file is empty: there is no row")
        }
        let columns = names.indices.map { Column(names[$0], declared[$0] ?? inferred[$0].type) }
        let missingValues = columns.indices.compactMap { inferred[$0].markers.count(column: columns[$0].name, type: columns[$0].type) }
        var table = CSVTable(
            columns: columns, rowCount: rowCount, data: data, delimiter: options.delimiter,
            hasHeader: options.hasHeader, inference: inference, missing: options.missing, missingValues: missingValues)
        table.warnings = columns.indices.compactMap { inferred[$0].unheldWarning(column: columns[$0].name, type: columns[$0].type) }
        return table
    }

    /// Files whose rows after the header are shorter than this many bytes a core are read
    /// by one thread.
    static let parallelPartSize = 1 << 20

    /// The rows after the header, read in parts by all cores at once, each part from a line
    /// break on: the number of rows and what their values say of the columns' types. Nil
    /// when the file is small, when a part did not start where the part before it ended (its
    /// line break was inside a quoted field) or when a part found a problem: the caller then
    /// reads on, a record after the other, and finds the problem where it is, on its line.
    private static func readInParallel(
        after header: CSVTokenizer, names: [String], declared: [ColumnType?], inference: TypeInference, missing: MissingValues,
        hasHeader: Bool
    ) -> (rows: Int, inferred: [ColumnInference])? {
        let bytes = header.text
        let start = header.position
        let parts = min(ProcessInfo.processInfo.activeProcessorCount, (bytes.count - start) / parallelPartSize)
        guard parts > 1 else { return nil }
        var starts = [start]
        for part in 1..<parts {
            var offset = max(start + (bytes.count - start) / parts * part, starts[part - 1])
            while offset < bytes.count, bytes[offset - 1] != UInt8(ascii: "\n") { offset += 1 }
            starts.append(offset)
        }
        starts.append(bytes.count)
        let partStarts = starts
        struct Part {
            /// Where the part's first record starts, and where the record after its last would.
            var entry = 0, exit = 0
            var rows = 0
            var inferred: [ColumnInference] = []
            var read = false
        }
        let results = UnsafeMutableBufferPointer<Part>.allocate(capacity: parts)
        results.initialize(repeating: Part())
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let slots = results
        nonisolated(unsafe) let first = header
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var tokenizer = part == 0 ? first : CSVTokenizer(first.text, delimiter: first.delimiter, from: partStarts[part])
            tokenizer.limit = partStarts[part + 1]
            var result = Part(inferred: Array(repeating: ColumnInference(), count: names.count))
            do throws(TableProblem) {
                var entry: Int?
                while try tokenizer.next() {
                    if entry == nil { entry = tokenizer.recordStart }
                    try check(
                        tokenizer, names: names, declared: declared, inferred: &result.inferred, inference: inference, missing: missing,
                        hasHeader: hasHeader)
                    result.rows += 1
                }
                result.entry = entry ?? tokenizer.position
                result.exit = tokenizer.position
                result.read = true
            } catch {
                result.read = false
            }
            slots[part] = result
        }
        guard results[0].read else { return nil }
        var rows = results[0].rows
        var inferred = results[0].inferred
        for part in 1..<parts {
            guard results[part].read, results[part].entry == results[part - 1].exit else { return nil }
            rows += results[part].rows
            for index in inferred.indices { inferred[index].merge(results[part].inferred[index]) }
        }
        return (rows, inferred)
    }

    /// The declared type of each column, after checking that every declaration names one.
    private static func declaredTypes(_ types: [String: ColumnType], names: [String]) throws(TableProblem) -> [ColumnType?] {
        for name in types.keys.sorted() where !names.contains(name) {
            throw TableProblem(
                "a type is declared for the column `\(name)`, but there is none; the columns are "
                    + names.map { "`\($0)`" }.joined(separator: ", "))
        }
        return names.map { types[$0] }
    }

    /// The current record's field count against the header's, and its values against the
    /// declared types or into the inferred ones (which count a declared column's markers too).
    private static func check(
        _ tokenizer: CSVTokenizer, names: [String], declared: [ColumnType?], inferred: inout [ColumnInference],
        inference: TypeInference, missing: MissingValues, hasHeader: Bool
    ) throws(TableProblem) {
        let problem: TableProblem? = tokenizer.withRecord { record in
            guard record.count == names.count else {
                return TableProblem(
                    "the row has \(record.count) field\(record.count == 1 ? "" : "s"), "
                        + (hasHeader ? "the header has \(names.count)" : "the first row has \(names.count)"),
                    line: tokenizer.recordLine
                )
            }
            for index in 0..<record.count {
                let field = record[index]
                if field.isEmpty { continue }
                if let type = declared[index] {
                    if missing.isDeclared(field) {
                        inferred[index].addMarker(field, declared: true)
                    } else if inference.value(field, as: type) == nil {
                        if MissingValues.nullsStandardMarkers(type), missing.isStandard(field) {
                            inferred[index].addMarker(field, declared: false)
                            continue
                        }
                        return mismatch(
                            String(decoding: field, as: UTF8.self), type, inference: inference,
                            line: tokenizer.line(of: record.spans[index].rawStart), column: names[index])
                    }
                } else {
                    inferred[index].add(field, inference, missing)
                }
            }
            return nil
        }
        if let problem { throw problem }
    }

    /// Calls `body` with every row's typed values, reading the file again.
    public func forEachRow(_ body: ([TableValue]) throws -> Void) throws {
        try forEachRecord { record, line in
            var row: [TableValue] = []
            row.reserveCapacity(columns.count)
            for (index, column) in columns.enumerated() {
                guard let value = Self.value(record[index], as: column.type, inference, missing) else {
                    // `read` checked every value; only a changed file or a bug lands here.
                    throw Self.mismatch(record.string(index), column.type, inference: inference, line: line, column: column.name)
                }
                row.append(value)
            }
            try body(row)
        }
    }

    /// Every row's fields as written, before types: what Python's `csv` module reads.
    func forEachRawRow(_ body: ([String]) throws -> Void) throws {
        try forEachRecord { record, _ in try body((0..<record.count).map(record.string)) }
    }

    private func forEachRecord(_ body: (CSVRecord, _ line: Int) throws -> Void) throws {
        try data.withUnsafeBytes { raw in
            var tokenizer = CSVTokenizer(raw.bindMemory(to: UInt8.self), delimiter: delimiter)
            var skipHeader = hasHeader
            while try tokenizer.next() {
                if skipHeader {
                    skipHeader = false
                    continue
                }
                try tokenizer.withRecord { record in
                    guard record.count == columns.count else {
                        throw TableProblem(
                            "the row has \(record.count) fields, the header has \(columns.count)", line: tokenizer.recordLine)
                    }
                    try body(record, tokenizer.recordLine)
                }
            }
        }
    }

    /// A field as a value of its column's `type`: null when it is empty or a marker of a
    /// missing value there; nil when it is not a value of the type.
    static func value(_ field: UnsafeBufferPointer<UInt8>, as type: ColumnType, _ inference: TypeInference, _ missing: MissingValues)
        -> TableValue?
    {
        if missing.isDeclared(field) { return .null }
        if let value = inference.value(field, as: type) { return value }
        return MissingValues.nullsStandardMarkers(type) && missing.isStandard(field) ? .null : nil
    }

    static func mismatch(_ value: String, _ type: ColumnType, inference: TypeInference, line: Int?, column: String?) -> TableProblem {
        TableProblem("\(ColumnNames.shortened(value)) is not \(type.noun(inference))", line: line, column: column)
    }
}

/// The names of a table's columns: unique also to SQL, which does not tell `Name` from `name`.
public enum ColumnNames {
    /// `names` trimmed of spaces and tabs, an empty one as `column_N`, and a repeated one with
    /// the first free suffix `_2`, `_3` …
    static func unique(_ names: [String]) -> [String] {
        let trimmed = names.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) }
        var taken = Set<String>()
        var result: [String] = []
        for (index, name) in trimmed.enumerated() {
            let base = name.isEmpty ? "column_\(index + 1)" : name
            var candidate = base
            var suffix = 2
            // A later name is taken too, so that `a, a, a_2` becomes `a, a_3, a_2`, not two `a_2`.
            func isTaken(_ name: String) -> Bool {
                taken.contains(name.lowercased())
                    || (name != base && trimmed[(index + 1)...].contains { $0.lowercased() == name.lowercased() })
            }
            while isTaken(candidate) {
                candidate = "\(base)_\(suffix)"
                suffix += 1
            }
            taken.insert(candidate.lowercased())
            result.append(candidate)
        }
        return result
    }

    /// A value for a message: quoted, and cut after 40 characters.
    public static func shortened(_ value: String) -> String {
        let limit = 40
        let shown = value.count > limit ? value.prefix(limit) + "…" : Substring(value)
        return "\"\(shown)\""
    }
}
