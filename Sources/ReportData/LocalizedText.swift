/// A text in English and German, as TimeTranslator gives every text meant for display.
public struct LocalizedText: Sendable, Hashable {
    /// `…En`; empty when missing.
    public var en: String
    /// `…De`; empty when missing.
    public var de: String

    public init(en: String = "", de: String = "") {
        self.en = en
        self.de = de
    }

    /// The text in `language` ("en", "de"); nil for another language or an empty text.
    public subscript(language: String) -> String? {
        let text =
            switch language.lowercased() {
            case "en": en
            case "de": de
            default: ""
            }
        return text.isEmpty ? nil : text
    }

    /// The text in `language`, else in English, else in German, else empty.
    public func preferring(_ language: String) -> String {
        self[language] ?? self["en"] ?? self["de"] ?? ""
    }
}
