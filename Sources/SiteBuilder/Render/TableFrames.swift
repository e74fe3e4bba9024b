import Foundation

/// Table blocks rendered once around a marker where their rows go, by frame
/// (`TableBlockView.Frame`): the bytes before the rows and after them, and the links the
/// render wrote (told again to each page that uses the frame). Filled and read from the
/// threads that render pages.
final class TableFrames: @unchecked Sendable {
    typealias Known = (before: [UInt8], after: [UInt8], links: [String])

    private let lock = NSLock()
    private var frames: [TableBlockView.Frame: Known] = [:]

    /// Written as the rows of the first render of a frame: a NUL byte, which no template
    /// writes and HTML escaping keeps, on either side.
    static let marker = Array("\u{0}ttsite-table-rows\u{0}".utf8)

    subscript(frame: TableBlockView.Frame) -> Known? {
        get { lock.withLock { frames[frame] } }
        set { lock.withLock { frames[frame] = newValue } }
    }

    /// A render's bytes before and after the marker; nil unless it is there exactly once.
    static func split(_ bytes: [UInt8]) -> (before: [UInt8], after: [UInt8])? {
        var found: Int?
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index] == 0, bytes[index..<index + marker.count].elementsEqual(marker) {
                guard found == nil else { return nil }
                found = index
                index += marker.count
            } else {
                index += 1
            }
        }
        guard let found else { return nil }
        return (Array(bytes[..<found]), Array(bytes[(found + marker.count)...]))
    }
}
