/// The words of the page chrome (menu, skip link, footer) in each language ttsite knows.
/// Languages without an entry use English.
enum Labels {
    static func forLanguage(_ language: String) -> [String: String] {
        let base = String(language.prefix(while: { $0 != "-" }))
        return table[base] ?? table["en"]!
    }

    private static let table: [String: [String: String]] = [
        "en": [
            "skip": "Skip to content", "menu": "Main menu", "languages": "Languages",
            "builtWith": "Built with", "home": "Back to the home page",
            "notFound": "Page not found", "notFoundText": "There is nothing at this address.",
        ],
        "de": [
            "skip": "Zum Inhalt springen", "menu": "Hauptmenü", "languages": "Sprachen",
            "builtWith": "Erstellt mit", "home": "Zurück zur Startseite",
            "notFound": "Seite nicht gefunden", "notFoundText": "Unter dieser Adresse gibt es nichts.",
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
