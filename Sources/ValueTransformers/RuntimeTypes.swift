import Foundation
import OrderedCollections

// Transformers receive their destination as a runtime `Any.Type`. These protocols let them build
// an `Optional<Wrapped>`, an `Array<Element>`, a `Set<Element>` or an `OrderedSet<Element>` of
// whatever element type was asked for, without knowing it at compile time.

/// `Optional` of any wrapped type.
protocol OptionalType {
    static var noneValue: Any { get }
    var isNone: Bool { get }
    var wrappedValue: Any? { get }
}

extension Optional: OptionalType {
    static var noneValue: Any { Optional<Wrapped>.none as Any }
    var isNone: Bool { self == nil }
    var wrappedValue: Any? { self.map { $0 as Any } }
}

/// A collection whose elements can be read as `[Any]` and that can be built from `[Any]`.
protocol RuntimeCollection {
    var anyElements: [Any] { get }
    /// The collection of the given elements, or nil if one of them is not an `Element`.
    static func make(from elements: [Any]) -> Any?
    static var elementType: Any.Type { get }
}

protocol ArrayType: RuntimeCollection {}
protocol SetType: RuntimeCollection {}
protocol OrderedSetType: RuntimeCollection {}

extension Array: ArrayType {
    var anyElements: [Any] { map { $0 as Any } }
    static var elementType: Any.Type { Element.self }
    static func make(from elements: [Any]) -> Any? {
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let typed = element as? Element else { return nil }
            result.append(typed)
        }
        return result
    }
}

extension Set: SetType {
    var anyElements: [Any] { map { $0 as Any } }
    static var elementType: Any.Type { Element.self }
    static func make(from elements: [Any]) -> Any? {
        guard let array = Array<Element>.make(from: elements) as? [Element] else { return nil }
        return Set(array)
    }
}

extension OrderedSet: OrderedSetType {
    var anyElements: [Any] { map { $0 as Any } }
    static var elementType: Any.Type { Element.self }
    static func make(from elements: [Any]) -> Any? {
        guard let array = Array<Element>.make(from: elements) as? [Element] else { return nil }
        return OrderedSet(array)
    }
}

extension NSArray {
    var anyElements: [Any] { map { $0 as Any } }
}
