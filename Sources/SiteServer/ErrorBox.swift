import Foundation

/// The error a task ended with, kept for the thread or task that waits for it.
final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    var error: (any Error)? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
