import TextFormatting

/// A built-in family of pages made from the site's records: the people list, a page per
/// person, the month and letter indexes, the timeline list and a timeline per scenario. Each
/// is found by its `key`, the translation key of its first page (`people`) or of every
/// record's page with the record's part in brackets (`people/[slug]`), and a page of
/// `Content/` with that key overrides it, as a file of `Templates/` overrides a built-in
/// template:
/// - `Content/people.md` gives the people list its title, its text above the list, its
///   address (`slug:`) and its layout;
/// - `Content/people/[slug].md` gives every person's page its front matter (a `title:` or a
///   `description:` may read the person's row, `{{row.name}}`), its layout and a text shown
///   on each, read from the person's row as a `[column].md` page's is.
///
/// The records' pages are placed by the same rule as a query's rows (`RecordPattern`).
struct PageSource: Sendable {
    /// `people`, `people/[slug]`, …
    let key: String
    /// The template its pages take unless the page that overrides it names another.
    let layout: String
    /// For a list: which one (its place is in `Routes`) and its place in the menu.
    var list: (kind: Routes.ListKind, menu: Int)? = nil

    /// The part of the key that stands for each record, `[slug]`; nil for a list.
    var recordPart: String? {
        guard let last = key.lastPathPart, last.hasPrefix("["), last.hasSuffix("]") else { return nil }
        return String(last)
    }

    /// The title of its list when no page of `Content/` gives one: "People", "Timelines".
    func listTitle(_ labels: Labels) -> String {
        switch list?.kind {
        case .people: labels.people
        case .scenarios: labels.scenarios
        case nil: ""
        }
    }
}
