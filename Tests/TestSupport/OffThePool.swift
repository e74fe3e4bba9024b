import Foundation

/// Runs blocking `work` on a thread of its own and suspends until it returns.
///
/// Swift Testing runs every test, synchronous or not, on Swift's cooperative thread pool,
/// which has one thread per core: two on a small CI machine. A test that blocks one of them
/// (waiting for a process, a socket or a sleep) stalls every other test of the process until
/// it returns, and their time limits run out meanwhile.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
