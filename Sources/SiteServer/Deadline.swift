import Foundation

/// The error of an operation that did not finish in its time.
struct DeadlineExceeded: Error {}

/// Runs `operation`; after `seconds` it is cancelled and `DeadlineExceeded` thrown. The
/// operation must end when cancelled (socket reads and writes do).
func withDeadline<T: Sendable>(seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
        return value
    }
}
