import TemplateEngine

/// What a report block's template sees (`block-<kind>.mustache`), one case per kind of block;
/// `ReportBlocks` adds the page's words, its way back to the site's root and its language.
/// Written out: each kind's view under the key its template reads.
enum BlockView: WrittenTemplateView {
    case upcomingBirthdays(people: [PersonView], days: Int)
    case people([IndexEntryView], caption: String)
    case counter(CounterView, label: String)
    case ageHistogram(HistogramView)
    case timeline(TimelineView)
    case table(TableBlockView)
    case value(ValueBlockView)
    case chart(ChartBlockView)
    case input(InputBlockView)
    /// A table, chart or key figure whose query gave no rows (`block-no-data.mustache`).
    case noData(NoDataView)

    var templateValue: TemplateValue { .map(values) }

    /// The block's keys, which `ReportBlocks` adds the page's to.
    var values: [String: TemplateValue] {
        switch self {
        case .upcomingBirthdays(let people, let days):
            ["people": people.templateValue, "hasPeople": .bool(!people.isEmpty), "days": .int(days)]
        case .people(let people, let caption):
            ["people": people.templateValue, "hasPeople": .bool(!people.isEmpty), "caption": .string(caption)]
        case .counter(let counter, let label):
            ["counter": counter.templateValue, "label": .string(label)]
        case .ageHistogram(let histogram):
            ["histogram": histogram.templateValue]
        case .timeline(let timeline):
            ["scenario": timeline.templateValue]
        case .table(let table):
            ["table": table.templateValue]
        case .value(let value):
            ["value": value.templateValue]
        case .chart(let chart):
            ["chart": chart.templateValue]
        case .input(let input):
            ["input": input.templateValue]
        case .noData(let view):
            ["noData": view.templateValue]
        }
    }

    /// The name of its template after `block-`: the block's own kind, but for a block with
    /// nothing to show.
    func templateKind(_ kind: String) -> String {
        if case .noData = self { return NoDataView.kind }
        return kind
    }
}

/// What a block whose query gave no rows shows instead: the pack's words for it, after the
/// block's caption or label (what it would have shown).
struct NoDataView: TemplateView {
    static let kind = "no-data"
    let text: String
    let label: String?
}
