@testable import SiteBuilder
import Testing

/// The `alt` text of event images, made from rendered Markdown. Expected values are from
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
    ])
    func plainText(html: String, text: String) {
        #expect(ScenarioViews.plainText(html) == text)
    }
}
