import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders CommonMark to HTML through libcmark, the reference implementation.
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

    public let options: Options

    public init(options: Options = []) {
        self.options = options
    }

    /// The HTML for `markdown`.
    public func html(_ markdown: String) -> String {
        var markdown = markdown
        let cmarkOptions = options.rawValue | CMARK_OPT_VALIDATE_UTF8
        return markdown.withUTF8 { bytes -> String in
            // cmark reads exactly `count` bytes, so the buffer needs no terminating NUL.
            let pointer = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
            guard let rendered = cmark_markdown_to_html(
                pointer.assumingMemoryBound(to: CChar.self), bytes.count, cmarkOptions
            ) else {
                return ""
            }
            defer { free(rendered) }  // cmark allocates with the C allocator
            return String(cString: rendered)
        }
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
    }

    /// The HTML for `markdown`, with every fenced code block whose info string's first word is
    /// `word` replaced by what `replace` returns for it (written as it is: it is the caller's
    /// HTML, not the author's). Everything else is rendered as `html(_:)` renders it: raw HTML
    /// in the Markdown stays omitted in safe mode.
    public func html(_ markdown: String, replacingBlocksTagged word: String, with replace: (FencedBlock) throws -> String) throws -> String {
        var markdown = markdown
        let cmarkOptions = options.rawValue | CMARK_OPT_VALIDATE_UTF8
        return try markdown.withUTF8 { bytes -> String in
            let pointer = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
            guard let document = cmark_parse_document(pointer.assumingMemoryBound(to: CChar.self), bytes.count, cmarkOptions) else {
                return ""
            }
            defer { cmark_node_free(document) }
            var blocks: [OpaquePointer] = []
            let iterator = cmark_iter_new(document)
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                      cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK, cmark_node_get_fence_info(node) != nil else { continue }
                blocks.append(node)
            }
            cmark_iter_free(iterator)
            for node in blocks {
                let info = String(cString: cmark_node_get_fence_info(node))
                guard info.split(separator: " ", maxSplits: 1).first.map(String.init) == word else { continue }
                let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                let html = try replace(FencedBlock(info: info, literal: literal, line: Int(cmark_node_get_start_line(node))))
                guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
                _ = html.withCString { cmark_node_set_on_enter(custom, $0) }
                // `replace` unlinks the block; it is freed here, `custom` with the document.
                if cmark_node_replace(node, custom) != 0 { cmark_node_free(node) } else { cmark_node_free(custom) }
            }
            guard let rendered = cmark_render_html(document, cmarkOptions) else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }

    /// The version of the linked libcmark, e.g. `0.30.2`.
    public static var libraryVersion: String {
        String(cString: cmark_version_string())
    }
}
