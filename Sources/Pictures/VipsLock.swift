#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock around libvips for the whole process. Pictures from outside are read under it
/// shared, any number at once; ttsite's own SVG is rendered under it exclusively, because
/// that unblocks libvips' SVG loader for a moment, and the block list is the process's:
/// while it is open, no downloaded byte may reach libvips (`ImageProcessor.renderSVG`).
final class VipsLock: @unchecked Sendable {
    static let shared = VipsLock()

    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    private init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    /// `body` while no SVG can be loaded (other readers may run).
    func reading<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    /// `body` while nothing else uses libvips.
    func alone<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }
}
