extension BinaryInteger {
    /// The integer with a comma between each group of three digits, as messages write counts
    /// and sizes: `50,000,000`, `-1,024`. Pages write numbers in their language instead
    /// (`NumberPattern`).
    public var groupedForMessages: String {
        let digits = String(magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return self < 0 ? "-" + text : text
    }
}
