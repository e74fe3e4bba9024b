import Foundation
import TemplateEngine

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
        /// The page's series styles after it, when it gave a series one (a chart).
        let styles: [String: Int]?
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]

    /// The blocks kept, each for a way to write it.
    var keys: [Key] { lock.withLock { Array(entries.keys) } }

    /// A block's HTML on a page: the one kept under `key`, or `render`'s, kept under `key`
    /// when it says so (nil: not kept). Either way the page is told what the block told it:
    /// the scripts it needs (`uses`), the links its template wrote and what it warned of
    /// (`misses`), and a chart's series styles (`styles`). `render` writes links to the
    /// recorder it is given and warns through the function.
    func html(
        _ key: Key?, line: Int, uses: inout DataBlocks.Uses, misses: PageMisses?, styles: SeriesStyles,
        render: (MissRecorder, _ warn: (String) -> Void) throws -> (html: String, uses: DataBlocks.Uses, keep: Bool)
    ) rethrows -> String {
        if let key, let known = lock.withLock({ entries[key] }) {
            uses.formUnion(known.uses)
            misses?.blocks.wrote(links: known.links)
            for note in known.notes { misses?.note(line: line, note) }
            if let after = known.styles { styles.styles = after }
            return known.html
        }
        let written = MissRecorder()
        var notes: [String] = []
        let stylesBefore = styles.styles
        let made = try render(written) { message in
            notes.append(message)
            misses?.note(line: line, message)
        }
        uses.formUnion(made.uses)
        misses?.blocks.wrote(links: written.links)
        if let key, made.keep {
            let after = styles.styles == stylesBefore ? nil : styles.styles
            lock.withLock {
                entries[key] = Entry(html: made.html, uses: made.uses, links: written.links, notes: notes, styles: after)
            }
        }
        return made.html
    }
}

extension BlockView {
    /// Whether the view holds the address of the page it is on, beyond the way back to the
    /// site's root: a table's links to its rows' pages (written the shortest way from the
    /// page), its downloads and its page numbers (under the page's address), and a chart's
    /// picture in a feed's entry (its absolute address); an input, which marks the answer
    /// it is on. A chart's PNG is named by its drawing, whatever page shows it; the blocks of
    /// people and timelines hold paths from the site's root.
    var readsPagePath: Bool {
        switch self {
        case .table(let table):
            table.pagination != nil || !table.downloads.isEmpty || table.search != nil
                || table.rows.contains { $0.cells.contains { $0.link != nil } }
        case .chart(let chart): chart.image != nil
        case .input: true
        case .value, .noData, .upcomingBirthdays, .people, .counter, .ageHistogram, .timeline: false
        }
    }
}
