import Foundation

/// An ordered list of transformers acting as one: the first member that handles the type pair
/// and succeeds wins. When all fail, the error lists what each member said.
///
///     let dates = CompoundTransformer(name: "date", [
///         DateTransformer(ISO8601DateParser()),
///         UNIXTimeTransformer(),
///     ])
///     let date: Date = try dates.transform("1378767519.18176508")
///
/// A class, because members can be added and removed while it is shared; all access is
/// serialized by a lock, so it is safe to use from several tasks. Which members handle a
/// (source, destination) pair is cached until the members change.
public final class CompoundTransformer: ValueTransforming, @unchecked Sendable {
    public let name: String
    private let lock = NSLock()
    private var members: [any ValueTransforming]
    private var cache: [TypePair: [any ValueTransforming]] = [:]

    private struct TypePair: Hashable {
        let source: ObjectIdentifier
        let destination: ObjectIdentifier
    }

    /// A compound of `transformers`, the first having the highest priority.
    public init(name: String = "compound", _ transformers: [any ValueTransforming] = []) {
        self.name = name
        self.members = transformers
    }

    /// The members, in priority order.
    public var transformers: [any ValueTransforming] {
        lock.withLock { members }
    }

    /// Adds `transformer` with the lowest priority.
    public func add(_ transformer: any ValueTransforming) {
        lock.withLock {
            members.append(transformer)
            cache.removeAll()
        }
    }

    /// Inserts `transformer` at `priority`: 0 is tried first; larger values are clamped to the end.
    public func insert(_ transformer: any ValueTransforming, atPriority priority: Int) {
        lock.withLock {
            members.insert(transformer, at: max(0, min(priority, members.count)))
            cache.removeAll()
        }
    }

    /// Removes every member called `name`; returns whether there was one.
    @discardableResult
    public func remove(named name: String) -> Bool {
        lock.withLock {
            let before = members.count
            members.removeAll { $0.name == name }
            cache.removeAll()
            return members.count != before
        }
    }

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        !candidates(from: source, to: destination).isEmpty
    }

    /// The members that handle the pair, in order; looked up once per pair.
    private func candidates(from source: Any.Type, to destination: Any.Type) -> [any ValueTransforming] {
        let key = TypePair(source: ObjectIdentifier(source), destination: ObjectIdentifier(destination))
        return lock.withLock {
            if let cached = cache[key] { return cached }
            let found = members.filter { $0.canTransform(from: source, to: destination) }
            cache[key] = found
            return found
        }
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        let candidates = candidates(from: type(of: value), to: destination)
        guard !candidates.isEmpty else {
            throw TransformationError(
                .unsupportedDestination, input: value, destination: destination,
                message: "\(ValueDescription.describe(value)) is not \(TypeName.noun(destination)) "
                    + "(no \(name) transformer turns \(TypeName.noun(type(of: value))) into \(TypeName.noun(destination)))"
            )
        }
        var attempts: [TransformationError.Attempt] = []
        for candidate in candidates {
            do {
                return try candidate.transformValue(value, to: destination)
            } catch {
                attempts.append(.init(transformer: candidate.name, error: error))
            }
        }
        let allUnsupported = attempts.allSatisfy { $0.error.reason == .unsupportedDestination }
        let tried = attempts.map(\.transformer).joined(separator: ", ")
        throw TransformationError(
            allUnsupported ? .unsupportedDestination : .badInput, input: value, destination: destination,
            message: "\(ValueDescription.describe(value)) is not \(TypeName.noun(destination)) (tried: \(tried))",
            attempts: attempts
        )
    }
}
