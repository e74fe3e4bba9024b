import TemplateEngine
import TextFormatting

/// The navigation between the pages of a list (`pagination.mustache`): previous and next,
/// and the compact run of page numbers of `Pagination.shownNumbers`, each page's file from the
/// site's root.
struct PaginationView: TemplateView {
    /// A page number, or a gap in the run.
    enum Number {
        case page(number: String, href: String, current: Bool)
        case gap
    }

    let status: String
    let numbers: [Number]
    /// The previous and next pages' files; nil on the first and the last page.
    let previous: String?
    let next: String?

    /// Nil when the list fits on one page: no navigation at all.
    init?(_ pagination: Pagination, current: Int, listPath: String, pack: LanguagePack) {
        guard pagination.pageCount > 1 else { return nil }
        let href = { (page: Int) in Routes.file(Routes.listPage(page, of: listPath)) }
        numbers = pagination.shownNumbers(around: current).map { number in
            number.map { .page(number: pack.numbers.localizingDigits(String($0)), href: href($0), current: $0 == current) } ?? .gap
        }
        status = Self.status(current, of: pagination.pageCount, pack: pack)
        previous = current > 1 ? href(current - 1) : nil
        next = current < pagination.pageCount ? href(current + 1) : nil
    }

    var templateValue: TemplateValue {
        .map([
            "status": .string(status),
            "numbers": .list(
                numbers.map { number in
                    switch number {
                    case .page(let text, let href, let current):
                        .map(["number": .string(text), "href": .link(href), "current": .bool(current)])
                    case .gap: .map(["gap": .bool(true)])
                    }
                }),
            // Present even when false, so that a template never finds a `previous` or `next`
            // of an enclosing context (a person page's neighbours) instead.
            "previous": previous.map { .map(["href": .link($0)]) } ?? .bool(false),
            "next": next.map { .map(["href": .link($0)]) } ?? .bool(false),
        ])
    }

    /// "Page 2 of 100".
    static func status(_ current: Int, of count: Int, pack: LanguagePack) -> String {
        pack.labels.pageOf.replacingEvery("<PAGE>", with: pack.numbers.localizingDigits(String(current)))
            .replacingEvery("<PAGES>", with: pack.numbers.localizingDigits(String(count)))
    }
}
