extension StringProtocol {
    /// The parts of a path between its `/`s, empty ones left out: what
    /// `split(separator: "/")` gives, found byte by byte. A split by `Character` reads every
    /// grapheme cluster, about 7,000 instructions for a 20-byte path, and the build asks this
    /// of every page several times.
    public func pathParts() -> [SubSequence] {
        var parts: [SubSequence] = []
        var start = startIndex
        var index = startIndex
        while index != endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                if start != index { parts.append(self[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != endIndex { parts.append(self[start..<endIndex]) }
        return parts
    }
}

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The last part of a path, `pathParts().last` found from the end, byte by byte: `c` of
    /// `a/b/c` and of `a/b/c/`, nil for a path of no part (empty, or slashes alone).
    public var lastPathPart: SubSequence? {
        var end = endIndex
        while end != startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "/") {
            end = utf8.index(before: end)
        }
        guard end != startIndex else { return nil }
        var start = end
        while start != startIndex, utf8[utf8.index(before: start)] != UInt8(ascii: "/") {
            start = utf8.index(before: start)
        }
        return self[start..<end]
    }
}
