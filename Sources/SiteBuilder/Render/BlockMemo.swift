import Foundation

/// The blocks of a page with inputs that read no input (`PageVariant.varying`), rendered once
/// for all its answers: 72 answers of a page with a table of 142 countries show that table
/// 72 times, and it is made once for each way a page can write it. Filled and read from the
/// threads that render pages.
///
/// What the HTML of such a block depends on, besides its own line and the page's results
/// (the same on every answer, or the block would vary), is the key: the page's language, the
/// table's page, the way back to the site's root (templates write links from it), and the
/// styles the page's earlier charts gave their series (`SeriesStyles`). A block whose view
/// holds the page's own address (a table's row links, downloads or page numbers; a chart
/// shown as its PNG in a feed) is not kept (`BlockView.readsPagePath`): every answer renders
/// its own.
final class BlockMemo: @unchecked Sendable {
    struct Key: Hashable {
        /// The address of the page whose answers these are (`PageVariant.basePath`).
        let page: String
        let language: String
        /// The block's line in the page's file, and its info string (an edit in a preview
        /// keeps the line).
        let line: Int
        let info: String
        let tablePage: Int?
        /// `../` once for each folder of the answer's address (`Relativiser.base`).
        let root: String
        /// The page's series styles before the block, for a chart (empty for any other).
        let styles: [String: Int]
    }

    /// A block as rendered, and what rendering it told the page, told again to each answer.
    struct Entry {
        let html: String
        let uses: DataBlocks.Uses
        /// The links its template wrote (`MissRecorder.links`).
        let links: [String]
        /// What it warned of (a query that gave no rows).
        let notes: [String]
        /// The page's series styles after it (a chart's).
        let styles: [String: Int]
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]

    /// The blocks kept, each for a way to write it.
    var keys: [Key] { lock.withLock { Array(entries.keys) } }

    subscript(key: Key) -> Entry? {
        get { lock.withLock { entries[key] } }
        set { lock.withLock { entries[key] = newValue } }
    }
}

extension BlockView {
    /// Whether the view holds the address of the page it is on, beyond the way back to the
    /// site's root: a table's links to its rows' pages (written the shortest way from the
    /// page), its downloads and its page numbers (under the page's address), and a chart's
    /// picture in a feed's entry (its absolute address). A chart's PNG is named by its
    /// drawing, whatever page shows it.
    var readsPagePath: Bool {
        switch self {
        case .table(let table):
            table.pagination != nil || !table.downloads.isEmpty || table.search != nil
                || table.rows.contains { $0.cells.contains { $0.link != nil } }
        case .chart(let chart): chart.image != nil
        case .value, .noData: false
        case .upcomingBirthdays, .people, .counter, .ageHistogram, .timeline, .input: true
        }
    }
}
