import CCmark
import TextFormatting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders GitHub Flavored Markdown to HTML through cmark-gfm, GitHub's fork of libcmark
/// (the CommonMark reference implementation): CommonMark, and the extensions `extensions`
/// names (tables, strikethrough, autolinks, task lists, footnotes, the tag filter).
///
/// Safe by default: raw HTML is replaced by a comment and links with a dangerous scheme
/// (`javascript:`, `vbscript:`, `file:`, most `data:`) lose their target. Invalid UTF-8
/// in the input is replaced, so the output is always valid UTF-8.
public struct MarkdownRenderer: Sendable {
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// Pass raw HTML and every link through untouched. For trusted text only.
        public static let unsafeHTML = Options(rawValue: CMARK_OPT_UNSAFE)
        /// Typographic punctuation: curly quotes, en and em dashes, ellipses.
        public static let smart = Options(rawValue: CMARK_OPT_SMART)
        /// Soft line breaks become `<br />`.
        public static let hardBreaks = Options(rawValue: CMARK_OPT_HARDBREAKS)
    }

    /// The words the HTML carries for readers who do not see it: the name of a text's notes,
    /// of each link from a note back to where it is referred to, and of a task list's boxes.
    public struct Words: Sendable, Equatable {
        public var footnotes: String
        public var backToText: String
        public var taskDone: String

        public init(footnotes: String, backToText: String, taskDone: String) {
            self.footnotes = footnotes
            self.backToText = backToText
            self.taskDone = taskDone
        }

        public static let english = Words(footnotes: "Footnotes", backToText: "Back to text", taskDone: "Done")
    }

    /// The ids one text gives its headings and notes, unique on the page that shows it.
    public struct IDs: Sendable {
        /// Put before every id the text makes, so that several texts on one page (a page's
        /// own, its timeline's event texts) do not collide: `fn:<prefix>1`, `<prefix>intro`.
        public var prefix: String
        /// Makes a heading's id from its text (`Heading anchors`); nil leaves headings without
        /// ids, as CommonMark writes them.
        public var headingSlug: (@Sendable (String) -> String?)?
        /// Ids the page has already (those of its template): a heading whose slug is one of
        /// them gets the next free `-1`, `-2`.
        public var taken: Set<String>

        public init(prefix: String = "", headingSlug: (@Sendable (String) -> String?)? = nil, taken: Set<String> = []) {
            self.prefix = prefix
            self.headingSlug = headingSlug
            self.taken = taken
        }
    }

    /// A heading of a rendered text that was given an id, in document order: what a table of
    /// contents lists.
    public struct Heading: Sendable, Equatable {
        /// 1 to 6.
        public let level: Int
        /// Its text without the formatting.
        public let text: String
        /// Its id on the page.
        public let id: String

        public init(level: Int, text: String, id: String) {
            self.level = level
            self.text = text
            self.id = id
        }
    }

    /// A rendered text: its HTML and its headings (none when they get no ids).
    public struct Rendered: Sendable {
        public var html: String
        public var headings: [Heading]
    }

    public let options: Options
    public let extensions: Set<MarkdownExtension>
    public let words: Words
    /// Whether tables, footnotes and task lists get the markup of `MarkupRewrite`; off, they
    /// are written as cmark-gfm writes them (as GitHub's spec tests expect).
    var rewritesMarkup = true
    private let rewritesTables: Bool
    private let rewritesFootnotes: Bool
    private let rewritesTaskLists: Bool

    public init(options: Options = [], extensions: Set<MarkdownExtension> = MarkdownExtension.defaults, words: Words = .english) {
        self.options = options
        self.extensions = extensions
        self.words = words
        cmarkOptions = extensions.reduce(options.rawValue | CMARK_OPT_VALIDATE_UTF8) { $0 | $1.parserOption }
        syntaxExtensions = MarkdownExtension.Attached(extensions, unsafe: options.contains(.unsafeHTML))
        rewritesTables = extensions.contains(.table)
        rewritesFootnotes = extensions.contains(.footnotes)
        rewritesTaskLists = extensions.contains(.tasklist)
    }

    /// What cmark is asked to do: the options, footnotes when they are on, valid UTF-8 always.
    private let cmarkOptions: Int32
    /// The syntax extensions attached to each parser, worked out once.
    private let syntaxExtensions: MarkdownExtension.Attached

    /// The HTML for `markdown`.
    public func html(_ markdown: String) -> String {
        render(markdown, ids: IDs()).html
    }

    /// `markdown` rendered, its headings and notes given ids as `ids` says.
    public func render(_ markdown: String, ids: IDs) -> Rendered {
        render(markdown, ids: ids, replacingBlocksTagged: nil, with: { _ in "" })
    }

    /// A fenced code block whose info string starts with a given word (```` ```ttsite … ````):
    /// what a caller may replace by HTML of its own.
    public struct FencedBlock: Sendable {
        /// The whole info string, `ttsite upcoming-birthdays days=14`.
        public let info: String
        /// The block's text.
        public let literal: String
        /// The line of the opening fence in `markdown`, from 1.
        public let line: Int
        /// The headings of the whole text, with their ids: what a table of contents lists.
        public let headings: [Heading]
    }

    /// What in a Markdown text refers to other files: a link, an image, or raw HTML (which
    /// may hold `href` and `src` attributes of its own).
    public struct Reference: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case link, image, html
        }

        public let kind: Kind
        /// A link's or an image's destination as written (`photos/field.jpg`), or the HTML.
        public let text: String
        /// The line in the Markdown where it starts, from 1.
        public let line: Int
        /// An image's alt text: its description's text without the formatting, as cmark
        /// writes it into `alt`; empty for links and HTML.
        public let alt: String
        /// A link's or an image's title.
        public let title: String

        public init(kind: Kind, text: String, line: Int, alt: String = "", title: String = "") {
            self.kind = kind
            self.text = text
            self.line = line
            self.alt = alt
            self.title = title
        }
    }

    /// What becomes of a link or an image as the Markdown is rendered.
    public enum Change: Sendable, Equatable {
        /// As cmark renders it.
        case keep
        /// The same, leading to another destination.
        case destination(String)
        /// The caller's HTML in its place (a `<picture>` of processed files), written as it is.
        case html(String)
    }

    /// The HTML for `markdown`, with every fenced code block whose info string's first word is
    /// `word` replaced by what `replace` returns for it (written as it is: it is the caller's
    /// HTML, not the author's). Everything else is rendered as `html(_:)` renders it: raw HTML
    /// in the Markdown stays omitted in safe mode.
    public func html(_ markdown: String, replacingBlocksTagged word: String, with replace: (FencedBlock) throws -> String) throws -> String
    {
        try render(markdown, replacingBlocksTagged: word, with: replace).html
    }

    /// `markdown` rendered: its headings given ids as `ids` says (with a link to themselves),
    /// its footnotes' ids made with `ids.prefix`, the fenced code blocks tagged `word`
    /// replaced as above (none when `word` is nil), and every link and image changed as
    /// `change` says (raw HTML is not asked about).
    public func render(
        _ markdown: String, ids: IDs = IDs(), replacingBlocksTagged word: String? = nil,
        changingReferences change: ((Reference) -> Change)? = nil,
        with replace: (FencedBlock) throws -> String = { _ in "" }
    ) rethrows -> Rendered {
        try parsed(markdown) { document, extensionList -> Rendered in
            try render(
                document, extensionList: extensionList, markdown: markdown, ids: ids, replacingBlocksTagged: word,
                changingReferences: change, with: replace)
        } ?? Rendered(html: "", headings: [])
    }

    /// The same, of a text parsed already (`parse`), whose code was asked about: its
    /// document is rendered rather than a second parse of the same text. A parsed text is
    /// rendered once (rendering changes its document).
    public func render(
        _ parsed: ParsedMarkdown, ids: IDs = IDs(), replacingBlocksTagged word: String? = nil,
        changingReferences change: ((Reference) -> Change)? = nil,
        with replace: (FencedBlock) throws -> String = { _ in "" }
    ) rethrows -> Rendered {
        precondition(!parsed.isRendered, "a parsed Markdown text is rendered once")
        parsed.isRendered = true
        return try render(
            parsed.document, extensionList: parsed.extensionList, markdown: parsed.markdown, ids: ids, replacingBlocksTagged: word,
            changingReferences: change, with: replace)
    }

    private func render(
        _ document: OpaquePointer, extensionList: UnsafeMutablePointer<cmark_llist>?, markdown: String, ids: IDs,
        replacingBlocksTagged word: String?, changingReferences change: ((Reference) -> Change)?,
        with replace: (FencedBlock) throws -> String
    ) rethrows -> Rendered {
        // What is asked for, in one walk of the document.
        var headings: [OpaquePointer] = []
        var blocks: [OpaquePointer] = []
        var references: [OpaquePointer] = []
        let wantsHeadings = ids.headingSlug != nil
        let wantsBlocks = word != nil
        let wantsReferences = change != nil
        if wantsHeadings || wantsBlocks || wantsReferences, let iterator = cmark_iter_new(document) {
            defer { cmark_iter_free(iterator) }
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                switch cmark_node_get_type(node) {
                case CMARK_NODE_HEADING where wantsHeadings: headings.append(node)
                case CMARK_NODE_CODE_BLOCK where wantsBlocks && cmark_node_get_fence_info(node) != nil: blocks.append(node)
                case CMARK_NODE_LINK where wantsReferences, CMARK_NODE_IMAGE where wantsReferences: references.append(node)
                default: break
                }
            }
        }
        var anchors = HeadingAnchors(ids: ids)
        defer { anchors.free() }
        // The caller's HTML goes in once cmark's own is rewritten.
        var callers = StandIns()
        let listed = headings.map { anchors.anchor($0) }
        if let word {
            for node in blocks {
                let info = String(cString: cmark_node_get_fence_info(node))
                guard Self.firstWord(of: info) == word else { continue }
                let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                let html = try replace(
                    FencedBlock(info: info, literal: literal, line: Int(cmark_node_get_start_line(node)), headings: listed))
                callers.replace(node, by: html, as: CMARK_NODE_CUSTOM_BLOCK)
            }
        }
        if let change {
            // Asked in document order; done from the last, so that replacing an image
            // never frees one still to come (an image in another's description).
            let changes = references.map { change(Self.reference($0)) }
            for (node, change) in zip(references, changes).reversed() {
                switch change {
                case .keep: continue
                case .destination(let url): _ = url.withCString { cmark_node_set_url(node, $0) }
                case .html(let html): callers.replace(node, by: html, as: CMARK_NODE_CUSTOM_INLINE)
                }
            }
        }
        var rendered = html(of: document, extensionList: extensionList, markdown: markdown, prefix: ids.prefix)
        if !callers.isEmpty { rendered = callers.apply(to: rendered) }
        return Rendered(html: rendered, headings: listed)
    }

    /// The HTML of a parsed document, with the markup of its tables, footnotes and task lists
    /// rewritten (`MarkupRewrite`) when the Markdown may hold some.
    private func html(of document: OpaquePointer, extensionList: UnsafeMutablePointer<cmark_llist>?, markdown: String, prefix: String)
        -> String
    {
        guard let rendered = cmark_render_html(document, cmarkOptions, extensionList) else { return "" }
        defer { free(rendered) }  // cmark allocates with the C allocator
        guard rewritesMarkup else { return String(cString: rendered) }
        var rewrite = MarkupRewrite()
        // A table needs a `|` in its delimiter row, a footnote `[^` in its reference.
        if rewritesTables, markdown.containsUTF8("|") { MarkupRewrite.tables(&rewrite) }
        if rewritesFootnotes, markdown.containsUTF8("[^") { MarkupRewrite.footnotes(&rewrite, prefix: prefix, words: words) }
        // A task needs `[ ]`, `[x]` or `[X]` after its list marker.
        if rewritesTaskLists, markdown.containsUTF8("[ ]") || markdown.containsUTF8("[x]") || markdown.containsUTF8("[X]") {
            MarkupRewrite.taskLists(&rewrite, done: words.taskDone)
        }
        guard !rewrite.isEmpty else { return String(cString: rendered) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered))
        return String(decoding: rewrite.apply(to: bytes), as: UTF8.self)
    }

    /// The first word of a fenced code block's info string (cmark has taken the spaces before
    /// it): `ttsite` for `ttsite people month=3`.
    public static func firstWord(of info: String) -> Substring {
        info.prefix { $0 != " " && $0 != "\t" }
    }

    /// Every fenced code block of `markdown` whose info string's first word is `word`, in
    /// document order, without rendering anything: what a caller reads before the pages are
    /// rendered (the queries a page runs). Their `headings` are empty.
    public func blocks(in markdown: String, taggedWith word: String) -> [FencedBlock] {
        parsed(markdown) { document, _ in
            Self.nodes(in: document) {
                guard cmark_node_get_type($0) == CMARK_NODE_CODE_BLOCK, let info = cmark_node_get_fence_info($0) else { return false }
                return Self.firstWord(of: String(cString: info)) == word
            }.map { node in
                FencedBlock(
                    info: String(cString: cmark_node_get_fence_info(node)),
                    literal: cmark_node_get_literal(node).map { String(cString: $0) } ?? "",
                    line: Int(cmark_node_get_start_line(node)), headings: [])
            }
        } ?? []
    }

    /// Every link, image and piece of raw HTML in `markdown`, in document order: what a
    /// caller needs to prepare before rendering (the pictures to process, the files to publish).
    public func references(in markdown: String) -> [Reference] {
        parsed(markdown) { document, _ in
            Self.nodes(in: document) {
                let type = cmark_node_get_type($0)
                return type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE || type == CMARK_NODE_HTML_BLOCK
                    || type == CMARK_NODE_HTML_INLINE
            }.map(Self.reference)
        } ?? []
    }

    /// The byte ranges of `markdown` that are code, in document order: the text between the
    /// backticks of each code span, and every line of each code block (its fences included),
    /// except the blocks whose info string's first word is `word`. What a caller must leave
    /// as written when it fills in text before the Markdown is rendered (Mustache tags).
    public func codeRanges(in markdown: String, exceptBlocksTagged word: String? = nil) -> [Range<Int>] {
        parse(markdown).map { codeRanges(in: $0, exceptBlocksTagged: word) } ?? []
    }

    /// The same, of a text parsed already.
    public func codeRanges(in parsed: ParsedMarkdown, exceptBlocksTagged word: String? = nil) -> [Range<Int>] {
        let bytes = Array(parsed.markdown.utf8)
        var lineStarts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        func offset(line: Int32, column: Int32) -> Int? {
            guard line >= 1, Int(line) <= lineStarts.count, column >= 1 else { return nil }
            let offset = lineStarts[Int(line) - 1] + Int(column) - 1
            return offset <= bytes.count ? offset : nil
        }
        return Self.nodes(in: parsed.document) {
            let type = cmark_node_get_type($0)
            return type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK
        }
        .compactMap { node -> Range<Int>? in
            let startLine = cmark_node_get_start_line(node)
            if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK {
                if let word, let info = cmark_node_get_fence_info(node), Self.firstWord(of: String(cString: info)) == word {
                    return nil
                }
                let endLine = max(cmark_node_get_end_line(node), startLine)
                guard let start = offset(line: startLine, column: 1) else { return nil }
                let end = Int(endLine) < lineStarts.count ? lineStarts[Int(endLine)] : bytes.count
                return start..<end
            }
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            guard let start = offset(line: startLine, column: cmark_node_get_start_column(node)) else { return nil }
            return Self.codeSpan(in: bytes, at: start, literal: literal)
        }
    }

    /// The span of a code span's text that starts at `start`, up to the backticks that close
    /// it: as many as opened it (one space may stand between them and the text). Nil when
    /// no backticks stand before `start` (cmark placed it elsewhere).
    private static func codeSpan(in bytes: [UInt8], at start: Int, literal: String) -> Range<Int>? {
        let tick = UInt8(ascii: "`")
        var open = start - 1
        if open >= 0, bytes[open] == UInt8(ascii: " ") { open -= 1 }
        var run = 0
        while open >= 0, bytes[open] == tick {
            run += 1
            open -= 1
        }
        guard run > 0 else { return nil }
        var index = start
        while index < bytes.count {
            guard bytes[index] == tick else {
                index += 1
                continue
            }
            var length = 0
            while index + length < bytes.count, bytes[index + length] == tick { length += 1 }
            if length == run { return start..<index }
            index += length
        }
        return start..<min(bytes.count, start + literal.utf8.count)
    }

    /// What a link, image or raw HTML node holds.
    private static func reference(_ node: OpaquePointer) -> Reference {
        let line = Int(cmark_node_get_start_line(node))
        let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
        switch cmark_node_get_type(node) {
        case CMARK_NODE_LINK:
            return Reference(kind: .link, text: cmark_node_get_url(node).map { String(cString: $0) } ?? "", line: line, title: title)
        case CMARK_NODE_IMAGE:
            return Reference(
                kind: .image, text: cmark_node_get_url(node).map { String(cString: $0) } ?? "", line: line,
                alt: text(of: node), title: title)
        default:
            return Reference(kind: .html, text: cmark_node_get_literal(node).map { String(cString: $0) } ?? "", line: line)
        }
    }

    /// `markdown` parsed, to be asked about (`codeRanges(in:)`) and then rendered once
    /// (`render(_:ids:…)`); nil when cmark cannot parse (out of memory).
    public func parse(_ markdown: String) -> ParsedMarkdown? {
        var markdown = markdown
        guard let parser = cmark_parser_new(cmarkOptions) else { return nil }
        syntaxExtensions.attach(to: parser)
        markdown.withUTF8 { bytes in
            // cmark reads exactly `count` bytes, so the buffer needs no terminating NUL.
            guard let start = bytes.baseAddress else { return }
            UnsafeRawPointer(start).withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parser_feed(parser, $0, bytes.count) }
        }
        guard let document = cmark_parser_finish(parser) else {
            cmark_parser_free(parser)
            return nil
        }
        return ParsedMarkdown(markdown: markdown, parser: parser, document: document)
    }

    /// `body` given the parsed document of `markdown` and the list of syntax extensions it
    /// was parsed with (which rendering needs), freed after; nil when cmark cannot parse (out
    /// of memory).
    private func parsed<T>(_ markdown: String, _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) throws -> T) rethrows -> T? {
        guard let parsed = parse(markdown) else { return nil }
        return try withExtendedLifetime(parsed) { try body(parsed.document, parsed.extensionList) }
    }

    /// The nodes under `root` (itself included) that `matches` accepts, in document order.
    static func nodes(in root: OpaquePointer, where matches: (OpaquePointer) -> Bool) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), matches(node) { found.append(node) }
        }
        return found
    }

    /// Puts a custom node of `type` that writes `html` in the place of `node`; false when the
    /// node's parent takes no custom node (a table cell).
    static func replace(_ node: OpaquePointer, by html: String, as type: cmark_node_type) -> Bool {
        guard let custom = cmark_node_new(type) else { return false }
        _ = html.withCString { cmark_node_set_on_enter(custom, $0) }
        // `replace` unlinks the node; it is freed here, `custom` with the document.
        guard cmark_node_replace(node, custom) != 0 else {
            cmark_node_free(custom)
            return false
        }
        cmark_node_free(node)
        return true
    }

    /// The plain text inside `node`, as cmark writes an image's alt text: the literals of its
    /// text and code descendants, line breaks as spaces.
    static func text(of node: OpaquePointer) -> String {
        nodes(in: node) { _ in true }.reduce(into: "") { text, child in
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                if let literal = cmark_node_get_literal(child) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default: break
            }
        }
    }

    /// The version of the linked cmark-gfm, e.g. `0.29.0.gfm.6`.
    public static var libraryVersion: String {
        String(cString: cmark_version_string())
    }
}
