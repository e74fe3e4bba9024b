import Foundation
import ValueTransformers

/// A JSON document's array of objects as a table, read with ValueTransformers' JSON parser.
///
/// - The rows are the array at the root, or at `path` (`$.results`, `results.items`,
///   `$.data[0].rows`); each row must be an object.
/// - The columns are the objects' keys in the order they first appear across all rows; a key
///   a row lacks is null there. Names are made unique as a CSV header's are (`ColumnNames`).
/// - A nested object becomes columns `parent.child` (`address.city`); an empty one adds none.
/// - An array is kept as compact JSON text, keys in document order (`[1,2]`,
///   `[{"a":1}]`): a list has no column of its own, and SQLite's JSON functions read the text.
/// - A number written without fraction or exponent that fits Int64 is an integer, any other
///   finite number a real; `true`/`false` are Booleans; a string is inferred as a CSV field is
///   (`"2024-05-01"` is a date, `""` null), unless its column's type is declared; `null` is null;
///   a string that marks a missing value (`"NA"` among numbers, or one of `nulls:`) is null
///   as in a CSV file (`MissingValues`).
/// - A value that does not fit its declared type, a row that is not an object, and a path that
///   finds nothing or no array are errors naming the JSON path (`$.results[3].price`).
public enum JSONTable {
    public static func read(
        _ data: Data, path: String?, types: [String: ColumnType], inference: TypeInference, missing: MissingValues = MissingValues()
    ) throws(TableProblem) -> Table {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: data)
        } catch {
            throw TableProblem("the text is not JSON: \(error.message) (character \(error.column))", line: error.line)
        }
        let (rowsPath, found) = try find(path ?? "$", in: document)
        guard case .array(let elements) = found else {
            throw TableProblem("the rows must be an array of objects, but here is \(found.kindDescription)", jsonPath: text(of: rowsPath))
        }
        var keyPaths: [[String]] = []
        var columnIndex: [[String]: Int] = [:]
        var rows: [[Int: Cell]] = []
        rows.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .object(let members) = element else {
                throw TableProblem(
                    "a row must be an object of column values, but this is \(element.kindDescription)",
                    jsonPath: text(of: rowsPath.appending(index: index)))
            }
            var row: [Int: Cell] = [:]
            flatten(members, prefix: []) { keys, cell in
                let column =
                    columnIndex[keys]
                    ?? {
                        keyPaths.append(keys)
                        columnIndex[keys] = keyPaths.count - 1
                        return keyPaths.count - 1
                    }()
                row[column] = cell
            }
            rows.append(row)
        }
        let names = ColumnNames.unique(keyPaths.map { $0.joined(separator: ".") })
        for name in types.keys.sorted() where !names.contains(name) {
            throw TableProblem(
                "a type is declared for the column `\(name)`, but there is none; the columns are "
                    + names.map { "`\($0)`" }.joined(separator: ", "))
        }
        var columns: [Column] = []
        var missingValues: [MissingValueCount] = []
        var warnings: [TableProblem] = []
        for (index, name) in names.enumerated() {
            var column = ColumnInference()
            var firstUnheld: Int?
            let declared = types[name]
            for (rowIndex, row) in rows.enumerated() {
                guard let cell = row[index] else { continue }
                if case .string(var string) = cell, !string.isEmpty {
                    let added = string.withUTF8 { (field) -> Bool in
                        if missing.isDeclared(field) {
                            column.addMarker(field, declared: true)
                        } else if let declared {
                            guard MissingValues.nullsStandardMarkers(declared), inference.value(field, as: declared) == nil,
                                missing.isStandard(field)
                            else { return false }
                            column.addMarker(field, declared: false)
                        } else {
                            column.add(field, inference, missing)
                        }
                        return true
                    }
                    if added { continue }
                }
                guard declared == nil else { continue }
                let fits = cell.fits(among: column.fits, inference)
                // A number that fits only text is one no Int64 or Double holds.
                if case .number(let number) = cell, fits == .text {
                    column.addUnheld(number.text)
                    firstUnheld = firstUnheld ?? rowIndex
                } else {
                    column.add(fits)
                }
            }
            columns.append(Column(name, declared ?? column.type))
            if let count = column.markers.count(column: name, type: columns[index].type) { missingValues.append(count) }
            if let firstUnheld,
                let warning = column.unheldWarning(
                    column: name, type: columns[index].type,
                    firstAt: text(of: cellPath(rowsPath, row: firstUnheld, keys: keyPaths[index])))
            {
                warnings.append(warning)
            }
        }
        var values: [[TableValue]] = []
        values.reserveCapacity(rows.count)
        for (rowIndex, row) in rows.enumerated() {
            var rowValues: [TableValue] = []
            rowValues.reserveCapacity(columns.count)
            for (index, column) in columns.enumerated() {
                guard let cell = row[index] else {
                    rowValues.append(.null)
                    continue
                }
                guard let value = cell.value(as: column.type, inference, missing) else {
                    throw TableProblem(
                        "\(cell.description) is not \(column.type.noun(inference))",
                        column: column.name, jsonPath: text(of: cellPath(rowsPath, row: rowIndex, keys: keyPaths[index])))
                }
                rowValues.append(value)
            }
            values.append(rowValues)
        }
        var table = Table(columns: columns, rows: values)
        table.missingValues = missingValues
        table.warnings = warnings
        return table
    }

    /// The place of a row's cell: the rows' path, the row's index, the cell's keys.
    private static func cellPath(_ rowsPath: JSONPath, row: Int, keys: [String]) -> JSONPath {
        var path = rowsPath.appending(index: row)
        for key in keys { path = path.appending(key) }
        return path
    }

    /// A row's leaves with their keys from the row: nested objects open up, the rest is a cell.
    private static func flatten(
        _ members: some Sequence<(key: String, value: JSONValue)>, prefix: [String], _ body: ([String], Cell) -> Void
    ) {
        for (key, value) in members {
            let keys = prefix + [key]
            switch value {
            case .object(let nested): flatten(nested, prefix: keys, body)
            case .null: body(keys, .null)
            case .bool(let flag): body(keys, .boolean(flag))
            case .number(let number): body(keys, .number(number))
            case .string(let string): body(keys, .string(string))
            case .array: body(keys, .array(value.description))
            }
        }
    }

    /// `$.results[3].price`: how a path is written in ttsite.yml and in messages.
    static func text(of path: JSONPath) -> String {
        guard !path.isRoot else { return "$" }
        let text = path.description
        return text.hasPrefix("[") ? "$" + text : "$." + text
    }

    /// The value at `path` and its place; `$` alone (or nil) is the root.
    private static func find(_ path: String, in document: JSONValue) throws(TableProblem) -> (JSONPath, JSONValue) {
        guard let components = components(of: path) else {
            throw TableProblem("the path `\(path)` is not a JSON path such as `$.results`, `results.items` or `$.data[0].rows`")
        }
        var place = JSONPath.root
        var value = document
        for component in components {
            switch (component, value) {
            case (.key(let key), .object(let members)):
                place = place.appending(key)
                guard let member = members[key] else {
                    throw TableProblem("the path finds nothing: there is no key `\(key)` here", jsonPath: text(of: place))
                }
                value = member
            case (.index(let index), .array(let elements)):
                place = place.appending(index: index)
                guard elements.indices.contains(index) else {
                    throw TableProblem(
                        "the path finds nothing: the array has \(elements.count) element\(elements.count == 1 ? "" : "s")",
                        jsonPath: text(of: place))
                }
                value = elements[index]
            case (.key(let key), _):
                throw TableProblem("the path looks for the key `\(key)` in \(value.kindDescription)", jsonPath: text(of: place))
            case (.index(let index), _):
                throw TableProblem("the path looks for element \(index) in \(value.kindDescription)", jsonPath: text(of: place))
            }
        }
        return (place, value)
    }

    /// `$.a.b[2]`, `a.b[2]`, `$`: keys between dots, indexes in brackets; nil when malformed.
    static func components(of path: String) -> [JSONPath.Component]? {
        var rest = Substring(path.trimmingCharacters(in: .whitespaces))
        if rest.hasPrefix("$") { rest = rest.dropFirst() } else if rest.isEmpty { return nil }
        var components: [JSONPath.Component] = []
        var first = true
        while let character = rest.first {
            if character == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
                    index >= 0
                else { return nil }
                components.append(.index(index))
                rest = rest[rest.index(after: close)...]
            } else {
                if character == "." { rest = rest.dropFirst() } else if !first { return nil }
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { return nil }
                components.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
            }
            first = false
        }
        return components
    }

    /// One leaf of a row, before its column's type is known.
    enum Cell: CustomStringConvertible {
        case null
        case boolean(Bool)
        case number(JSONNumber)
        case string(String)
        /// An array, as compact JSON text.
        case array(String)

        /// The types this value fits among `candidates`.
        func fits(among candidates: TypeInference.Fits, _ inference: TypeInference) -> TypeInference.Fits? {
            switch self {
            case .null: return nil
            case .boolean: return [.boolean, .text]
            case .array: return .text
            case .number(let number):
                if Self.isInteger(number) { return [.integer, .real, .text] }
                return Self.isHeldReal(number) ? [.real, .text] : .text
            case .string(let string):
                if string.isEmpty { return nil }
                var text = string
                return text.withUTF8 { inference.fits($0, among: candidates) }
            }
        }

        /// The value in a column of `type`, or nil when it does not fit.
        func value(as type: ColumnType, _ inference: TypeInference, _ missing: MissingValues) -> TableValue? {
            switch (self, type) {
            case (.null, _): return .null
            case (.boolean(let flag), .boolean): return .boolean(flag)
            case (.boolean(let flag), .text): return .text(flag ? "true" : "false")
            case (.number(let number), .integer): return number.intValue.flatMap { Int64(exactly: $0) }.map(TableValue.integer)
            case (.number(let number), .real): return number.doubleValue.isFinite ? .real(number.doubleValue) : nil
            case (.number(let number), .text): return .text(number.text)
            case (.string(let string), _):
                var text = string
                return text.withUTF8 { CSVTable.value($0, as: type, inference, missing) }
            case (.array(let json), .text): return .text(json)
            default: return nil
            }
        }

        /// A number with a fraction or an exponent that a Double holds (`TypeInference.holds`).
        /// An integer beyond Int64 is not held: a Double would change its last digits, as a
        /// CSV field's.
        private static func isHeldReal(_ number: JSONNumber) -> Bool {
            guard isWrittenAsReal(number) else { return false }
            var text = number.text
            return text.withUTF8 { TypeInference.real($0) != nil }
        }

        private static func isWrittenAsReal(_ number: JSONNumber) -> Bool {
            number.text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
        }

        /// Written without a fraction or an exponent, and fits Int64.
        private static func isInteger(_ number: JSONNumber) -> Bool {
            !isWrittenAsReal(number) && Int64(number.text) != nil
        }

        /// The value for a message: `"abc"`, `the number 1.5`, `an array`.
        var description: String {
            switch self {
            case .null: "null"
            case .boolean(let flag): "the Boolean \(flag)"
            case .number(let number): "the number \(number.text)"
            case .string(let string): ColumnNames.shortened(string)
            case .array: "an array"
            }
        }
    }
}
