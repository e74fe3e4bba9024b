/// The search indexes of the pages made from rows (`[column].md` with `rows:`): one per
/// language and column, each row page's title and link, found by the search box of a table
/// that lists them and is split into pages (`DataBlocks`).
struct RowSearch: Sendable {
    private(set) var indexes: [SearchIndex] = []
    private var byKey: [String: Int] = [:]

    init(_ results: QueryResults) {
        for (language, columns) in results.rowTitles.sorted(by: { $0.key < $1.key }) {
            for (column, pages) in columns.sorted(by: { $0.key < $1.key }) {
                let entries = pages.map {
                    SearchIndex.Entry(names: SearchIndex.Entry.spellings(of: $0.title), link: Routes.file($0.urlPath), details: [])
                }
                byKey[Self.key(language, column)] = indexes.count
                indexes.append(SearchIndex(name: "rows-search.\(column).\(language).js", entries: entries))
            }
        }
    }

    /// The index of the pages named by `column` in `language`.
    func index(language: String, column: String) -> SearchIndex? {
        byKey[Self.key(language, column)].map { indexes[$0] }
    }

    private static func key(_ language: String, _ column: String) -> String {
        language + "\u{0}" + column
    }
}
