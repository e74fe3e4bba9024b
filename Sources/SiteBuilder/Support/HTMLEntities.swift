/// The five entities ttsite's pages and cmark write (`&lt;` `&gt;` `&quot;` `&#39;` `&amp;`),
/// decoded in one pass over bytes: `&amp;lt;` stays `&lt;`, as a browser reads it.
enum HTMLEntities {
    static func decode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(bytes)
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        scan: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                for (name, character) in entities where bytes[index...].starts(with: name) {
                    text.append(character)
                    index += name.count
                    continue scan
                }
            }
            text.append(bytes[index])
            index += 1
        }
        return text
    }

    private static let entities: [(name: [UInt8], character: UInt8)] = [
        (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
        (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&#39;".utf8), UInt8(ascii: "'")),
        (Array("&amp;".utf8), UInt8(ascii: "&")),
    ]
}
