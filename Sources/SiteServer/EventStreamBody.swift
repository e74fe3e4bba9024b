import FlyingSocks

/// An `AsyncStream` of byte chunks as the body of an HTTP response that stays open: FlyingFox's
/// `HTTPBodySequence(from:)` encodes it in chunks, and the preview sends one chunk per event,
/// as soon as it comes.
struct EventStreamBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let chunks: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator())
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var chunks: AsyncStream<[UInt8]>.Iterator
        var pending: ArraySlice<UInt8> = []

        mutating func next() async -> UInt8? {
            await nextBuffer(suggested: 1)?.first
        }

        /// Up to `count` bytes: the rest of the current event, or the next event.
        mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
            while pending.isEmpty {
                guard let chunk = await chunks.next() else { return nil }
                pending = chunk[...]
            }
            let taken = pending.prefix(Swift.max(1, count))
            pending = pending.dropFirst(taken.count)
            return taken
        }
    }
}
