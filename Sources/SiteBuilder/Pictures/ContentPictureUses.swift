import Foundation
import Markdown
import TextFormatting

/// How a site uses the pictures among the files of `Content/`: which ones a Markdown image
/// of a page shows (with `images: local`, processed into `<picture>`s of their own files),
/// and which ones something needs as the file itself — a link (a download), raw HTML, the
/// 404 page (served at any depth, its images as written), a template or `share_image`.
///
/// A picture that pages only show is published only as its processed files: its original,
/// with whatever a camera wrote into it, stays in `Content/`. The others are published as
/// originals without their metadata (`OriginalFiles`).
struct ContentPictureUses: Equatable {
    /// Pictures a Markdown image shows, by path in `Content/`.
    private(set) var shown: Set<String> = []
    /// Pictures something needs as the file itself.
    private(set) var needed: Set<String> = []

    /// The files of `Content/` that are pictures ttsite processes, by extension.
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    init() {}

    /// The uses by the pages' Markdown of the pictures among `files` (paths in `Content/`),
    /// found where `links` says a link or an image leads. A page is parsed only when its text
    /// holds an image or names a picture's extension.
    init(pages: [Page], files: [String], links: ContentLinks, markdown: MarkdownRenderer) {
        let pictures = Set(files.filter { Self.extensions.contains(($0 as NSString).pathExtension.lowercased()) })
        guard !pictures.isEmpty else { return }
        let extensions = Set(pictures.map { "." + ($0 as NSString).pathExtension })
        for page in pages where page.hasSourceFile {
            let text = page.source.body
            guard text.containsUTF8("![") || extensions.contains(where: { text.containsUTF8($0) }) else { continue }
            for reference in markdown.references(in: text) {
                switch reference.kind {
                case .image, .link:
                    guard case .file(let path, _) = links.target(of: reference.text, on: page), pictures.contains(path) else { continue }
                    if reference.kind == .image && page.kind != .notFound {
                        shown.insert(path)
                    } else {
                        needed.insert(path)
                    }
                case .html:
                    // Raw HTML (`markdown.unsafe_html`) is not followed: a picture whose name
                    // it holds is needed as it is.
                    needed.formUnion(pictures.filter { reference.text.containsUTF8(($0 as NSString).lastPathComponent) })
                }
            }
        }
    }

    /// Marks as needed every picture whose path in `Content/` a text mentions: the site's own
    /// templates and style sheet, which may show a picture of `Content/` by its path.
    mutating func addMentions(in texts: [String]) {
        for path in shown.subtracting(needed) where texts.contains(where: { $0.containsUTF8(path) }) {
            needed.insert(path)
        }
    }

    mutating func addNeeded(_ path: String) {
        needed.insert(path)
    }

    /// The pictures to process: every one a Markdown image shows, in path order.
    var toProcess: [String] { shown.sorted() }

    /// The pictures published only as their processed files: shown, processed, and needed by
    /// nothing as the file itself.
    func onlyProcessed(processed: some Collection<String>) -> Set<String> {
        shown.intersection(processed).subtracting(needed)
    }
}
