/// Ticks whose labels do not overlap: the most ticks, asking for `count` and then fewer, whose
/// labels leave at least a gap between neighbours along the axis. A label's size is estimated
/// from its characters (no font is measured at build time): about 0.6 em a character across
/// (digits and most letters of a sans-serif font are narrower), one line high.
public enum AxisLabels {
    /// The estimated width of `label` in a font of `size`.
    public static func width(_ label: String, size: Double) -> Double {
        // Unicode scalars, counted by their UTF-8 lead bytes: as good an estimate as
        // characters for labels (digits, words), without breaking the text into graphemes.
        // A percent sign is half as wide again (0.9 em in DejaVu Sans and Helvetica alike):
        // "4.5%" counted as four characters overlapped its neighbour.
        var scalars = 0.0
        for byte in label.utf8 where byte & 0xC0 != 0x80 { scalars += byte == UInt8(ascii: "%") ? 1.5 : 1 }
        return scalars * size * 0.6
    }

    /// Ticks of `scale` for an axis along x: each label centred on its tick, `gap` between two.
    public static func horizontal(_ scale: LinearScale, count: Double, size: Double, gap: Double, label: (Double) -> String) -> [Double] {
        fitting(
            count: count, ticks: scale.ticks(count:), position: scale.position(of:), label: label,
            extent: { width($0, size: size) }, gap: gap
        ).map(\.tick)
    }

    /// Ticks of `scale` for an axis along y: one line of text each, `gap` between two.
    public static func vertical(_ scale: LinearScale, count: Double, size: Double, gap: Double) -> [Double] {
        fitting(
            count: count, ticks: scale.ticks(count:), position: scale.position(of:), label: { _ in "" },
            extent: { _ in size }, gap: gap
        ).map(\.tick)
    }

    /// The ticks (`ticks(count)`) for the largest count from `count` down whose labels, as a
    /// set (`labels`), read apart — no two neighbours alike — and, each `extent` long along
    /// the axis and centred on its tick's `position`, leave `gap` between neighbours; the
    /// first tick alone when no count does.
    public static func fitting(
        count: Double, ticks: (Double) -> [Double], position: (Double) -> Double?, labels: ([Double]) -> [String],
        extent: (String) -> Double, gap: Double
    ) -> [(tick: Double, label: String)] {
        var wanted = count.rounded(.down)
        while wanted >= 1 {
            let placed = ticks(wanted).compactMap { tick in position(tick).map { (tick: tick, at: $0) } }
            let texts = labels(placed.map(\.tick))
            let sizes = texts.map(extent)
            let apart = placed.indices.dropFirst().allSatisfy { index in
                texts[index] != texts[index - 1]
                    && abs(placed[index].at - placed[index - 1].at) >= (sizes[index] + sizes[index - 1]) / 2 + gap
            }
            if apart { return zip(placed, texts).map { ($0.tick, $1) } }
            wanted -= 1
        }
        return ticks(1).prefix(1).map { ($0, labels([$0]).first ?? "") }
    }

    /// The ticks (`ticks(count)`) for the largest count from `count` down whose neighbouring
    /// labels read apart and, each `extent` long along the axis and centred on its tick's
    /// `position`, leave `gap` between them; the first tick alone when no count does.
    public static func fitting<Tick>(
        count: Double, ticks: (Double) -> [Tick], position: (Tick) -> Double?, label: (Tick) -> String,
        extent: (String) -> Double, gap: Double
    ) -> [(tick: Tick, label: String)] {
        var wanted = count.rounded(.down)
        // Fewer ticks are mostly some of the same ones: each label is written and measured once.
        var written: [Double: (label: String, extent: Double)] = [:]
        func text(_ tick: Tick, at: Double) -> (label: String, extent: Double) {
            if let known = written[at] { return known }
            let made = label(tick)
            let measured = (label: made, extent: extent(made))
            written[at] = measured
            return measured
        }
        while wanted >= 1 {
            let labelled = ticks(wanted).compactMap { tick in position(tick).map { (tick: tick, label: text(tick, at: $0), at: $0) } }
            if zip(labelled.dropLast(), labelled.dropFirst()).allSatisfy({ a, b in
                a.label.label != b.label.label && abs(b.at - a.at) >= (a.label.extent + b.label.extent) / 2 + gap
            }) {
                return labelled.map { ($0.tick, $0.label.label) }
            }
            wanted -= 1
        }
        return ticks(1).prefix(1).map { ($0, label($0)) }
    }

    /// The categories of `band` whose labels are shown, the widest `widest` long along the
    /// axis: every one when they fit, else every second, third … from the first.
    static func thinned(_ band: BandScale, count: Int, widest: Double, gap: Double) -> [Int] {
        let step = abs(band.step)
        var every = 1
        while every < count && step * Double(every) < widest + gap { every += 1 }
        return Array(stride(from: 0, to: count, by: every))
    }

    /// The width of the widest of `labels` (`width(_:size:)`), measuring only those that
    /// could be wider than the widest so far: a label has no more characters than UTF-8
    /// bytes, whose count a string knows (500 dates are measured once, not 500 times).
    static func widest(_ labels: [String], size: Double) -> Double {
        var widest = 0.0
        for label in labels where Double(label.utf8.count) * size * 0.6 > widest {
            widest = max(widest, width(label, size: size))
        }
        return widest
    }
}
