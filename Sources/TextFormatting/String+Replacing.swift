extension String {
    /// `self` with every occurrence of `target` replaced by `replacement`, compared byte for
    /// byte in UTF-8, left to right, without overlaps. For the short keys of formats and
    /// labels (`<VALUE>`, `<AGE>`): the standard library's `replacing` and Foundation's
    /// `replacingOccurrences` cost tens of thousands of instructions per call, and these
    /// run for every date on every page.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        let key = Array(target.utf8)
        guard !key.isEmpty, bytes.count >= key.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + replacement.utf8.count)
        var index = 0
        var found = false
        while index < bytes.count {
            if bytes[index] == key[0], index + key.count <= bytes.count, bytes[index..<index + key.count].elementsEqual(key) {
                result += replacement.utf8
                index += key.count
                found = true
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return found ? String(decoding: result, as: UTF8.self) : self
    }
}
