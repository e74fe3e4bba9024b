import Foundation
import SiteBuilder

/// The options of a page's input, from data: each line of the input that is not blank is a
/// value of the column an input takes its options from (a JSON source, so that any text is a
/// value).
extension FuzzTarget {
    /// A site whose page has an input over the values, built: whatever the values (one at
    /// least; none is an error), the build succeeds with one page per distinct value
    /// and one for everything (`all=`), every folder
    /// it writes under the page is a slug or the input's name (no value reaches a path), and
    /// each page's input is one link per option, the values written as text, never markup;
    /// and the table that reads no input (rendered once for the answers, `BlockMemo`) is the
    /// same on every page, one row a value.
    public static let inputOptions = FuzzTarget("input-options") { bytes in
        // A text of spaces alone is no value: the readers of data make it NULL, which the
        // input refuses with its error (`InputTests`).
        let values = String(fuzzed: bytes).split(separator: "\n").prefix(40).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ttsite-fuzz-inputs-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.removeItem(at: folder)
        let rows = values.map { ["v": $0] }
        let files: [String: Data] = [
            "ttsite.yml": Data("title: Fuzz\ndata:\n  options: { file: data/options.json, types: { v: text } }\n".utf8),
            "data/options.json": try! JSONSerialization.data(withJSONObject: rows),
            "Content/c.md": Data(
                """
                ```ttsite query list
                SELECT v FROM options
                ```

                ```ttsite input name=v data=list all="Every value"
                ```

                ```ttsite query chosen
                SELECT count(*) AS n FROM options WHERE :v IS NULL OR v = :v
                ```

                ```ttsite value data=chosen column=n
                ```

                ```ttsite query every
                SELECT v, length(v) AS characters FROM options ORDER BY v
                ```

                ```ttsite table data=every
                ```
                """.utf8),
        ]
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! data.write(to: url)
        }
        let output = folder.appendingPathComponent("_site")
        let options = BuildOptions(siteFolder: folder, now: Date(timeIntervalSince1970: 1_795_000_000))
        // No value at all: no column `v` either, and an input with nothing to choose; an error.
        guard !values.isEmpty else {
            precondition((try? Site.build(options)) == nil, "a site whose input has no options built")
            return
        }
        do { _ = try Site.build(options) } catch {
            preconditionFailure("the values \(values.debugDescription) failed the build: \(error)")
        }
        let distinct = Set(values).count
        let pages = (FileManager.default.subpaths(atPath: output.appendingPathComponent("c").path) ?? [])
            .filter { $0.hasSuffix("index.html") }
        precondition(pages.count == distinct + 1, "\(distinct) values made \(pages.count) pages: \(pages)")
        var sharedTable: Substring?
        for page in pages {
            let folders = page.split(separator: "/").dropLast()
            precondition(
                folders.allSatisfy {
                    $0 == "v" || $0.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
                },
                "a page's address holds what is not a slug: \(page)")
            let html = try! String(contentsOf: output.appendingPathComponent("c/" + page), encoding: .utf8)
            guard let start = html.range(of: "<nav class=\"report-block input-block\""),
                let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
            else { preconditionFailure("the page \(page) has no input") }
            let nav = html[start.lowerBound..<end.upperBound]
            // The nav, its label and its list, and four tags an option (li, a and their ends).
            precondition(
                nav.components(separatedBy: "<").count - 1 == 6 + 4 * (distinct + 1), "a value wrote markup into the input: \(nav)")
            guard let tableStart = html.range(of: "<figure class=\"report-block data-table"),
                let tableEnd = html.range(of: "</figure>", range: tableStart.upperBound..<html.endIndex)
            else { preconditionFailure("the page \(page) has no table of every value") }
            let table = html[tableStart.lowerBound..<tableEnd.upperBound]
            precondition(table.components(separatedBy: "<tr>").count - 1 == values.count + 1, "the table of every value: \(table)")
            precondition(sharedTable == nil || sharedTable == table, "the table of every value differs on \(page)")
            sharedTable = table
        }
    }
}
