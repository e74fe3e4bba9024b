import ReportData
import TemplateEngine

/// The words of the page chrome (menu, skip link, footer, list headings) in one language:
/// one typed value per language, so a word missing from a language is a compile error, never
/// empty text on a page. Languages without words of their own use English; Russian and
/// Ukrainian have their own chrome and English for the rest.
struct Labels: Sendable {
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
    var searchNone: String
    /// A report block's counter of the birthdays in the build's month.
    var birthdaysThisMonth: String
    /// The column of names in a report block's table of people.
    var name: String
    /// The title of the upcoming-birthdays feed.
    var upcomingFeed: String
    /// A birthday in the feed: `<NAME>`, `<AGE>` they turn, `<WHEN>` ("in 3 days"), `<DATE>`.
    var birthdayEntry: String
    var peopleCount: String
    var scenarioCount: String
    var eventCount: String
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
    var events: String
    var majorEvents: String
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
    /// What each scenario unit is called ("astronomical units").
    var unitNames: UnitWords
    /// The short unit written after a distance ("AU").
    var unitSymbols: DistanceWords

    struct UnitWords: Sendable {
        var datetime, date, ae, miokm, miomiles, km: String
    }

    struct DistanceWords: Sendable {
        var ae, miokm, miomiles, km: String
    }

    /// The page words of each language that has them, by its code without a region.
    static let byLanguage: [(code: String, labels: Labels)] = [
        ("en", english), ("de", german), ("ru", russian), ("uk", ukrainian),
    ]

    /// The codes of the languages with page words.
    static var languages: [String] { byLanguage.map(\.code) }

    /// The page words of `language` (`de`, `de-AT` …), or nil when it has none.
    static func words(for language: String) -> Labels? {
        let code = language.prefix { $0 != "-" }
        return byLanguage.first { $0.code == code }?.labels
    }

    /// Whether `language` has page words of its own.
    static func hasWords(for language: String) -> Bool {
        words(for: language) != nil
    }

    /// The words of `language`; English for a language without its own (which the config
    /// refuses for a page language).
    static func forLanguage(_ language: String) -> Labels {
        words(for: language) ?? english
    }

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

    /// The words as templates see them: `{{labels.skip}}`, `{{labels.unitNames.ae}}`. Made
    /// from the properties themselves, so a new word reaches the templates without a second
    /// list of names.
    var templateValue: TemplateValue {
        Self.value(of: self)
    }

    private static func value(of subject: Any) -> TemplateValue {
        var values: [String: TemplateValue] = [:]
        for child in Mirror(reflecting: subject).children {
            guard let key = child.label else { continue }
            values[key] = (child.value as? String).map(TemplateValue.string) ?? value(of: child.value)
        }
        return .map(values)
    }

    static let english = Labels(
        skip: "Skip to content",
        menu: "Main menu",
        languages: "Languages",
        builtWith: "Built with",
        home: "Back to the home page",
        notFound: "Page not found",
        notFoundText: "There is nothing at this address.",
        people: "People",
        yearsOld: "<AGE> old",
        today: "today!",
        notAvailable: "n/a",
        born: "Born",
        age: "Age",
        nextBirthday: "Next birthday",
        daysUntil: "days until the next birthday",
        backToList: "All people",
        previous: "Previous",
        next: "Next",
        pages: "Pages",
        pageOf: "Page <PAGE> of <PAGES>",
        ageChart: "People by age",
        ageChartSummary: "Show the numbers",
        ageRange: "Age",
        count: "People",
        unknownAge: "without a known date of birth",
        upcoming: "Birthdays in the next 30 days",
        moreUpcoming: "… and <COUNT> more in the next 30 days",
        noUpcoming: "No birthdays in the next 30 days.",
        nationality: "Nationality",
        byMonth: "Birthdays by month",
        birthdaysIn: "Birthdays in <MONTH>",
        unknownBirthday: "Birthday unknown",
        byName: "By family name",
        namesWith: "Family names: <LETTER>",
        otherNames: "Other",
        searchPeople: "Find a person",
        searchTimelines: "Find a timeline",
        searchFound: "<COUNT> found",
        searchShown: "<SHOWN> of <COUNT> shown",
        searchNone: "Nothing found",
        birthdaysThisMonth: "birthdays this month",
        name: "Name",
        upcomingFeed: "Upcoming birthdays",
        birthdayEntry: "<NAME> turns <AGE> <WHEN> (<DATE>).",
        peopleCount: "people",
        scenarioCount: "timelines",
        eventCount: "events",
        noPeople: "There is nobody on the list yet.",
        birthdayCalendar: "Birthday calendar",
        subscribe: "Subscribe",
        calendarFile: "iCalendar file",
        birthdayOf: "<NAME>'s birthday",
        birthday: "Birthday",
        scenarios: "Timelines",
        allTimelines: "All timelines",
        noScenarios: "There are no timelines yet.",
        events: "events",
        majorEvents: "major",
        span: "Span",
        unit: "Unit",
        afterStart: "<VALUE> <TIME_COMPONENT> after the start",
        beforeStart: "<VALUE> <TIME_COMPONENT> before the start",
        atStart: "at the start",
        zeroSpan: "a single moment",
        yearBC: "<YEAR> BC",
        beforeTheStart: "before the start",
        afterTheEnd: "after the end",
        majorEvent: "Major event",
        license: "License",
        source: "Source",
        axis: "Timeline",
        start: "Start",
        end: "End",
        replay: "Replay",
        play: "Play the replay",
        pause: "Pause",
        resume: "Resume",
        restart: "Restart",
        showAll: "Show all",
        replayNote: "Plays the timeline back in <DURATION>, newest event on top.",
        replayReduced: "Your system asks for reduced motion, so every event is shown at once.",
        unitNames: UnitWords(datetime: "date and time", date: "calendar dates", ae: "astronomical units", miokm: "millions of kilometres", miomiles: "millions of miles", km: "kilometres"),
        unitSymbols: DistanceWords(ae: "AU", miokm: "million km", miomiles: "million miles", km: "km")
    )

    static let german = Labels(
        skip: "Zum Inhalt springen",
        menu: "Hauptmenü",
        languages: "Sprachen",
        builtWith: "Erstellt mit",
        home: "Zurück zur Startseite",
        notFound: "Seite nicht gefunden",
        notFoundText: "Unter dieser Adresse gibt es nichts.",
        people: "Personen",
        yearsOld: "<AGE> alt",
        today: "heute!",
        notAvailable: "k. A.",
        born: "Geboren",
        age: "Alter",
        nextBirthday: "Nächster Geburtstag",
        daysUntil: "Tage bis zum nächsten Geburtstag",
        backToList: "Alle Personen",
        previous: "Vorherige",
        next: "Nächste",
        pages: "Seiten",
        pageOf: "Seite <PAGE> von <PAGES>",
        ageChart: "Personen nach Alter",
        ageChartSummary: "Zahlen anzeigen",
        ageRange: "Alter",
        count: "Personen",
        unknownAge: "ohne bekanntes Geburtsdatum",
        upcoming: "Geburtstage in den nächsten 30 Tagen",
        moreUpcoming: "… und <COUNT> weitere in den nächsten 30 Tagen",
        noUpcoming: "Keine Geburtstage in den nächsten 30 Tagen.",
        nationality: "Staatsangehörigkeit",
        byMonth: "Geburtstage nach Monat",
        birthdaysIn: "Geburtstage im <MONTH>",
        unknownBirthday: "Geburtstag unbekannt",
        byName: "Nach Familienname",
        namesWith: "Familiennamen: <LETTER>",
        otherNames: "Andere",
        searchPeople: "Person suchen",
        searchTimelines: "Zeitleiste suchen",
        searchFound: "<COUNT> gefunden",
        searchShown: "<SHOWN> von <COUNT> angezeigt",
        searchNone: "Nichts gefunden",
        birthdaysThisMonth: "Geburtstage in diesem Monat",
        name: "Name",
        upcomingFeed: "Anstehende Geburtstage",
        birthdayEntry: "<NAME> wird <AGE> – <WHEN> (<DATE>).",
        peopleCount: "Personen",
        scenarioCount: "Zeitleisten",
        eventCount: "Ereignisse",
        noPeople: "Noch niemand auf der Liste.",
        birthdayCalendar: "Geburtstagskalender",
        subscribe: "Abonnieren",
        calendarFile: "iCalendar-Datei",
        birthdayOf: "Geburtstag von <NAME>",
        birthday: "Geburtstag",
        scenarios: "Zeitleisten",
        allTimelines: "Alle Zeitleisten",
        noScenarios: "Noch keine Zeitleisten.",
        events: "Ereignisse",
        majorEvents: "wichtige",
        span: "Dauer",
        unit: "Einheit",
        afterStart: "<VALUE> <TIME_COMPONENT> nach dem Start",
        beforeStart: "<VALUE> <TIME_COMPONENT> vor dem Start",
        atStart: "beim Start",
        zeroSpan: "ein einziger Augenblick",
        yearBC: "<YEAR> v. Chr.",
        beforeTheStart: "vor dem Start",
        afterTheEnd: "nach dem Ende",
        majorEvent: "Wichtiges Ereignis",
        license: "Lizenz",
        source: "Quelle",
        axis: "Zeitleiste",
        start: "Start",
        end: "Ende",
        replay: "Wiedergabe",
        play: "Wiedergabe starten",
        pause: "Anhalten",
        resume: "Fortsetzen",
        restart: "Neu starten",
        showAll: "Alle zeigen",
        replayNote: "Spielt die Zeitleiste in <DURATION> ab, das neueste Ereignis oben.",
        replayReduced: "Ihr System wünscht weniger Bewegung, daher werden alle Ereignisse auf einmal gezeigt.",
        unitNames: UnitWords(datetime: "Datum und Uhrzeit", date: "Kalendertage", ae: "Astronomische Einheiten", miokm: "Millionen Kilometer", miomiles: "Millionen Meilen", km: "Kilometer"),
        unitSymbols: DistanceWords(ae: "AE", miokm: "Mio. km", miomiles: "Mio. Meilen", km: "km")
    )

    static let russian: Labels = {
        var labels = english
        labels.skip = "Перейти к содержанию"
        labels.menu = "Главное меню"
        labels.languages = "Языки"
        labels.builtWith = "Сделано с помощью"
        labels.home = "На главную"
        labels.notFound = "Страница не найдена"
        labels.notFoundText = "По этому адресу ничего нет."
        labels.pages = "Страницы"
        labels.pageOf = "Страница <PAGE> из <PAGES>"
        labels.nationality = "Гражданство"
        labels.byMonth = "Дни рождения по месяцам"
        labels.birthdaysIn = "Дни рождения: <MONTH>"
        labels.unknownBirthday = "День рождения неизвестен"
        labels.byName = "По фамилии"
        labels.namesWith = "Фамилии на <LETTER>"
        labels.otherNames = "Другие"
        labels.searchPeople = "Найти человека"
        labels.searchTimelines = "Найти хронологию"
        labels.searchFound = "Найдено: <COUNT>"
        labels.searchShown = "Показано <SHOWN> из <COUNT>"
        labels.searchNone = "Ничего не найдено"
        labels.birthdaysThisMonth = "дней рождения в этом месяце"
        labels.name = "Имя"
        labels.upcomingFeed = "Ближайшие дни рождения"
        labels.birthdayEntry = "<NAME>: <AGE> — <WHEN> (<DATE>)."
        return labels
    }()

    static let ukrainian: Labels = {
        var labels = english
        labels.skip = "Перейти до вмісту"
        labels.menu = "Головне меню"
        labels.languages = "Мови"
        labels.builtWith = "Зроблено за допомогою"
        labels.home = "На головну"
        labels.notFound = "Сторінку не знайдено"
        labels.notFoundText = "За цією адресою нічого немає."
        labels.pages = "Сторінки"
        labels.pageOf = "Сторінка <PAGE> з <PAGES>"
        labels.nationality = "Громадянство"
        labels.byMonth = "Дні народження за місяцями"
        labels.birthdaysIn = "Дні народження: <MONTH>"
        labels.unknownBirthday = "День народження невідомий"
        labels.byName = "За прізвищем"
        labels.namesWith = "Прізвища на <LETTER>"
        labels.otherNames = "Інші"
        labels.searchPeople = "Знайти людину"
        labels.searchTimelines = "Знайти хронологію"
        labels.searchFound = "Знайдено: <COUNT>"
        labels.searchShown = "Показано <SHOWN> з <COUNT>"
        labels.searchNone = "Нічого не знайдено"
        labels.birthdaysThisMonth = "днів народження цього місяця"
        labels.name = "Ім’я"
        labels.upcomingFeed = "Найближчі дні народження"
        labels.birthdayEntry = "<NAME>: <AGE> — <WHEN> (<DATE>)."
        return labels
    }()
}
