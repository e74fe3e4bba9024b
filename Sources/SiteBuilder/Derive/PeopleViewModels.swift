import Counting
import TemplateEngine
import TextFormatting

/// One person as the list, the person page, the home page and the report blocks show them
/// (`people.mustache`, `person.mustache`, `avatar.mustache` …). Every text is the page
/// language's; `href` is the person's page from the site's root.
struct PersonView: TemplateView {
    var name: String
    var initials: String
    var avatarClass: String
    @LinkPath var href: String
    var birthday: String
    var age: String
    var nextBirthday: String
    var isBirthday: Bool
    var title: String?
    var birthdayISO: String?
    var nextBirthdayISO: String?
    var nationality: String?
    var picture: PictureView?
    /// The age as a counter, and the words after its number, when the age text starts with it.
    var ageCounter: CounterView?
    var ageWords: String?
}

/// One person in a month or letter page's list, lighter than `PersonView`: those pages list
/// many people.
struct IndexEntryView: TemplateView {
    var name: String
    @LinkPath var href: String
    var birthday: String
    var age: String
    var birthdayISO: String?
}

/// A number that counts up (`counter.mustache`): its final text for the HTML and the `data-`
/// attributes `counter.js` reads. Written out: a person's age is one, so a people list has
/// one a person, each with its list of attributes; a person's view cost 55,000 instructions
/// with its counter encoded, 34,000 with it written out (callgrind).
struct CounterView: WrittenTemplateView {
    let text: String
    let attributes: [(name: String, value: String)]

    init(to value: Double, format: String, numbers: NumberSymbols) {
        let counter = try! Counter(from: 0, to: value, duration: 1.5, easing: .easeOut, kind: .integer, format: format)
        text = counter.finalText(symbols: numbers)
        attributes = counter.dataAttributes.map { (name: $0.0, value: $0.1) }
    }

    var templateValue: TemplateValue {
        .map([
            "text": .string(text),
            "attributes": .list(attributes.map { .map(["name": .string($0.name), "value": .string($0.value)]) }),
        ])
    }
}

/// The column chart of ages (`age-chart.mustache`): its SVG in the chart engine's two frames,
/// and a table's rows.
struct HistogramView: TemplateView {
    struct Bar: TemplateView {
        let label: String
        let count: String
    }

    let bars: [Bar]
    let hasBars: Bool
    /// The SVGs (markup): the wide frame, and the narrow one a phone shows.
    let wide: String
    let narrow: String
    /// What the ids of the chart's heading and title start with (`age-chart-title`).
    let chartId: String
    /// "3 unknown": the people without an age, when there are any.
    let unknown: String?

    init(bars: [Bar], wide: String, narrow: String, chartId: String, unknown: String?) {
        self.bars = bars
        hasBars = !bars.isEmpty
        self.wide = wide
        self.narrow = narrow
        self.chartId = chartId
        self.unknown = unknown
    }
}

/// The links to the birthday calendar: the file from the site's root, and the `webcal:`
/// address for subscribing (absolute, so only with a `base_url`).
struct CalendarLinksView: TemplateView {
    @LinkPath var href: String
    let webcal: String?
}

/// The ways into the people besides the list (`browse.mustache`): the months with how many
/// birthdays each has, and the letters of the name index, a row per script.
struct BrowseView: TemplateView {
    struct Month: TemplateView {
        let name: String
        let short: String
        let count: String
        let current: Bool
        /// The month's page; nil for a month without birthdays.
        @LinkPath var href: String?
        /// The length of the month's bar, 0 to 100: its count on the chart engine's linear
        /// scale from none to the fullest month's.
        let bar: Int
    }

    struct Letter: TemplateView {
        let label: String
        let count: String
        let current: Bool
        @LinkPath var href: String
    }

    /// A row of letters of one script.
    struct Script: Sendable, Encodable {
        let letters: [Letter]
    }

    let months: [Month]
    let scripts: [Script]

    init(months: [Month], scripts: [[Letter]]) {
        self.months = months
        self.scripts = scripts.map(Script.init)
    }
}
