import Foundation

/// Batches of rows handed from the receiving thread to the storing one, at most `capacity`
/// waiting: the receiver waits while the queue is full, the taker while it is empty, and
/// each is woken only when the other changed that. A server's rows arrive so (PostgreSQL's,
/// MySQL's), and `Failure` is its client's error.
public final class BatchQueue<Failure: Error>: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [RowBatch] = []
    /// Batches the taker is done with, kept for the receiver to fill again: their arrays keep
    /// their room, so a million rows do not map, fault in and unmap a new batch's memory each
    /// 4,096 rows (batches are above the allocator's mapping threshold).
    private var spare: [RowBatch] = []
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

    /// A batch to fill: an empty one the taker gave back, its room kept, or a new one.
    public func emptyBatch() -> RowBatch {
        condition.lock()
        var batch = spare.popLast()
        condition.unlock()
        guard batch != nil else { return RowBatch() }
        batch!.removeAll()
        return batch!
    }

    /// The taker is done with `batch`: the receiver may fill it again. Given as the only
    /// reference (`consume`), so that it is refilled in place.
    public func giveBack(_ batch: consuming RowBatch) {
        condition.lock()
        if spare.count < capacity { spare.append(batch) }
        condition.unlock()
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
