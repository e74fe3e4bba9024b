import Mustache
import TemplateEngine
import XCTest

@testable import SiteBuilder

/// A table's rows are written by `TableBlockView.rowsHTML` while a site keeps the built-in
/// `table-rows.mustache`; the template is the oracle, rendered by ttsite's engine and by
/// swift-mustache: all three must give the same bytes for any cell.
final class TableRowsTests: XCTestCase {
    /// Texts that escaping, emptiness and non-ASCII bytes could trip on.
    private static let texts = [
        "", "0", "1,234.5", "Apollo 11", "Tom & Jerry", "<b>\"quoted\"</b>", "it's", "–", "Ångström 名前", "a\nb", "{{x}}",
    ]

    func testRowsWrittenEqualTheTemplatesForRandomTables() throws {
        let templates = try TemplateSet(overridesIn: nil)
        XCTAssertTrue(templates.writesTableRows)
        var oracle = MustacheLibrary()
        oracle.register(try MustacheTemplate(string: templates.sources[TableBlockView.rowsTemplate]!), named: TableBlockView.rowsTemplate)
        var random = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let columns = Int.random(in: 1...5, using: &random)
            let rows = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                (0..<columns).map { _ in
                    TableBlockView.Cell(
                        text: Self.texts.randomElement(using: &random)!,
                        sortKey: Bool.random(using: &random) ? nil : Self.texts.randomElement(using: &random)!,
                        link: Bool.random(using: &random)
                            ? nil : "../missions/" + ["apollo-11", "a&b", "\"x\"", ""].randomElement(using: &random)! + "/index.html",
                        numeric: Bool.random(using: &random), date: Bool.random(using: &random),
                        picture: Int.random(in: 0..<4, using: &random) == 0
                            ? #"<svg class="sparkline" role="img" aria-label="a &amp; b"></svg>"# : nil)
                }
            }
            let table = TableBlockView(
                id: "t", caption: nil, columns: [], rows: rows, pagination: nil, downloads: [], filterLabel: "", downloadLabel: "",
                sortable: true, filterable: false, search: nil)
            let base = ["", "../", "../../", "a&b/"][round % 4]
            var rendered: [UInt8] = []
            templates.render(TableBlockView.rowsTemplate, table.templateValue, into: &rendered, linkBase: base)
            let written = String(decoding: table.rowsHTML(), as: UTF8.self)
            XCTAssertEqual(written, String(decoding: rendered, as: UTF8.self), "round \(round)")
            XCTAssertEqual(
                written,
                oracle.render(table.templateValue.resolvingLinks(after: base).mustacheValue, withTemplate: TableBlockView.rowsTemplate),
                "round \(round)")
        }
    }

    func testAWholeTableBlockIsTheSameEitherWay() throws {
        let templates = try TemplateSet(overridesIn: nil)
        let cells = [
            [
                TableBlockView.Cell(
                    text: "Apollo 11", sortKey: nil, link: "../../missions/apollo-11/index.html", numeric: false, date: false),
                TableBlockView.Cell(text: "1,969", sortKey: "1969", link: nil, numeric: true, date: false),
            ]
        ]
        let table = TableBlockView(
            id: "table-m-3", caption: "Missions", columns: [.init(label: "Name", numeric: false), .init(label: "Year", numeric: true)],
            rows: cells, pagination: nil, downloads: [.init(kind: "csv", href: "m.csv")], filterLabel: "Filter", downloadLabel: "Download",
            sortable: true, filterable: false, search: nil)
        let links = Relativiser(page: "reports/apollo/")
        let written = ReportBlocks.html(
            of: .table(table), kind: "table", language: "en", links: links, templates: templates, labels: .map([:]))
        var bytes: [UInt8] = []
        templates.render(
            "block-table", .map(["table": table.templateValue, "labels": .map([:]), "root": .string(links.base), "lang": "en"]),
            into: &bytes, linkBase: links.base)
        XCTAssertEqual(written, String(decoding: bytes, as: UTF8.self))
        // Written by hand from block-table.mustache: the rows sit between the body's tags.
        XCTAssertTrue(
            written.contains(
                "<tbody>\n<tr><td><a href=\"../../missions/apollo-11/index.html\">Apollo 11</a></td>"
                    + "<td class=\"num\" data-sort=\"1969\">1,969</td></tr>\n</tbody>"
            ), written)
    }

    /// A table block rendered once around a marker and then filled with other rows is, byte
    /// for byte, the block the template renders with those rows: for random frames (captions
    /// holding the marker itself among them) and rows, each frame shown twice.
    func testATableFrameRenderedOnceIsTheTemplatesBlockForOtherRows() throws {
        let templates = try TemplateSet(overridesIn: nil)
        let blocks = DataBlocks(
            results: QueryResults(), config: try SiteConfig.parse("title: T", file: "ttsite.yml"), now: Date(), pageSize: 1000)
        let labels: TemplateValue = .map(["filterRows": "Filter"])
        var random = SystemRandomNumberGenerator()
        let captions: [String?] = [nil, "Facts", "<b>&</b>", "a \u{0}ttsite-table-rows\u{0} b"]
        for round in 0..<200 {
            let columns = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                TableBlockView.Header(label: Self.texts.randomElement(using: &random)!, numeric: Bool.random(using: &random))
            }
            func table() -> TableBlockView {
                let rows = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                    columns.map { _ in
                        TableBlockView.Cell(
                            text: Self.texts.randomElement(using: &random)!, sortKey: nil, link: nil, numeric: false, date: false)
                    }
                }
                return TableBlockView(
                    id: "table-facts-\(round % 3)", caption: captions[round % captions.count], columns: columns, rows: rows,
                    pagination: nil,
                    downloads: round % 5 == 0 ? [.init(kind: "csv", href: "x/facts.csv")] : [], filterLabel: "Filter <rows>",
                    downloadLabel: "Download", sortable: round % 2 == 0, filterable: round % 4 == 1, search: nil)
            }
            let links = Relativiser(page: ["entities/a/", "", "x/y/z/"][round % 3])
            for _ in 0..<2 {
                let shown = table()
                var bytes: [UInt8] = []
                templates.render(
                    "block-table", .map(["table": shown.templateValue, "labels": labels, "root": .string(links.base), "lang": "en"]),
                    into: &bytes, linkBase: links.base)
                let written = blocks.html(
                    of: .table(shown), kind: "table", language: "en", links: links, templates: templates, labels: labels)
                XCTAssertEqual(written, String(decoding: bytes, as: UTF8.self), "round \(round)")
            }
        }
    }

    func testASiteOwnBlockTableThatShowsRowsItselfGetsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{#table}}<ul>{{#rows}}<li>{{#cells}}{{text}};{{/cells}}</li>{{/rows}}</ul>{{/table}}".write(
            to: folder.appendingPathComponent("block-table.mustache"), atomically: true, encoding: .utf8)
        let templates = try TemplateSet(overridesIn: folder)
        XCTAssertFalse(templates.writesTableRows)
        let table = TableBlockView(
            id: "t", caption: nil, columns: [], rows: [[.init(text: "a<b", sortKey: nil, link: nil, numeric: false, date: false)]],
            pagination: nil,
            downloads: [], filterLabel: "", downloadLabel: "", sortable: true, filterable: false, search: nil)
        let written = ReportBlocks.html(
            of: .table(table), kind: "table", language: "en", links: Relativiser(page: ""), templates: templates, labels: .map([:]))
        XCTAssertEqual(written, "<ul><li>a&lt;b;</li></ul>")
    }

    func testASiteOwnTableRowsIsRendered() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{#rows}}<tr>{{#cells}}<td>[{{text}}]</td>{{/cells}}</tr>\n{{/rows}}".write(
            to: folder.appendingPathComponent("table-rows.mustache"), atomically: true, encoding: .utf8)
        let templates = try TemplateSet(overridesIn: folder)
        XCTAssertFalse(templates.writesTableRows)
        let table = TableBlockView(
            id: "t", caption: nil, columns: [], rows: [[.init(text: "x", sortKey: "1", link: nil, numeric: true, date: false)]],
            pagination: nil,
            downloads: [], filterLabel: "", downloadLabel: "", sortable: true, filterable: false, search: nil)
        let written = ReportBlocks.html(
            of: .table(table), kind: "table", language: "en", links: Relativiser(page: ""), templates: templates, labels: .map([:]))
        XCTAssertTrue(written.contains("<tbody>\n<tr><td>[x]</td></tr>\n</tbody>"), written)
    }

    /// The links of a long table's rows go up only as far as needed; each case worked out by
    /// hand, and each resolved against the page's URL as a browser would (Foundation's URL).
    func testShortestLinksReachTheSamePage() {
        let cases = [
            ("entities/", "entities/aurora-00006/index.html", "aurora-00006/index.html"),
            ("entities/2/", "entities/aurora-00006/index.html", "../aurora-00006/index.html"),
            ("de/entities/2/", "de/entities/aurora/index.html", "../aurora/index.html"),
            ("reports/apollo/", "missions/apollo-11/index.html", "../../missions/apollo-11/index.html"),
            ("", "missions/apollo-11/index.html", "missions/apollo-11/index.html"),
            ("missions/apollo-11/", "missions/apollo-11/index.html", "index.html"),
            ("a/b/", "a/index.html", "../index.html"),
        ]
        for (page, path, expected) in cases {
            let link = Relativiser(page: page).shortestLink(path)
            XCTAssertEqual(link, expected, page)
            let resolved = URL(string: link, relativeTo: URL(string: "https://example.org/" + page)!)!.absoluteURL.path
            XCTAssertEqual(resolved, "/" + path, page)
        }
        XCTAssertEqual(Relativiser(sitePath: "/reports/").shortestLink("missions/a/index.html"), "/reports/missions/a/index.html")
    }
}
