import TemplateEngine
import TextFormatting

/// The navigation between the pages of a list (`pagination.mustache`): previous and next,
/// and the compact run of page numbers of `Pagination.shownNumbers`, all relative links.
enum PaginationView {
    /// Nil when the list fits on one page: no navigation at all.
    static func view(_ pagination: Pagination, current: Int, listPath: String, pack: LanguagePack) -> TemplateValue? {
        guard pagination.pageCount > 1 else { return nil }
        func href(_ page: Int) -> TemplateValue {
            .link(Routes.file(Routes.listPage(page, of: listPath)))
        }
        var numbers: [TemplateValue] = []
        for number in pagination.shownNumbers(around: current) {
            if let number {
                numbers.append(.map(["number": .string(pack.numbers.localizingDigits(String(number))), "href": href(number), "current": .bool(number == current)]))
            } else {
                numbers.append(.map(["gap": .bool(true)]))
            }
        }
        var view: [String: TemplateValue] = [
            "status": .string(status(current, of: pagination.pageCount, pack: pack)),
            "numbers": .list(numbers),
        ]
        // Present even when false, so that a template never finds a `previous` or `next` of an
        // enclosing context (a person page's neighbours) instead.
        view["previous"] = current > 1 ? .map(["href": href(current - 1)]) : .bool(false)
        view["next"] = current < pagination.pageCount ? .map(["href": href(current + 1)]) : .bool(false)
        return .map(view)
    }

    /// "Page 2 of 100".
    static func status(_ current: Int, of count: Int, pack: LanguagePack) -> String {
        pack.labels.pageOf.replacingEvery("<PAGE>", with: pack.numbers.localizingDigits(String(current)))
            .replacingEvery("<PAGES>", with: pack.numbers.localizingDigits(String(count)))
    }
}
