import TemplateEngine

/// What the timeline list and a timeline page both show of a scenario: its name (with the
/// `lang` and `dir` of a fallback language), its page from the site's root, its unit, its
/// span and its picture. Absent values are `false`, never missing: Mustache would look them up
/// in the enclosing context.
struct ScenarioHeadingView {
    let name: String
    let href: String
    let unit: String
    let unitName: String
    let span: String
    let nameLang: String?
    let nameDir: String?
    let image: FigureView?

    var templateMap: TemplateMap {
        var map = TemplateMap([
            "name": .string(name), "href": .link(href), "unit": .string(unit), "unitName": .string(unitName), "span": .string(span),
        ])
        map.add("nameLang", orFalse: nameLang)
        map.add("nameDir", orFalse: nameDir)
        map.add("image", orFalse: image)
        return map
    }
}

/// A scenario as the timeline list shows it (`scenarios.mustache`), with counters of its
/// events.
struct ScenarioSummaryView: TemplateView {
    let heading: ScenarioHeadingView
    let eventCounter: CounterView
    let majorCounter: CounterView
    let eventsWord: String
    let majorWord: String

    var templateValue: TemplateValue {
        var map = heading.templateMap
        map.add("eventCounter", eventCounter)
        map.add("majorCounter", majorCounter)
        map.add("eventsWord", eventsWord)
        map.add("majorWord", majorWord)
        return map.templateValue
    }
}

/// A scenario with its events in time order, as its timeline page and a timeline block show
/// it (`timeline.mustache`, `block-timeline.mustache`).
struct TimelineView: TemplateView {
    let heading: ScenarioHeadingView
    let textHTML: String
    let textLang: String?
    let textDir: String?
    let eventCount: String
    let majorCount: String
    let eventsWord: String
    let majorWord: String
    /// The page of the timeline list that shows it, from the site's root.
    let list: String
    let style: String
    let startLabel: String
    let endLabel: String
    /// The axis's ticks between its ends (`ScenarioViews.axisTicks`).
    let ticks: [Tick]
    let replayNote: String
    let events: [EventView]

    /// A tick of the axis: its class (`tick-N`, placed by the page's style block) and label.
    struct Tick: TemplateView {
        let number: Int
        /// Share of the axis, 0 … 1.
        let at: Double
        let label: String

        var templateValue: TemplateValue { .map(["n": .int(number), "label": .string(label)]) }
    }

    var templateValue: TemplateValue {
        var map = heading.templateMap
        map.add("textHTML", textHTML)
        map.add("textLang", orFalse: textLang)
        map.add("textDir", orFalse: textDir)
        map.add("eventCount", eventCount)
        map.add("majorCount", majorCount)
        map.add("eventsWord", eventsWord)
        map.add("majorWord", majorWord)
        map.add("list", .link(list))
        map.add("style", style)
        map.add("startLabel", startLabel)
        map.add("endLabel", endLabel)
        map.add("ticks", ticks)
        map.add("replayNote", replayNote)
        map.add("events", events)
        map.add("hasEvents", .bool(!events.isEmpty))
        return map.templateValue
    }
}

/// One event of a timeline: when, its text, how long before now and after the start, whether
/// it lies outside the scenario's span, and its picture.
struct EventView: TemplateView {
    let id: String
    let major: Bool
    let when: String
    let textHTML: String
    let iso: String?
    let textLang: String?
    let textDir: String?
    let sinceStart: String?
    let ago: String?
    let outside: String?
    let image: FigureView?

    var templateValue: TemplateValue {
        var map = TemplateMap(["id": .string(id), "major": .bool(major), "when": .string(when), "textHTML": .string(textHTML)])
        map.add("iso", orFalse: iso)
        map.add("textLang", orFalse: textLang)
        map.add("textDir", orFalse: textDir)
        map.add("sinceStart", orFalse: sinceStart)
        map.add("ago", orFalse: ago)
        map.add("outside", orFalse: outside)
        map.add("image", orFalse: image)
        return map.templateValue
    }
}

/// A scenario's or an event's picture with its license and source (`figure.mustache`). A
/// picture that is not shown keeps its caption when it has one: its `src` is then false.
struct FigureView: TemplateView {
    let picture: PictureView?
    let license: String?
    let source: String?

    var templateValue: TemplateValue {
        var map = (picture ?? PictureView(src: .bool(false), webp: nil, size: nil, alt: "")).templateMap
        map.add("license", orFalse: license)
        map.add("source", orFalse: source)
        return map.templateValue
    }
}
