import Counting
import Foundation
import IntervalText
import Markdown
import ReportData

/// The view models of the timeline pages in one language: every text computed here, so the
/// templates only place values.
///
/// Scenario and event texts come from a remote API: they go through cmark in safe mode
/// always (raw HTML and `javascript:` links removed), whatever `markdown.unsafe_html` says.
/// A text missing in the page's language falls back to English (then German) and carries
/// `lang` so that it is read with the right voice. Labels of languages other than en and de
/// are English (`Labels`); their interval words are the language's own where IntervalText
/// has them ("55 лет назад"), and "after the start" is English.
struct ScenarioViews {
    let config: SiteConfig
    let language: String
    let now: Date
    /// Path prefix of this language's pages (`""` or `de/`).
    let prefix: String
    private let labels: [String: String]
    private let ago: IntervalFormatter
    private let sinceStart: IntervalFormatter
    private let span: IntervalFormatter
    private let numbers: NumberFormat
    private let days: DatePattern
    private let markdown = MarkdownRenderer()

    init(config: SiteConfig, language: String, now: Date) {
        self.config = config
        self.language = language
        self.now = now
        prefix = language == config.defaultLanguage ? "" : language + "/"
        let labels = Labels.forLanguage(language)
        self.labels = labels
        let spoken = config.intervalLanguages[language] ?? IntervalText.Language.builtIn(code: language) ?? .english
        let counting = Counting.calendar(config.timeZone)
        ago = IntervalFormatter(language: spoken, counting: counting)
        // The phrases exist in en and de; other languages say "after the start" in English.
        let base = String(language.prefix { $0 != "-" })
        let phrased = base == "de" ? (config.intervalLanguages["de"] ?? .german) : (config.intervalLanguages["en"] ?? .english)
        let grammaticalCase: GrammaticalCase = base == "de" ? .accusative : .nominative
        var sinceStart = IntervalFormatter(
            language: phrased, counting: counting,
            past: Phrase(labels["beforeStart"]!, case: grammaticalCase), future: Phrase(labels["afterStart"]!, case: grammaticalCase)
        )
        sinceStart.configuration.zeroTimeIntervalPlaceholder = labels["atStart"]!
        self.sinceStart = sinceStart
        var span = IntervalFormatter(language: spoken, counting: counting, past: Phrase("<VALUE> <TIME_COMPONENT>"), future: Phrase("<VALUE> <TIME_COMPONENT>"))
        span.configuration.zeroTimeIntervalPlaceholder = labels["zeroSpan"]!
        self.span = span
        numbers = spoken.numberFormat
        days = DatePattern(base == "de" ? "d. MMMM" : "d MMMM", language: language)
    }

    /// A scenario as the list shows it.
    func summary(_ scenario: Scenario, root: String) -> [String: Any] {
        var view = common(scenario, root: root)
        view["eventCounter"] = counter(to: Double(scenario.totalEvents))
        view["majorCounter"] = counter(to: Double(scenario.majorEvents))
        return view
    }

    /// A scenario with its events in time order, as its timeline page shows it.
    func timeline(_ layout: TimelineLayout, root: String) -> [String: Any] {
        let scenario = layout.scenario
        var view = common(scenario, root: root)
        let text = localized(scenario.text)
        view["textHTML"] = markdown.html(text.text)
        view["textLang"] = text.lang ?? false
        view["eventCount"] = scenario.totalEvents
        view["majorCount"] = scenario.majorEvents
        view["list"] = root + prefix + "scenarios/index.html"
        view["style"] = layout.styleRules
        view["startLabel"] = pointText(scenario.start, unit: scenario.unit).text
        view["endLabel"] = pointText(scenario.end, unit: scenario.unit).text
        view["replayNote"] = labels["replayNote"]!.replacingEvery("<DURATION>", with: duration(layout.replaySeconds))
        view["events"] = layout.entries.map { event($0, in: scenario) }
        view["hasEvents"] = !layout.entries.isEmpty
        return view
    }

    private func common(_ scenario: Scenario, root: String) -> [String: Any] {
        let name = localized(scenario.name)
        let view: [String: Any] = [
            "name": name.text.isEmpty ? scenario.named : name.text,
            "href": root + prefix + "scenarios/\(scenario.slug)/index.html",
            "unit": scenario.unit.rawValue,
            "unitName": labels["unit.\(scenario.unit.rawValue)"]!,
            "span": spanText(scenario),
            // Absent values are `false`, never missing: Mustache would look them up in the
            // enclosing context (an event without an image would show the scenario's).
            "nameLang": name.lang ?? false,
            "image": image(scenario.image, alt: name.text, license: scenario.license, source: scenario.source) ?? false,
        ]
        return view
    }

    private func event(_ entry: TimelineLayout.Entry, in scenario: Scenario) -> [String: Any] {
        let event = entry.event
        let text = localized(event.text)
        let html = markdown.html(text.text)
        let when = pointText(event.start, unit: scenario.unit)
        var view: [String: Any] = [
            "id": "event-\(event.index)",
            "major": event.major,
            "when": when.text,
            "textHTML": html,
            "iso": when.iso ?? false,
            "textLang": text.lang ?? false,
            "sinceStart": false, "ago": false, "outside": false,
            "image": image(event.image, alt: Self.plainText(html), license: event.license, source: event.source) ?? false,
        ]
        if let date = event.start.date, let start = scenario.start.date {
            view["ago"] = ago.string(for: date, relativeTo: now) ?? ""
            view["sinceStart"] = sinceStart.string(for: date, relativeTo: start) ?? ""
        }
        if entry.isBeforeStart { view["outside"] = labels["beforeTheStart"]! }
        if entry.isAfterEnd { view["outside"] = labels["afterTheEnd"]! }
        return view
    }

    /// The text in the page's language, else English, else German, with the `lang` to set
    /// when it is not the page's.
    private func localized(_ text: LocalizedText) -> (text: String, lang: String?) {
        if let own = text[language] { return (own, nil) }
        if let english = text["en"] { return (english, "en") }
        if let german = text["de"] { return (german, "de") }
        return ("", nil)
    }

    /// "16 July 1969, 14:32" (datetime, in the site's zone), "9. November 1989" (date), or a
    /// distance with its unit ("5.2 AU", "3.940 km"); `iso` for `<time datetime>` when HTML
    /// can write the date (years 1–9999).
    func pointText(_ point: ScenarioPoint, unit: ScenarioUnit) -> (text: String, iso: String?) {
        guard let date = point.date else {
            let sign = point.double < 0 ? "−" : ""
            return (sign + numbers.string(for: point.double) + " " + labels["short.\(unit.rawValue)"]!, nil)
        }
        let local = date.timeIntervalSince1970 + Double(config.timeZone.secondsFromGMT(for: date))
        let dayNumber = (local / 86_400).rounded(.down)
        let day = IntervalText.CalendarDate(daysSince1970: Int(dayNumber))
        let year = day.year >= 1 ? String(day.year) : labels["yearBC"]!.replacingOccurrences(of: "<YEAR>", with: String(1 - day.year))
        var text = days.string(day) + " " + year
        var iso = (1...9999).contains(day.year) ? DatePattern.iso(day) : nil
        if unit == .datetime {
            let seconds = Int(local - dayNumber * 86_400)
            text += ", " + CFormat.padded(seconds / 3600, 2) + ":" + CFormat.padded(seconds % 3600 / 60, 2)
            if iso != nil {
                let utc = IntervalText.CalendarDate(date, in: TimeZone(identifier: "UTC")!)
                let utcSeconds = Int(date.timeIntervalSince1970 - Double(utc.daysSince1970) * 86_400)
                iso = DatePattern.iso(utc) + "T" + CFormat.padded(utcSeconds / 3600, 2) + ":" + CFormat.padded(utcSeconds % 3600 / 60, 2) + ":" + CFormat.padded(utcSeconds % 60, 2) + "Z"
            }
        }
        return (text, iso)
    }

    /// "8 days", "2 millennia", "164 AU".
    func spanText(_ scenario: Scenario) -> String {
        if let start = scenario.start.date, let end = scenario.end.date {
            return span.string(for: end, relativeTo: start) ?? ""
        }
        return pointText(ScenarioPoint(scenario.length), unit: scenario.unit).text
    }

    private func duration(_ seconds: Double) -> String {
        let minutes = seconds / 60
        if minutes >= 1, minutes == minutes.rounded() { return ago.standalone(minutes, .minutes) ?? "" }
        return ago.language.standalone(seconds, .seconds, rounding: Rounding(.truncate, fractionDigits: 1)) ?? ""
    }

    /// An image with its license and source; only http(s) addresses are shown.
    private func image(_ url: URL?, alt: @autoclosure () -> String, license: String?, source: URL?) -> [String: Any]? {
        guard let url, Self.isWeb(url) else { return nil }
        let link = source.flatMap { Self.isWeb($0) ? $0.absoluteString : nil }
        return ["src": url.absoluteString, "alt": alt(), "license": license ?? false, "source": link ?? false]
    }

    private static func isWeb(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host != nil
    }

    /// The text of rendered Markdown without tags, for `alt` (Mustache escapes it again):
    /// every `<…>` removed (a `<` without a closing `>` stays), the five entities cmark
    /// writes decoded, runs of white space made one space. A byte scan: a regular
    /// expression here cost more than rendering the event's Markdown.
    static func plainText(_ html: String) -> String {
        // Tags first, then entities (as two passes, so that text joined by removing a tag
        // is decoded like the rest).
        var untagged: [UInt8] = []
        var rest = html.utf8[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
            untagged += rest[..<open]
            guard let close = rest[open...].firstIndex(of: UInt8(ascii: ">")) else {
                rest = rest[open...]  // no tag closes after here: the rest stays as it is
                break
            }
            rest = rest[rest.index(after: close)...]
        }
        untagged += rest
        let text = HTMLEntities.decode(untagged)
        return String(decoding: text, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func counter(to value: Double) -> [String: Any] {
        let counter = try! Counter(from: 0, to: value, duration: 1.5, easing: .easeOut, kind: .integer, format: "{value}")
        return [
            "text": counter.finalText(language: language),
            "attributes": counter.dataAttributes.map { ["name": $0.0, "value": $0.1] },
        ]
    }
}
