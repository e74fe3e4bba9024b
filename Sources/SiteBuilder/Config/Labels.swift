import IntervalText
import ReportData
import TemplateEngine

/// The words of the page chrome (menu, skip link, footer, list headings) in one language,
/// read from its language pack (`words:`). Every word is required: a pack without one is an
/// error naming the key, never empty text on a page. Templates see each word by its name
/// (`{{labels.skip}}`, `{{labels.unitNames.ae}}`), so a new word reaches them without a second
/// list of names.
struct Labels: Sendable, Codable {
    var skip: String
    var menu: String
    var languages: String
    var builtWith: String
    var home: String
    var notFound: String
    var notFoundText: String
    var people: String
    /// "<AGE> old": `<AGE>` is the age in words ("34 years").
    var yearsOld: String
    var today: String
    var notAvailable: String
    /// What a table, chart or key figure shows when its query gave no rows; a pack written
    /// before this word was added may lack it (`notAvailable` is shown then).
    var noData: String?
    var born: String
    var age: String
    var nextBirthday: String
    var daysUntil: String
    var backToList: String
    var previous: String
    var next: String
    /// The name of a list's page navigation.
    var pages: String
    /// `<PAGE>` of `<PAGES>`: where a page is in a paginated list.
    var pageOf: String
    var ageChart: String
    var ageChartSummary: String
    var ageRange: String
    var count: String
    var unknownAge: String
    var upcoming: String
    /// `<COUNT>` more birthdays in the next 30 days than the home page lists.
    var moreUpcoming: String
    var noUpcoming: String
    /// A person's country, from the record's nationality code.
    var nationality: String
    /// The year overview and the month pages.
    var byMonth: String
    /// `<MONTH>` is the month's name.
    var birthdaysIn: String
    var unknownBirthday: String
    /// The index of family names.
    var byName: String
    /// `<LETTER>` is a letter of the index.
    var namesWith: String
    /// The letter of names that start with no letter (digits, signs).
    var otherNames: String
    var searchPeople: String
    var searchTimelines: String
    /// `<COUNT>` matches, all shown.
    var searchFound: String
    /// `<SHOWN>` of `<COUNT>` matches shown.
    var searchShown: String
    var searchAll: String
    var searchNone: String
    /// A report block's counter of the birthdays in the build's month.
    var birthdaysThisMonth: CountedWord
    /// The column of names in a report block's table of people.
    var name: String
    /// The title of the upcoming-birthdays feed.
    var upcomingFeed: String
    /// A birthday in the feed: `<NAME>`, `<AGE>` they turn, `<WHEN>` ("in 3 days"), `<DATE>`.
    var birthdayEntry: String
    var peopleCount: CountedWord
    var scenarioCount: CountedWord
    var eventCount: CountedWord
    var noPeople: String
    var birthdayCalendar: String
    var subscribe: String
    var calendarFile: String
    /// `<NAME>` is the person's name.
    var birthdayOf: String
    var birthday: String
    var scenarios: String
    var allTimelines: String
    var noScenarios: String
    var events: CountedWord
    var majorEvents: CountedWord
    var span: String
    var unit: String
    /// Interval text for an event after the start: `<VALUE> <TIME_COMPONENT>`.
    var afterStart: String
    /// Interval text for an event before the start.
    var beforeStart: String
    var atStart: String
    var zeroSpan: String
    /// `<YEAR>` is the year before year 1.
    var yearBC: String
    var beforeTheStart: String
    var afterTheEnd: String
    var majorEvent: String
    var license: String
    var source: String
    var axis: String
    var start: String
    var end: String
    var replay: String
    var play: String
    var pause: String
    var resume: String
    var restart: String
    var showAll: String
    /// `<DURATION>` is the replay's length in words.
    var replayNote: String
    var replayReduced: String
    /// The table of contents of a page.
    var contents: String
    /// The notes at the end of a Markdown text, and the link from a note back to the text.
    var footnotes: String
    var backToText: String
    /// The name of a task list's box: the question its state answers.
    var taskDone: String
    /// The filter of a table of query results, and the links to its whole result as files.
    var filterRows: String
    /// The search of a long table's pages made from its rows.
    var searchRows: String
    var download: String
    /// The words of charts (`ChartWords`).
    var chart: ChartWords
    /// How a key figure compares with another: `<CHANGE>` is the difference (a percentage),
    /// `<OTHER>` what it is compared with.
    var higherThan: String
    var lowerThan: String
    var sameAs: String
    /// What each scenario unit is called ("astronomical units").
    var unitNames: UnitWords
    /// The short unit written after a distance ("AU").
    var unitSymbols: DistanceWords

    /// Each kind of chart's name, the title a chart has when its block gives none, the parts
    /// of the summary assistive technology reads (`<KIND>`, `<VALUE>`, `<X>`, `<FIRST>`,
    /// `<LAST>`, `<LOW>`, `<HIGH>`), and the name of the table of its data.
    struct ChartWords: Sendable, Codable {
        var line, area, bar, column, scatter, histogram, sparkline: String
        var titled, span, change, highest, mostBetween, others, data: String
        /// What a histogram's columns count.
        var count: String
        /// The lowest value of a series in the summary, as `highest` (`<VALUE>`, `<X>`);
        /// a pack written before it was added may lack it (the summary then names none).
        var lowest: String?
        /// The data table's note that rows of one x and series were added up into one bar
        /// (`<X>` is the x column's name); English where a pack lacks it.
        var summed: String?
        /// The summary's rules and bands (`<MARKS>`), where a rule on the value axis is
        /// `crossed` at an x value (`<X>`), or `crossedBy` a series (`<SERIES>`) of several;
        /// English where a pack lacks them.
        var marks: String?
        var crossed: String?
        var crossedBy: String?
        /// The names of the kinds added after the first packs were written; English where a
        /// pack lacks them.
        var step: String?
        var dot: String?
        var bubble: String?
        var box: String?
        var heatmap: String?
        var calendar: String?
        /// A calendar's data table's note that the rows of one day were added up into its
        /// cell; English where a pack lacks it.
        var summedDays: String?
        /// A line on the second value axis, in the legend and the summary (`<SERIES>` is its
        /// name): "Orders (right axis)", the left one right to left; English where a pack lacks it.
        var secondAxis: String?
        /// A box plot's data table's columns; English where a pack lacks them.
        var boxCount, boxLow, boxQ1, boxMedian, boxQ3, boxHigh, boxOutliers: String?
    }

    struct UnitWords: Sendable, Codable {
        var datetime, date, ae, miokm, miomiles, km: String
    }

    struct DistanceWords: Sendable, Codable {
        var ae, miokm, miomiles, km: String
    }

    /// The words written after a number, in the forms of the language's plural rule.
    static let countedWords: Set<String> = ["birthdaysThisMonth", "peopleCount", "scenarioCount", "eventCount", "events", "majorEvents"]

    func unitName(_ unit: ScenarioUnit) -> String {
        switch unit {
        case .datetime: unitNames.datetime
        case .date: unitNames.date
        case .ae: unitNames.ae
        case .miokm: unitNames.miokm
        case .miomiles: unitNames.miomiles
        case .km: unitNames.km
        }
    }

    /// The symbol of a distance unit; nil for the date units.
    func unitSymbol(_ unit: ScenarioUnit) -> String? {
        switch unit {
        case .datetime, .date: nil
        case .ae: unitSymbols.ae
        case .miokm: unitSymbols.miokm
        case .miomiles: unitSymbols.miomiles
        case .km: unitSymbols.km
        }
    }
}

/// A word written after a number, in a form for each plural category the language has
/// ("1 person", "2 people"; "1 osoba", "2 osoby", "5 osób"). A pack writes it as one text
/// (the same for every number) or as its forms, `other` among them.
struct CountedWord: Sendable, Decodable, Encodable {
    var forms: [PluralCategory: String]
    var other: String

    init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            forms = [:]
            other = text
            return
        }
        var forms: [PluralCategory: String] = [:]
        let container = try decoder.container(keyedBy: DynamicCodingKey.self)
        for key in container.allKeys {
            guard let category = PluralCategory(rawValue: key.stringValue) else { continue }
            forms[category] = try container.decode(String.self, forKey: key)
        }
        guard let other = forms[.other] else {
            throw DecodingError.keyNotFound(
                DynamicCodingKey(stringValue: "other"), .init(codingPath: decoder.codingPath, debugDescription: "no `other` form"))
        }
        self.forms = forms
        self.other = other
    }

    /// The form for `count` under `rules`: "1 person", "3 people".
    func form(for count: Int, rules: PluralRules) -> String {
        forms[rules.category(for: Double(count))] ?? other
    }

    private struct DynamicCodingKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension CountedWord {
    /// `{{labels.events}}` is a word for any number: its `other` form (views pick the form by
    /// count).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(other)
    }
}
