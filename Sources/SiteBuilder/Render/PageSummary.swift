import TextFormatting

/// One line that says what a page holds, for its `<meta name="description">`, its share
/// preview and its feed entry: the page's `description:` when it has one, else the text of
/// its first paragraph, whitespace folded.
enum PageSummary {
    static func text(of page: Page, html: String) -> String? {
        if case .string(let description)? = page.source.frontMatter.values["description"], !description.isEmpty { return description }
        var html = html
        return html.withUTF8 { bytes in
            let text = UnsafeRawBufferPointer(bytes)
            guard let open = UTF8Search.offset(of: "<p>", in: text),
                let close = UTF8Search.offset(of: "</p>", in: text, from: open + 3)
            else { return nil }
            let folded = HTMLText.plain(bytes[(open + 3)..<close])
            return folded.isEmpty ? nil : folded
        }
    }
}
