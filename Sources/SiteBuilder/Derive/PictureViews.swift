import Foundation
import TemplateEngine
import TextFormatting

/// How pictures appear in the views, by `images:` mode: the processed files of the site
/// (`local`), the source's own address (`remote`), or nothing (`none`).
///
/// A picture view has `src` (the JPEG, or the remote address), `webp` (a `srcset` of the
/// WebP files, or false), `width` and `height` (the picture's proportions, or false when
/// they are not known) and `alt`.
struct PictureViews: Sendable {
    var mode: SiteConfig.ImageSettings.Mode
    /// The processed pictures by use and source URL.
    var pictures: [PictureUse: [URL: ProcessedPicture]] = [:]

    /// The view of the picture at `url`, its files' paths from the site's root, or nil when
    /// it is not shown: no URL, `images: none`, or a picture that could not be used.
    /// `width` and `height` are the picture's size shrunk to fit `box` (CSS pixels), the
    /// size it is shown at on a wide screen.
    func view(_ url: URL?, as use: PictureUse, alt: String, box: (width: Int, height: Int)? = nil) -> PictureView? {
        guard let url, url.isWebAddress else { return nil }
        switch mode {
        case .none:
            return nil
        case .remote:
            return PictureView(src: .string(url.absoluteString), webp: nil, size: nil, alt: alt)
        case .local:
            guard let picture = pictures[use]?[url], let fallback = picture.fallback, let largest = picture.largest else { return nil }
            let webp = Self.srcset(picture.webp)
            let shown = box.map { Self.fit(largest.width, largest.height, into: $0) } ?? (width: largest.width, height: largest.height)
            return PictureView(src: .link(fallback.path), webp: webp.pieces.isEmpty ? nil : webp, size: shown, alt: alt)
        }
    }

    /// A processed picture of `Content/` where a Markdown image was: a `<picture>` with the
    /// WebP files, the JPEG, the size it is shown at within 40rem (640 px) and the image's
    /// alt text and title, its links from the page of `links`.
    static func html(_ picture: ProcessedPicture, alt: String, title: String, links: Relativiser) -> String {
        guard let fallback = picture.fallback, let largest = picture.largest else { return "" }
        let shown = fit(largest.width, largest.height, into: (640, 100_000))
        let webp = srcset(picture.webp).written(after: links.base)
        var html = "<picture>"
        if !webp.isEmpty { html += "<source type=\"image/webp\" srcset=\"\(webp)\" sizes=\"(max-width: 44rem) 100vw, 40rem\">" }
        html += "<img src=\"\(links.link(fallback.path))\" alt=\"\(HTMLEscaping.escape(alt))\""
        if !title.isEmpty { html += " title=\"\(HTMLEscaping.escape(title))\"" }
        html += " width=\"\(shown.width)\" height=\"\(shown.height)\" loading=\"lazy\" decoding=\"async\"></picture>"
        return html
    }

    /// `a.webp 64w, b.webp 128w`, each path from the site's root.
    private static func srcset(_ files: [ProcessedPicture.File]) -> LinkText {
        var pieces: [LinkText.Piece] = []
        for (index, file) in files.enumerated() {
            pieces += [.path(file.path), .text(" \(file.width)w" + (index < files.count - 1 ? ", " : ""))]
        }
        return LinkText(pieces)
    }

    /// `width` × `height` shrunk (never enlarged) to fit `box`, proportions kept, at least 1 × 1.
    static func fit(_ width: Int, _ height: Int, into box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let scale = min(1, Double(box.width) / Double(max(width, 1)), Double(box.height) / Double(max(height, 1)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}

/// A picture as the templates show it (`avatar.mustache`, `figure.mustache` …): `src` (the
/// JPEG from the site's root, or the remote address), `webp` (a `srcset` of the WebP files,
/// or false), `width` and `height` (the size it is shown at, or false when not known), `alt`.
struct PictureView: TemplateView {
    let src: TemplateValue
    @OrFalse var webp: LinkText?
    @OrFalse var width: Int?
    @OrFalse var height: Int?
    let alt: String

    init(src: TemplateValue, webp: LinkText?, size: (width: Int, height: Int)?, alt: String) {
        self.src = src
        self.webp = webp
        width = size?.width
        height = size?.height
        self.alt = alt
    }

    /// No picture: a figure that keeps only its caption.
    static let hidden = PictureView(src: .bool(false), webp: nil, size: nil, alt: "")
}
