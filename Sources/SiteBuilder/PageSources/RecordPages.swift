/// A kind of record and the pages made from it: its page sources (its list first), and how it
/// adds their pages in a language. The site's kinds are listed in `SitePages.kinds`: a new kind
/// is a type of its own here and a line there, with its views beside the others in `Derive/`
/// and its templates in `DefaultTemplates/`; nothing of the render or the output changes.
protocol RecordPages: Sendable {
    /// Its page sources, its list first: what a page of `Content/` may override.
    static var sources: [PageSource] { get }

    /// Made once for every language, from what the site's records and views are.
    init(_ input: RecordPagesInput)

    /// Its pages in `language` after `list` (the first page of its list there, placed before any
    /// page's values were made), with their values made when each is rendered. A page of
    /// `Content/` that overrides one of its sources (`MadePages.recordPattern`) may have a
    /// mistake in its front matter.
    func add(_ language: String, list: Page, to made: inout MadePages) throws
}

extension RecordPages {
    /// Its list's source.
    static var listSource: PageSource { sources[0] }
}

/// What the kinds of record make their pages from: the site's records and the views made of
/// them in each language (shared with the report blocks and the feeds).
struct RecordPagesInput {
    let data: SiteData
    let config: SiteConfig
    /// Everyone, in birthday order (the next birthday first), with their facts on the build's day.
    let people: [PersonFacts]
    let peopleViews: [String: PeopleViews]
    let scenarioViews: [String: ScenarioViews]
    /// Whether every view made is kept (a preview renders the same pages again).
    let keepingEveryView: Bool
}
