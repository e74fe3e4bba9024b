import TemplateEngine

/// What a report block's template sees (`block-<kind>.mustache`), one case per kind of block;
/// `ReportBlocks` adds the page's words, its way back to the site's root and its language.
enum BlockView: TemplateView {
    case upcomingBirthdays(people: [PersonView], days: Int)
    case people([IndexEntryView], caption: String)
    case counter(CounterView, label: String)
    case ageHistogram(HistogramView)
    case timeline(TimelineView)
    case table(TableBlockView)
    case value(ValueBlockView)
    case chart(ChartBlockView)

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
        }
    }
}
