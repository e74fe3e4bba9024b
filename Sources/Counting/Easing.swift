/// How a counter moves from its first value to its last: the seed's curves.
///
/// Each curve maps the elapsed share of the duration, `t` in 0…1, to the share of the way
/// from `from` to `to`. Every curve starts at 0 and ends at exactly 1. The cubes are
/// written as products (`t * t * t`, not `pow`), and `counter.js` writes them the same way,
/// so the page's curves and these agree to the last bit.
public enum Easing: String, CaseIterable, Hashable, Sendable, Codable {
    /// The seed's default, "no effect": the same straight line as `linear`
    /// (ttsite keeps the seed's behaviour rather than jumping to the end).
    case none
    /// t
    case linear
    /// t³: starts slowly.
    case easeIn
    /// 1 − (1 − t)³: ends slowly.
    case easeOut
    /// 4t³ before the middle, (t − 1)(2t − 2)² + 1 after: slow at both ends.
    case easeInOut

    /// The share of the way covered after the share `t` of the duration (clamped to 0…1).
    public func progress(_ t: Double) -> Double {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        switch self {
        case .none, .linear:
            return t
        case .easeIn:
            return t * t * t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            return t < 0.5 ? 4 * t * t * t : (t - 1) * (2 * t - 2) * (2 * t - 2) + 1
        }
    }
}
