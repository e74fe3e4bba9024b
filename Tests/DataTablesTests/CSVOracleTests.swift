import Foundation
import TestSupport
import Testing

@testable import DataTables

/// Files Python's `csv` module accepts: every field of every record must be the one Python
/// reads (`Oracle/csv_oracle.py`), before any type is inferred.
@Suite struct CSVOracleTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let bytes: [UInt8]
        let delimiter: Character
        var description: String { name }

        init(_ name: String, _ text: String, delimiter: Character = ",") {
            self.init(name, Array(text.utf8), delimiter: delimiter)
        }

        init(_ name: String, _ bytes: [UInt8], delimiter: Character = ",") {
            self.name = name
            self.bytes = bytes
            self.delimiter = delimiter
        }
    }

    static let longField = String(repeating: "long \"quoted\" text, over\r\nlines; ", count: 100_000)

    static let cases: [Case] = [
        Case("plain", "a,b,c\n1,2,3\n"),
        Case("quotes in quotes", "name,quote\nx,\"she said \"\"hi\"\"\"\n\"\"\"\"\"\",\"\"\n\"\"\"a\"\"\",\"\"\"\"\n"),
        Case("newlines in quotes", "a,b\n\"line 1\nline 2\",\"x\r\ny\"\n\"cr\ronly\",\"\n\n\"\n"),
        Case("CRLF mixed with LF and CR", "a,b\r\n1,2\n3,4\r\n5,6\r7,8\n9,10\r\n"),
        Case("byte order mark", [0xEF, 0xBB, 0xBF] + Array("id,name\n1,Ann\n\"2\",\"Bob\"\n".utf8)),
        Case("semicolons", "a;b\n1,5;2,5\n\"x;y\";z\n", delimiter: ";"),
        Case("tabs", "a\tb\n1\t\"2\t3\"\n \t \n", delimiter: "\t"),
        Case("pipes", "a|b\n\"|\"|x,y\n", delimiter: "|"),
        Case("empty fields", "a,b,c\n,,\n1,,\n,,3\n\"\",\"\",\"\"\n"),
        Case("no newline at the end", "a,b\n1,2"),
        Case("quoted field at the very end", "a,b\n1,\"2\""),
        Case("trailing blank lines", "a,b\n1,2\n\n\r\n\n"),
        Case("blank line in the middle", "a\n1\n\n2\n"),
        Case("delimiter at the end of the line", "a,b,\n1,2,\n"),
        Case("spaces are kept", "a, b\n 1 , \"2\" \n"),
        Case("Unicode", "名前,emoji\n\"Zoë\",😀\nÅngström,\"é,è\"\n"),
        Case("quote inside an unquoted field", "a,b\nx\"y,z\"\"w\n"),
        Case("text after a closing quote", "a,b\n\"ab\"c,\"x\" y\n\"\"\"q\"\"\"r\"s,t\n"),
        Case("CR at the end", "a,b\r1,2\r"),
        Case("a few megabytes in one field", "a,b\n\"\(longField.replacingOccurrences(of: "\"", with: "\"\""))\",x\n"),
        Case("a few megabytes unquoted", "a\n\(String(repeating: "0123456789", count: 400_000))\n"),
    ]

    @Test func everyFieldIsPythons() async throws {
        let folder = try TemporaryFolder("csv-oracle")
        defer { folder.remove() }
        for delimiter in Set(Self.cases.map(\.delimiter)) {
            let cases = Self.cases.filter { $0.delimiter == delimiter }
            var files: [String] = []
            for (index, item) in cases.enumerated() {
                files.append(try folder.write(Data(item.bytes), to: "\(index).csv").path)
            }
            let python = try await Self.python(delimiter: delimiter, files: files, in: folder.url)
            for (item, file) in zip(cases, files) {
                let expected = try #require(python[file], "\(item)")
                let options = CSVOptions(delimiter: UInt8(ascii: delimiter.unicodeScalars.first!), hasHeader: false)
                var rows: [[String]] = []
                let table = try CSVTable.read(Data(item.bytes), options: options, inference: TypeInference())
                try table.forEachRawRow { rows.append($0) }
                #expect(rows == expected, "\(item)")
                #expect(table.rowCount == expected.count, "\(item)")
            }
        }
    }

    /// Files of random pieces (quotes, delimiters, line breaks, text) from a fixed seed: where
    /// the reader accepts one, its fields are Python's; where it refuses one, Python's records
    /// are ragged or none, or the reader names a quote left open.
    @Test func randomFilesAgreeWithPython() async throws {
        let pieces = ["\"", "\"", ",", ",", "\r", "\n", "\r\n", "a", "1", " ", "é", "\"x\"\"y\"", ",\"a\nb\",", "\u{FEFF}"]
        var random = SplitMix64(seed: 35)
        let folder = try TemporaryFolder("csv-random")
        defer { folder.remove() }
        var files: [(path: String, bytes: Data)] = []
        for index in 0..<400 {
            let text = (0..<Int(random.next() % 24)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let bytes = Data(text.utf8)
            files.append((try folder.write(bytes, to: "\(index).csv").path, bytes))
        }
        let python = try await Self.python(delimiter: ",", files: files.map(\.path), in: folder.url)
        var accepted = 0
        for file in files {
            let expected = try #require(python[file.path])
            do {
                let table = try CSVTable.read(file.bytes, options: CSVOptions(hasHeader: false), inference: TypeInference())
                var rows: [[String]] = []
                try table.forEachRawRow { rows.append($0) }
                #expect(rows == expected, "\(String(decoding: file.bytes, as: UTF8.self).debugDescription)")
                accepted += 1
            } catch let problem as TableProblem {
                let ragged = Set(expected.map(\.count)).count > 1
                let empty = expected.isEmpty
                #expect(ragged || empty || problem.reason.contains("is never closed"), "\(problem): \(expected)")
                #expect(!ragged || problem.reason.contains("the row has") || problem.reason.contains("is never closed"), "\(problem)")
                #expect(!empty || problem.reason.hasPrefix("the file is empty"), "\(problem)")
            }
        }
        #expect(accepted > 100, "too few files accepted to compare: \(accepted)")
    }

    /// The records Python reads in each file.
    static func python(delimiter: Character, files: [String], in folder: URL) async throws -> [String: [[String]]] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Oracle/csv_oracle.py")
        let argument = delimiter == "\t" ? "tab" : String(delimiter)
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, argument] + files, in: folder)
        try #require(run.status == 0, "csv_oracle.py: \(run.stderr)")
        return try JSONDecoder().decode([String: [[String]]].self, from: Data(run.stdout.utf8))
    }
}
