import Testing

@testable import SiteBuilder

/// The plain text of rendered Markdown (event images' `alt`, page summaries). Expected values are from
/// Python, with the regular expression the byte scan replaced:
/// `re.sub(r"<[^>]*>", "", html)`, then `&lt; &gt; &quot; &#39; &amp;` replaced in that
/// order, then `" ".join(text.split())`.
struct PlainTextTests {
    @Test(arguments: [
        ("<p>Launch of <em>Apollo</em> &amp; co</p>\n", "Launch of Apollo & co"),
        ("a &amp;lt; b", "a &lt; b"),
        ("x < y", "x < y"),
        ("<p>1 &lt; 2 &gt; 0</p>\n<p>&quot;q&quot; &#39;s&#39;</p>", "1 < 2 > 0 \"q\" 's'"),
        ("&&lt;", "&<"),
        ("<a href=\"x\">link</a> tail <unclosed", "link tail <unclosed"),
        ("<p>Ünïcödé — <strong>Mondlandung</strong></p>", "Ünïcödé — Mondlandung"),
        // Unicode's white space folds too (Python's str.split() agrees on these), U+200B does not.
        ("<p> a\u{00A0}b\u{2003}c\u{3000}d\n\te\u{2028}f\u{0085}g\u{200B}h\u{1680}i\u{205F}j </p>", "a b c d e f g\u{200B}h i j"),
        ("\u{202F}\u{2029}", ""),
    ])
    func plainText(html: String, text: String) {
        #expect(HTMLText.plain(html.utf8) == text)
    }
}
