/// How near one word is to another, for "did you mean …?" in messages about a misspelt key.
public enum Spelling {
    /// The candidate closest to `key` by edit distance, if it is within two edits.
    public static func nearest(_ key: String, among candidates: Set<String>) -> String? {
        candidates.map { ($0, distance(key, $0)) }
            .filter { $0.1 <= min(2, key.count - 1) }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// Edit distance over characters where swapping two neighbours is one edit (the optimal
    /// string alignment distance): `titel` is one edit from `title`.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
