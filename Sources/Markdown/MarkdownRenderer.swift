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

    /// The version of the linked libcmark, e.g. `0.30.2`.
    public static var libraryVersion: String {
        String(cString: cmark_version_string())
    }
}
