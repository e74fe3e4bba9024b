import CivilTime
import Foundation
import ReportData
import TemplateEngine
import TextFormatting

/// The report blocks of Content pages: a fenced code block whose info string starts with
/// `ttsite` is replaced by a component of the report, rendered by its own template
/// (`block-<kind>.mustache`, overridable like every template):
///
///     ```ttsite upcoming-birthdays days=14
///     ```
///
/// | kind | arguments |
/// |---|---|
/// | `upcoming-birthdays` | `days=` 1 to 366 (30) |
/// | `people` | `month=` 1 to 12, or `nationality=` a code such as `DE` |
/// | `counter` | `of=` `people`, `timelines`, `events` or `birthdays-this-month` |
/// | `age-histogram` | none |
/// | `timeline` | `named=` a scenario's `named` |
/// | `toc` | `levels=` such as `2-4` (`2-3`): the page's table of contents (`TableOfContents`) |
///
/// An unknown kind, argument or value stops the build with the page, the line and what is
/// allowed. The rest of the Markdown keeps cmark's safe mode.
struct ReportBlocks: Sendable {
    static let word = QueryDefinition.blockWord

    let people: [PersonFacts]
    let scenarios: [Scenario]
    let eventCount: Int
    let views: [String: PeopleViews]
    let scenarioViews: [String: ScenarioViews]
    let replaySeconds: Double
    let today: CalendarDate
    let routes: Routes

    /// The HTML of the block of `kind` with `arguments` (`parse`) on a page in `language`,
    /// its links written from that page by `links`; `line` is its line in its Markdown file,
    /// and `fail` makes the error for a mistake there.
    func html(
        kind: BlockKind, arguments: [String: String], line: Int, language: String, links: Relativiser,
        templates: TemplateSet, labels: TemplateValue, written: MissRecorder? = nil, fail: (String) -> BuildError
    ) throws -> String {
        guard let views = views[language] else { throw fail("the block needs people or timelines, and the site has neither") }
        let block: BlockView
        switch kind {
        case .upcomingBirthdays:
            try kind.allow(arguments, ["days"], fail: fail)
            let days = try Self.number(arguments["days"], name: "days", in: 1...366, default: 30, fail: fail)
            let upcoming = people.filter { ($0.daysUntilBirthday ?? .max) <= days }
            block = .upcomingBirthdays(people: upcoming.map(views.person), days: days)
        case .people:
            try kind.allow(arguments, ["month", "nationality"], fail: fail)
            let chosen: [PersonFacts]
            let caption: String
            switch (arguments["month"], arguments["nationality"]) {
            case (let month?, nil):
                let number = try Self.number(month, name: "month", in: 1...12, default: 1, fail: fail)
                chosen = people.filter { $0.person.birthDate?.month == number }
                    .sorted { ($0.person.birthDate!.day, $0.person.slug) < ($1.person.birthDate!.day, $1.person.slug) }
                caption = views.labels.birthdaysIn.replacingEvery("<MONTH>", with: views.dates.standaloneMonthNames[number - 1])
            case (nil, let code?):
                guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }), Locale.Region(code.uppercased()).isISORegion else {
                    let known = Set(people.compactMap(\.person.nationality)).sorted().map { "`\($0)`" }
                    let some =
                        known.isEmpty
                        ? "" : "; the site's people have \(known.prefix(12).joined(separator: ", "))\(known.count > 12 ? " …" : "")"
                    throw fail("`nationality` must be a country's two-letter code (ISO 3166) such as `DE`, found `\(code)`\(some)")
                }
                chosen = people.filter { $0.person.nationality == code.uppercased() }
                caption =
                    "\(views.labels.nationality): "
                    + "\(Locale(identifier: language).localizedString(forRegionCode: code.uppercased()) ?? code.uppercased())"
            default:
                throw fail("`people` takes one of `month=` (1 to 12) or `nationality=` (such as `DE`)")
            }
            block = .people(chosen.map(views.indexEntry), caption: caption)
        case .counter:
            try kind.allow(arguments, ["of"], fail: fail)
            let month = today.month
            let counts: [String: (Int, CountedWord)] = [
                "people": (people.count, views.labels.peopleCount),
                "timelines": (scenarios.count, views.labels.scenarioCount),
                "events": (eventCount, views.labels.eventCount),
                "birthdays-this-month": (people.count { $0.person.birthDate?.month == month }, views.labels.birthdaysThisMonth),
            ]
            guard let of = arguments["of"], let (count, label) = counts[of] else {
                throw fail(
                    "`counter` needs `of=` one of `people`, `timelines`, `events`, "
                        + "`birthdays-this-month`\(arguments["of"].map { ", found `\($0)`" } ?? "")"
                )
            }
            block = .counter(views.counter(to: Double(count), format: "{value}"), label: views.counted(label, count))
        case .ageHistogram:
            try kind.allow(arguments, [], fail: fail)
            block = .ageHistogram(views.histogram(AgeHistogram(ages: people.map(\.age)), id: "age-chart-\(line)"))
        case .timeline:
            try kind.allow(arguments, ["named"], fail: fail)
            guard let named = arguments["named"] else { throw fail("`timeline` needs `named=`, the `named` of a scenario") }
            guard let scenario = scenarios.first(where: { $0.named == named || $0.slug == named }),
                let scenarioViews = scenarioViews[language]
            else {
                let known = scenarios.prefix(5).map { "`\($0.named)`" }.joined(separator: ", ")
                throw fail("no scenario is named `\(named)`\(known.isEmpty ? "" : "; some that are: \(known)")")
            }
            let layout = TimelineLayout(scenario, siteReplaySeconds: replaySeconds)
            block = .timeline(scenarioViews.timeline(layout, listPage: routes.list(.scenarios, language: language)))
        default:
            throw fail("`\(kind)` is not a block of people or timelines")
        }
        return Self.html(
            of: block, kind: kind.name, language: language, links: links, templates: templates, labels: labels, written: written)
    }

    /// The HTML of a block's view through its template, `block-<kind>.mustache`, with the
    /// page's words, its way back to the site's root and its language.
    /// `rows`: the table's rows as `table-rows` writes them, when the caller has them already
    /// (`DataBlocks.html`). `written` is told of every link the template wrote (its misses
    /// are not the page's: a block's template reads only its own view).
    static func html(
        of block: BlockView, kind: String, language: String, links: Relativiser, templates: TemplateSet, labels: TemplateValue,
        rows: [UInt8]? = nil, written: MissRecorder? = nil
    ) -> String {
        var context: [String: TemplateValue]
        var partials: [String: [UInt8]] = [:]
        if case .table(let table) = block, templates.writesTableRows {
            context = ["table": table.templateValueWithoutRows]
            partials[TableBlockView.rowsTemplate] = rows ?? table.rowsHTML()
        } else {
            context = block.values
        }
        context["labels"] = labels
        context["root"] = .string(links.base)
        context["lang"] = .string(language)
        var bytes: [UInt8] = []
        templates.render("block-" + kind, .map(context), into: &bytes, misses: written, linkBase: links.base, written: partials)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func number(
        _ text: String?, name: String, in range: ClosedRange<Int>, default fallback: Int, fail: (String) -> BuildError
    ) throws -> Int {
        guard let text else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw fail("`\(name)` must be a whole number from \(range.lowerBound) to \(range.upperBound), found `\(text)`")
        }
        return number
    }
}
