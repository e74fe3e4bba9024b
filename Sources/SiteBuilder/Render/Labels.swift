/// The words of the page chrome (menu, skip link, footer) in each language ttsite knows.
/// Languages without an entry use English.
enum Labels {
    static func forLanguage(_ language: String) -> [String: String] {
        let base = String(language.prefix(while: { $0 != "-" }))
        return (table[base] ?? [:]).merging(table["en"]!) { own, _ in own }
    }

    private static let table: [String: [String: String]] = [
        "en": [
            "skip": "Skip to content", "menu": "Main menu", "languages": "Languages",
            "builtWith": "Built with", "home": "Back to the home page",
            "notFound": "Page not found", "notFoundText": "There is nothing at this address.",
            "people": "People", "yearsOld": "<AGE> old", "today": "today!", "notAvailable": "n/a",
            "born": "Born", "age": "Age", "nextBirthday": "Next birthday", "daysUntil": "days until the next birthday",
            "backToList": "All people", "previous": "Previous", "next": "Next",
            "ageChart": "People by age", "ageChartSummary": "Show the numbers", "ageRange": "Age", "count": "People",
            "unknownAge": "without a known date of birth", "upcoming": "Birthdays in the next 30 days",
            "noUpcoming": "No birthdays in the next 30 days.", "peopleCount": "people", "scenarioCount": "timelines",
            "eventCount": "events", "noPeople": "There is nobody on the list yet.",
            "birthdayCalendar": "Birthday calendar", "subscribe": "Subscribe", "calendarFile": "iCalendar file",
            "birthdayOf": "<NAME>'s birthday", "birthday": "Birthday",
            // Timelines (scenarios).
            "scenarios": "Timelines", "allTimelines": "All timelines", "noScenarios": "There are no timelines yet.",
            "events": "events", "majorEvents": "major", "span": "Span", "unit": "Unit",
            "unit.datetime": "date and time", "unit.date": "calendar dates", "unit.ae": "astronomical units",
            "unit.miokm": "millions of kilometres", "unit.miomiles": "millions of miles", "unit.km": "kilometres",
            "short.ae": "AU", "short.miokm": "million km", "short.miomiles": "million miles", "short.km": "km",
            "afterStart": "<VALUE> <TIME_COMPONENT> after the start", "beforeStart": "<VALUE> <TIME_COMPONENT> before the start",
            "atStart": "at the start", "zeroSpan": "a single moment", "yearBC": "<YEAR> BC",
            "beforeTheStart": "before the start", "afterTheEnd": "after the end", "majorEvent": "Major event",
            "license": "License", "source": "Source", "axis": "Timeline", "start": "Start", "end": "End",
            "replay": "Replay", "play": "Play the replay", "pause": "Pause", "resume": "Resume",
            "restart": "Restart", "showAll": "Show all",
            "replayNote": "Plays the timeline back in <DURATION>, newest event on top.",
            "replayReduced": "Your system asks for reduced motion, so every event is shown at once.",
        ],
        "de": [
            "skip": "Zum Inhalt springen", "menu": "Hauptmenü", "languages": "Sprachen",
            "builtWith": "Erstellt mit", "home": "Zurück zur Startseite",
            "notFound": "Seite nicht gefunden", "notFoundText": "Unter dieser Adresse gibt es nichts.",
            "people": "Personen", "yearsOld": "<AGE> alt", "today": "heute!", "notAvailable": "k. A.",
            "born": "Geboren", "age": "Alter", "nextBirthday": "Nächster Geburtstag", "daysUntil": "Tage bis zum nächsten Geburtstag",
            "backToList": "Alle Personen", "previous": "Vorherige", "next": "Nächste",
            "ageChart": "Personen nach Alter", "ageChartSummary": "Zahlen anzeigen", "ageRange": "Alter", "count": "Personen",
            "unknownAge": "ohne bekanntes Geburtsdatum", "upcoming": "Geburtstage in den nächsten 30 Tagen",
            "noUpcoming": "Keine Geburtstage in den nächsten 30 Tagen.", "peopleCount": "Personen", "scenarioCount": "Zeitleisten",
            "eventCount": "Ereignisse", "noPeople": "Noch niemand auf der Liste.",
            "birthdayCalendar": "Geburtstagskalender", "subscribe": "Abonnieren", "calendarFile": "iCalendar-Datei",
            "birthdayOf": "Geburtstag von <NAME>", "birthday": "Geburtstag",
            "scenarios": "Zeitleisten", "allTimelines": "Alle Zeitleisten", "noScenarios": "Noch keine Zeitleisten.",
            "events": "Ereignisse", "majorEvents": "wichtige", "span": "Dauer", "unit": "Einheit",
            "unit.datetime": "Datum und Uhrzeit", "unit.date": "Kalendertage", "unit.ae": "Astronomische Einheiten",
            "unit.miokm": "Millionen Kilometer", "unit.miomiles": "Millionen Meilen", "unit.km": "Kilometer",
            "short.ae": "AE", "short.miokm": "Mio. km", "short.miomiles": "Mio. Meilen", "short.km": "km",
            "afterStart": "<VALUE> <TIME_COMPONENT> nach dem Start", "beforeStart": "<VALUE> <TIME_COMPONENT> vor dem Start",
            "atStart": "beim Start", "zeroSpan": "ein einziger Augenblick", "yearBC": "<YEAR> v. Chr.",
            "beforeTheStart": "vor dem Start", "afterTheEnd": "nach dem Ende", "majorEvent": "Wichtiges Ereignis",
            "license": "Lizenz", "source": "Quelle", "axis": "Zeitleiste", "start": "Start", "end": "Ende",
            "replay": "Wiedergabe", "play": "Wiedergabe starten", "pause": "Anhalten", "resume": "Fortsetzen",
            "restart": "Neu starten", "showAll": "Alle zeigen",
            "replayNote": "Spielt die Zeitleiste in <DURATION> ab, das neueste Ereignis oben.",
            "replayReduced": "Ihr System wünscht weniger Bewegung, daher werden alle Ereignisse auf einmal gezeigt.",
        ],
        "ru": [
            "skip": "Перейти к содержанию", "menu": "Главное меню", "languages": "Языки",
            "builtWith": "Сделано с помощью", "home": "На главную",
            "notFound": "Страница не найдена", "notFoundText": "По этому адресу ничего нет.",
        ],
        "uk": [
            "skip": "Перейти до вмісту", "menu": "Головне меню", "languages": "Мови",
            "builtWith": "Зроблено за допомогою", "home": "На головну",
            "notFound": "Сторінку не знайдено", "notFoundText": "За цією адресою нічого немає.",
        ],
    ]
}
