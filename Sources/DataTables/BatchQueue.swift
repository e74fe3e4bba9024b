import Foundation

/// Batches of rows handed from the receiving thread to the storing one, at most `capacity`
/// waiting: the receiver waits while the queue is full, the taker while it is empty, and
/// each is woken only when the other changed that. A server's rows arrive so (PostgreSQL's,
/// MySQL's), and `Failure` is its client's error.
public final class BatchQueue<Failure: Error>: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [RowBatch] = []
    private var end: Result<Void, Failure>?
    private var stopped = false
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds a batch, waiting for room; false when the taker has stopped.
    public func put(_ batch: RowBatch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity, !stopped { condition.wait() }
        guard !stopped else { return false }
        batches.append(batch)
        if batches.count == 1 { condition.broadcast() }
        return true
    }

    /// The end of the rows: all of them given, or the error that ended them.
    public func finish(_ outcome: Result<Void, Failure>) {
        condition.lock()
        end = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; nil after the last; the receiver's error when it failed.
    public func take() throws(Failure) -> RowBatch? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty, end == nil { condition.wait() }
        if !batches.isEmpty {
            if batches.count == capacity { condition.broadcast() }
            return batches.removeFirst()
        }
        try end!.get()
        return nil
    }

    /// The taker wants no more: a waiting receiver stops.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
