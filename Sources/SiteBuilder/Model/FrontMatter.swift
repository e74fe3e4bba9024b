import Foundation
import TemplateEngine
import TextFormatting
import Yams

/// The YAML block between `---` lines at the top of a Markdown page, and the body after it.
///
/// Known keys are typed (`title`, `layout`, `draft`, `lang`, `slug`, `menu`); every key,
/// known or not, is passed to templates under `page`.
public struct FrontMatter: Sendable, Equatable {
    public var title: String?
    public var layout: String?
    public var draft = false
    public var lang: String?
    public var slug: String?
    /// Position in the site menu; pages without it are not in the menu.
    public var menu: Int?
    /// Every key of the block as plain values (strings, numbers, booleans, lists, mappings).
    public var values: [String: TemplateValue] = [:]
    /// The file line of each key, for warnings about keys nothing reads.
    public var keyLines: [String: Int] = [:]

    public init() {}
}

/// A Markdown file split into its front matter and its body.
public struct MarkdownSource: Sendable {
    public var frontMatter: FrontMatter
    public var body: String {
        didSet { blocks = PageBlock.find(in: body) }
    }
    /// 1-based line of the file on which `body` starts.
    public var bodyLine: Int
    /// The report blocks of `body`, found once when it is set.
    public private(set) var blocks: [PageBlock]

    public init(frontMatter: FrontMatter, body: String, bodyLine: Int = 1) {
        self.frontMatter = frontMatter
        self.body = body
        self.bodyLine = bodyLine
        blocks = PageBlock.find(in: body)
    }

    /// Splits and parses `text`, read from `file` (named in errors). Accepts a UTF-8 BOM and
    /// CRLF line ends; a file without a leading `---` line has no front matter.
    public init(parsing text: String, file: String) throws {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let hasReturn =
            text.utf8.withContiguousStorageIfAvailable { bytes in bytes.baseAddress.map { memchr($0, 13, bytes.count) != nil } ?? false }
            ?? text.utf8.contains(UInt8(ascii: "\r"))
        if hasReturn { text = text.replacingEvery("\r\n", with: "\n") }

        guard text.hasPrefix("---\n") || text == "---" else {
            self.frontMatter = FrontMatter()
            self.body = text
            self.bodyLine = 1
            blocks = PageBlock.find(in: text)
            return
        }
        let afterOpening = text.index(text.startIndex, offsetBy: 4, limitedBy: text.endIndex) ?? text.endIndex
        let (yaml, body, closingLine) = try Self.splitBlock(text[afterOpening...], file: file)
        self.frontMatter = try FrontMatter(plain: yaml) ?? FrontMatter(yaml: yaml, file: file)
        self.body = body
        self.bodyLine = closingLine + 1
        blocks = PageBlock.find(in: body)
    }

    /// Finds the closing `---` (or `...`) line; returns the YAML, the body and the closing
    /// line's number in the file. Lines are found by their bytes: a search by `Character`
    /// reads every grapheme cluster, 7 % of a build of 10,000 pages with Hugo's front matter.
    private static func splitBlock(_ rest: Substring, file: String) throws -> (String, String, Int) {
        let bytes = rest.utf8
        var line = 2
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let content = rest[lineStart..<lineEnd]
            if content == "---" || content == "..." {
                let bodyStart = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
                return (String(rest[..<lineStart]), String(rest[bodyStart...]), line)
            }
            line += 1
            lineStart = lineEnd < bytes.endIndex ? bytes.index(after: lineEnd) : lineEnd
        }
        throw BuildError(.content, "the front matter that opens on line 1 is never closed: add a `---` line after it", in: file, line: 1)
    }
}

extension FrontMatter {
    static let typedKeys = ["title", "layout", "draft", "lang", "slug", "menu"]

    /// Parses the YAML of a front matter block; its first line is line 2 of `file`.
    public init(yaml: String, file: String) throws {
        self.init()
        let reader = YAMLReader(file: file, lineOffset: 1, kind: .content)
        let mapping = try reader.parseMapping(yaml)
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.string else { throw reader.error("front matter keys must be text", at: keyNode) }
            switch key {
            case "title": title = try reader.string(valueNode, key)
            case "layout":
                let name = try reader.string(valueNode, key)
                guard !name.isEmpty,
                    name.utf8.allSatisfy({ Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
                else {
                    throw reader.error("`layout` must name a template such as `page`, found `\(name)`", at: valueNode)
                }
                layout = name
            case "draft": draft = try reader.bool(valueNode, key)
            case "lang": lang = try reader.string(valueNode, key)
            case "slug":
                let value = try reader.string(valueNode, key)
                guard Self.isSlug(value) else {
                    throw reader.error("`slug` may hold only a-z, 0-9 and single dashes, found `\(value)`", at: valueNode)
                }
                slug = value
            case "menu": menu = try reader.int(valueNode, key)
            default: break
            }
            values[key] = try TemplateValue(yaml: valueNode, reader: reader)
            keyLines[key] = keyNode.mark.map { $0.line + reader.lineOffset }
        }
    }
}
