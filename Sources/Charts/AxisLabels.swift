/// Ticks whose labels do not overlap: the most ticks, asking for `count` and then fewer, whose
/// labels leave at least a gap between neighbours along the axis. A label's size is estimated
/// from its characters (no font is measured at build time): about 0.6 em a character across
/// (digits and most letters of a sans-serif font are narrower), one line high.
public enum AxisLabels {
    /// The estimated width of `label` in a font of `size`.
    public static func width(_ label: String, size: Double) -> Double {
        Double(label.count) * size * 0.6
    }

    /// Ticks of `scale` for an axis along x: each label centred on its tick, `gap` between two.
    public static func horizontal(_ scale: LinearScale, count: Double, size: Double, gap: Double, label: (Double) -> String) -> [Double] {
        fitting(scale, count: count, label: label) { first, second, firstLabel, secondLabel in
            abs(scale.position(of: second) - scale.position(of: first)) >= (width(firstLabel, size: size) + width(secondLabel, size: size)) / 2 + gap
        }
    }

    /// Ticks of `scale` for an axis along y: one line of text each, `gap` between two.
    public static func vertical(_ scale: LinearScale, count: Double, size: Double, gap: Double) -> [Double] {
        fitting(scale, count: count, label: { _ in "" }) { first, second, _, _ in
            abs(scale.position(of: second) - scale.position(of: first)) >= size + gap
        }
    }

    /// The ticks for the largest count from `count` down whose neighbours all `fit`; one tick
    /// when no count gives labels that fit.
    static func fitting(_ scale: LinearScale, count: Double, label: (Double) -> String,
                        fit: (Double, Double, String, String) -> Bool) -> [Double] {
        var wanted = count.rounded(.down)
        while wanted >= 1 {
            let ticks = scale.ticks(count: wanted)
            let labels = ticks.map(label)
            if ticks.count < 2 || zip(ticks.indices.dropLast(), ticks.indices.dropFirst()).allSatisfy({ fit(ticks[$0], ticks[$1], labels[$0], labels[$1]) }) {
                return ticks
            }
            wanted -= 1
        }
        return Array(scale.ticks(count: 1).prefix(1))
    }
}
