import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` on every core, results in the same order as `self`. For independent, costly
    /// items (reading and parsing pages, building view models); `transform` must not touch
    /// shared mutable state. Each worker takes the next index, so uneven items balance out.
    /// `workers` replaces the number of cores, for work that mostly waits (downloads).
    func parallelMap<Result>(workers: Int? = nil, _ transform: @Sendable (Element) -> Result) -> [Result] {
        let workers = Swift.min(workers ?? ProcessInfo.processInfo.activeProcessorCount, count)
        guard workers > 1 else { return map(transform) }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let next = IndexCounter()
        nonisolated(unsafe) let slots = results
        self.withUnsafeBufferPointer { items in
            nonisolated(unsafe) let items = items
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let index = next.take(below: items.count) {
                    slots[index] = transform(items[index])
                }
            }
        }
        return results.map { $0! }
    }
}

/// Hands out 0, 1, 2 … to several threads.
private final class IndexCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}
