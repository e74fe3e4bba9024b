import Markdown
import TextFormatting

/// A report block of a page's text, ```` ```ttsite KIND name=value … ````, found once when the
/// text is read (`MarkdownSource.blocks`): every stage that asks what a page holds — the
/// queries it runs, the results its blocks show, the tables that split it, the files it
/// offers — asks these, instead of searching the text for words again.
public struct PageBlock: Sendable, Equatable {
    /// The kind the second word of the info string names (`query`, `table`, `chart`,
    /// `people` …); nil when it names none the build knows (`problem` says so).
    public let kind: BlockKind?
    /// The arguments by name; empty for a query block, and for a block whose line does not
    /// parse (`problem` says why; the page's render names it with its line).
    public let arguments: [String: String]
    /// What follows the kind: for a query block, its name (`query NAME`).
    public let words: [String]
    /// The block's text: a query block's SQL.
    public let literal: String
    /// The line of the opening fence in the page's body, from 1.
    public let line: Int
    /// Why the info string does not parse, or names no kind, if it does not.
    public let problem: String?
    /// The info string as written: how the render finds the block again in the page's text
    /// once its Mustache tags are filled in (`BlockMatcher`).
    let info: String

    /// The word every report block's info string starts with.
    static let word = "ttsite"

    public var isQuery: Bool { kind == .query }

    /// The query whose result the block shows (`data=NAME`), if any.
    public var query: String? { arguments["data"] }

    /// Every query the block reads: the one it shows, then those a chart draws its rules from
    /// (`rules=NAME`).
    public var reads: [String] {
        [arguments["data"], arguments["rules"]].compactMap { $0 }
    }

    /// The report blocks of `body`, in order. A text that never says `ttsite` has none and
    /// is not parsed.
    static func find(in body: String) -> [PageBlock] {
        guard body.containsUTF8(word) else { return [] }
        return MarkdownRenderer().blocks(in: body, taggedWith: word).map(PageBlock.init)
    }

    /// The block of a fenced block's info string, text and line: the one parse of a block,
    /// for a page's text when it is read and for a block only its rendered text holds (one
    /// a partial wrote).
    init(_ block: MarkdownRenderer.FencedBlock) {
        info = block.info
        literal = block.literal
        line = block.line
        let words = block.info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let name = words.count > 1 ? words[1] : ""
        self.words = Array(words.dropFirst(2))
        kind = BlockKind.named(name)
        guard kind != .query else {
            arguments = [:]
            problem = nil
            return
        }
        do {
            arguments = try BlockInfo.parse(block.info, fail: { BuildError(.content, $0) }).arguments
            problem = kind == nil ? "there is no report block `\(name)`; the blocks are \(BlockKind.listed)" : nil
        } catch {
            arguments = [:]
            problem = (error as? BuildError)?.message ?? "\(error)"
        }
    }
}

extension MarkdownSource {
    /// The line of the file that `block`'s fence is on.
    func fileLine(of block: PageBlock) -> Int {
        bodyLine + block.line - 1
    }
}
