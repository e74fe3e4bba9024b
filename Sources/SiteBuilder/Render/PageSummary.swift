import Foundation

/// One line that says what a page holds, for its `<meta name="description">`, its share
/// preview and its feed entry: the page's `description:` when it has one, else the text of
/// its first paragraph, whitespace folded.
enum PageSummary {
    static func text(of page: ContentPage, html: String) -> String? {
        if case .string(let description)? = page.source.frontMatter.values["description"], !description.isEmpty { return description }
        guard let start = html.range(of: "<p>"), let end = html.range(of: "</p>", range: start.upperBound..<html.endIndex) else { return nil }
        var text = ""
        var inTag = false
        for character in html[start.upperBound..<end.lowerBound] {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        let decoded = String(decoding: HTMLEntities.decode(Array(text.utf8)), as: UTF8.self)
        let folded = decoded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.isEmpty ? nil : folded
    }
}
