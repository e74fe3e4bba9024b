import TemplateEngine
import TextFormatting

/// The navigation between the pages of a list (`pagination.mustache`): previous and next,
/// and the compact run of page numbers of `Pagination.shownNumbers`, each page's file from the
/// site's root.
struct PaginationView: TemplateView {
    /// A page number (`number`, `href`, `current`), or a gap in the run (`gap`).
    struct Number: TemplateView {
        var number: String?
        @LinkPath var href: String?
        var current: Bool?
        var gap: Bool?

        static func page(number: String, href: String, current: Bool) -> Number {
            Number(number: number, href: href, current: current, gap: nil)
        }

        static let gap = Number(number: nil, href: nil, current: nil, gap: true)
    }

    /// The previous or the next page.
    struct Neighbour: TemplateView {
        @LinkPath var href: String
    }

    let status: String
    let numbers: [Number]
    /// The previous and next pages' files; false on the first and the last page, rather
    /// than missing, so that a template never finds a `previous` or `next` of an enclosing
    /// context (a person page's neighbours) instead.
    @OrFalse var previous: Neighbour?
    @OrFalse var next: Neighbour?

    /// Nil when the list fits on one page: no navigation at all.
    init?(_ pagination: Pagination, current: Int, listPath: String, pack: LanguagePack) {
        guard pagination.pageCount > 1 else { return nil }
        let href = { (page: Int) in Routes.file(Routes.listPage(page, of: listPath)) }
        numbers = pagination.shownNumbers(around: current).map { number in
            number.map { .page(number: pack.numbers.localizingDigits(String($0)), href: href($0), current: $0 == current) } ?? .gap
        }
        status = Self.status(current, of: pagination.pageCount, pack: pack)
        previous = current > 1 ? Neighbour(href: href(current - 1)) : nil
        next = current < pagination.pageCount ? Neighbour(href: href(current + 1)) : nil
    }

    /// "Page 2 of 100".
    static func status(_ current: Int, of count: Int, pack: LanguagePack) -> String {
        pack.labels.pageOf.replacingEvery("<PAGE>", with: pack.numbers.localizingDigits(String(current)))
            .replacingEvery("<PAGES>", with: pack.numbers.localizingDigits(String(count)))
    }
}
