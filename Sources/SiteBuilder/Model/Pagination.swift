/// A list split into pages of `size` records, numbered from 1. Page 1 is the list's own page;
/// later pages follow it (`Routes.listPage`). A list with no records still has its one page.
struct Pagination: Sendable, Equatable {
    let records: Int
    let size: Int

    init(records: Int, size: Int) {
        precondition(size > 0, "a page holds at least one record")
        self.records = records
        self.size = size
    }

    var pageCount: Int { max(1, (records + size - 1) / size) }

    /// The positions of the records on `page`.
    func records(onPage page: Int) -> Range<Int> {
        let start = min((page - 1) * size, records)
        return start..<min(start + size, records)
    }

    /// The pages after `first` (2 and on), each made by `page` from its number, then placed
    /// as every later page of a list or a long table is: at `Routes.listPage` (`first`'s
    /// address and the number), with `first`'s translation key and the number, so that each
    /// page 2 is the translation of the other languages' page 2.
    func laterPages(of first: Page, _ page: (Int) -> Page) -> [Page] {
        stride(from: 2, through: pageCount, by: 1).map { number in
            var later = page(number)
            later.urlPath = Routes.listPage(number, of: first.urlPath)
            later.translationKey = first.translationKey + "/\(number)"
            return later
        }
    }

    /// The page that shows the record at `position`.
    func page(ofRecord position: Int) -> Int {
        position / size + 1
    }

    /// The page numbers a navigation shows on `current`: the first and the last, and two either
    /// side of `current`; nil where numbers are left out. With 100 pages that is at most nine
    /// entries, so it fits a phone: `1 … 48 49 50 51 52 … 100`.
    func shownNumbers(around current: Int) -> [Int?] {
        let shown = Set([1, pageCount] + Array(max(1, current - 2)...min(pageCount, current + 2)))
        var numbers: [Int?] = []
        for number in shown.sorted() {
            if let last = numbers.last ?? nil, number > last + 1 {
                // A single missing number is shown rather than a gap of one.
                numbers.append(number == last + 2 ? last + 1 : nil)
            }
            numbers.append(number)
        }
        return numbers
    }
}

/// One page of a paginated list: its number, the whole list's pagination, and where the
/// first page is.
struct ListPageInput: Sendable {
    let number: Int
    let pagination: Pagination
    let firstPage: String
}
