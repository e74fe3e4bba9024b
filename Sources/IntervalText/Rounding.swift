import Foundation

/// How a count such as 2.7 days becomes the number shown.
///
/// The default, `.truncate`, is the seed's behaviour: only complete units count
/// (2.7 days read "2 days"). `.halfUp` rounds to the nearest (2.5 → 3). Either keeps
/// `fractionDigits` decimals ("2.5 years" with one digit); trailing zeros are dropped,
/// so 1.0 reads "1".
public struct Rounding: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable, Codable {
        /// Towards zero: only complete units count.
        case truncate
        /// To the nearest; halves away from zero.
        case halfUp = "half_up"
    }

    public var mode: Mode
    /// Decimals kept, 0…6.
    public var fractionDigits: Int

    public init(_ mode: Mode, fractionDigits: Int = 0) {
        self.mode = mode
        self.fractionDigits = min(max(fractionDigits, 0), 6)
    }

    /// Complete units only, no decimals: the seed's behaviour.
    public static let truncate = Rounding(.truncate)
    /// Nearest whole unit.
    public static let halfUp = Rounding(.halfUp)

    /// `value` rounded to `fractionDigits` decimals, keeping its sign.
    public func apply(to value: Double) -> Double {
        guard value.isFinite else { return value }
        let scale = pow(10, Double(fractionDigits))
        // The tolerance keeps 0.29 * 100 = 28.999… from truncating to 28.
        let scaled = abs(value) * scale + 1e-9
        let rounded: Double
        switch mode {
        case .truncate: rounded = scaled.rounded(.down)
        case .halfUp: rounded = (scaled + 0.5).rounded(.down)
        }
        let result = rounded / scale
        return value < 0 ? -result : result
    }
}
