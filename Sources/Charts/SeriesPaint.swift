extension Chart {
    /// A series' colour where its style's place in the palette would not do: a colour of the
    /// author's own (a CSS hex colour, and one for dark mode), or grey, for the series a chart
    /// does not highlight. The style still gives its dash, marker and fill pattern.
    public enum Paint: Sendable, Equatable {
        case custom(light: String, dark: String?)
        case muted
    }

    /// A colour for marks besides a series' own (the bars below zero): a style's place in the
    /// palette, or a paint of its own.
    public struct Ink: Sendable, Equatable {
        public var style: Int
        public var paint: Paint?

        public init(style: Int, paint: Paint? = nil) {
            self.style = style
            self.paint = paint
        }
    }

    /// The palette's colours by name, in the order of the styles (Okabe–Ito's names).
    public static let paletteNames = ["blue", "vermilion", "green", "purple", "orange", "sky", "grey", "yellow"]
    /// The palette for dark mode (the default style's `--chart-N` there), each 3:1 or more
    /// against its background.
    public static let darkPalette = ["#56B4E9", "#FF8A3D", "#3BC49A", "#E08CC0", "#E69F00", "#8FC3F0", "#D9D9D9", "#F0E442"]
    /// Grey, behind a highlighted series: the page's CSS sets `--chart-muted` for light and dark.
    static let mutedColor = "#8C8C8C"

    /// The paint of series `index`, where it has one.
    func paint(of index: Int) -> Paint? { series[safe: index]?.paint }

    /// The id suffix of series `index`'s fill pattern: a series of its own paint has a
    /// pattern of its own, in its colour; the others share their style's.
    func patternSuffix(of index: Int) -> String {
        paint(of: index) == nil ? "" : "-" + String(index + 1)
    }
}

extension SVGWriter {
    /// ` class="series sN" color="…"` (and the class `also`), with `custom` or `muted` and the colours CSS reads
    /// (`--custom`, `--custom-dark`) for a paint of its own. The `color` attribute is what a
    /// chart outside a page (its PNG) is drawn in; a page's CSS sets the class's colour.
    mutating func seriesColor(style: Int, paint: Chart.Paint?, also: String? = nil) {
        raw(#" class="series s"#)
        raw(String(style % Chart.styles + 1))
        if let also {
            raw(" ")
            raw(also)
        }
        switch paint {
        case nil:
            raw(#"" color=""#)
            raw(Chart.palette[style % Chart.styles])
            raw(#"""#)
        case .muted:
            raw(#" muted" color=""#)
            raw(Chart.mutedColor)
            raw(#"""#)
        case .custom(let light, let dark)?:
            raw(#" custom" color=""#)
            text(light)
            raw(#"" style="--custom:"#)
            text(light)
            if let dark {
                raw(";--custom-dark:")
                text(dark)
            }
            raw(#"""#)
        }
    }
}

/// A text written on the marks: where it stands, and which of its ends is there.
struct MarkText {
    let text: String
    let x, y: Double
    let anchor: String
}

extension SVGWriter {
    /// `texts` on the marks in a group of class `name`, each over a halo of the page's
    /// background: the same texts first, stroked and filled in the background's colour (the
    /// `halo` group, which the page's CSS colours; white in a file of its own), so that a line
    /// passing under one leaves it readable.
    mutating func haloed(_ texts: [MarkText], name: String, bold: Bool = false) {
        guard !texts.isEmpty else { return }
        let weight = bold ? #" font-weight="600""# : ""
        for group in [
            ##"<g class="halo" fill="#fff" stroke="#fff" stroke-width="2.5" stroke-linejoin="round""##, #"<g class=""# + name + #"""#,
        ] {
            raw(group)
            raw(weight)
            raw(">")
            for text in texts {
                raw("<text")
                xAttribute("x", text.x)
                attribute("y", text.y)
                anchor(text.anchor)
                raw(">")
                self.text(text.text)
                raw("</text>")
            }
            raw("</g>")
        }
    }
}
