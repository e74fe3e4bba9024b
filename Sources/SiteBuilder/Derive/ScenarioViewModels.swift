import TemplateEngine

/// What the timeline list and a timeline page both show of a scenario: its name (with the
/// `lang` and `dir` of a fallback language), its page from the site's root, its unit, its
/// span and its picture. Absent values are `false`, never missing: Mustache would look them up
/// in the enclosing context.
struct ScenarioHeadingView: TemplateView {
    let name: String
    @LinkPath var href: String
    let unit: String
    let unitName: String
    let span: String
    @OrFalse var nameLang: String?
    @OrFalse var nameDir: String?
    @OrFalse var image: FigureView?
}

/// A scenario as the timeline list shows it (`scenarios.mustache`), with counters of its
/// events.
struct ScenarioSummaryView: TemplateView {
    @Inline var heading: ScenarioHeadingView
    let eventCounter: CounterView
    let majorCounter: CounterView
    let eventsWord: String
    let majorWord: String
}

/// A scenario with its events in time order, as its timeline page and a timeline block show
/// it (`timeline.mustache`, `block-timeline.mustache`).
struct TimelineView: TemplateView {
    @Inline var heading: ScenarioHeadingView
    let textHTML: String
    @OrFalse var textLang: String?
    @OrFalse var textDir: String?
    let eventCount: String
    let majorCount: String
    let eventsWord: String
    let majorWord: String
    /// The page of the timeline list that shows it, from the site's root.
    @LinkPath var list: String
    let style: String
    let startLabel: String
    let endLabel: String
    /// The axis's ticks between its ends (`ScenarioViews.axisTicks`).
    let ticks: [Tick]
    let replayNote: String
    let events: [EventView]
    let hasEvents: Bool

    /// A tick of the axis: its class (`tick-N`, placed by the page's style block) and label.
    struct Tick: TemplateView {
        let number: Int
        /// Share of the axis, 0 … 1.
        let at: Double
        let label: String

        /// `at` is in the page's style block, not the template's.
        enum CodingKeys: String, CodingKey {
            case number = "n"
            case label
        }
    }
}

/// One event of a timeline: when, its text, how long before now and after the start, whether
/// it lies outside the scenario's span, and its picture; each missing value `false`.
/// Written out: a timeline has a view for each of its events, and encoded, each cost twice
/// the instructions (13,000 against 6,400 under callgrind, `Benchmarks/callgrind.py`).
struct EventView: WrittenTemplateView {
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
        .map([
            "id": .string(id), "major": .bool(major), "when": .string(when), "textHTML": .string(textHTML),
            "iso": iso.map(TemplateValue.string) ?? false, "textLang": textLang.map(TemplateValue.string) ?? false,
            "textDir": textDir.map(TemplateValue.string) ?? false, "sinceStart": sinceStart.map(TemplateValue.string) ?? false,
            "ago": ago.map(TemplateValue.string) ?? false, "outside": outside.map(TemplateValue.string) ?? false,
            "image": image?.templateValue ?? false,
        ])
    }
}

/// A scenario's or an event's picture with its license and source (`figure.mustache`). A
/// picture that is not shown keeps its caption when it has one: its `src` is then false.
struct FigureView: TemplateView {
    @Inline var picture: PictureView
    @OrFalse var license: String?
    @OrFalse var source: String?

    init(picture: PictureView?, license: String?, source: String?) {
        self.picture = picture ?? .hidden
        self.license = license
        self.source = source
    }
}
