import Foundation
import OrderedCollections

/// `Array` ⇄ `Set` ⇄ `OrderedSet` (swift-collections), element by element.
///
///     let tags: OrderedSet<String> = try CollectionTransformer().transform(["a", "b", "a"])
///
/// An array becomes a set only when every element is of the set's element type; duplicates
/// merge (an `OrderedSet` keeps the first). A `Set` becomes an array in unspecified order.
public struct CollectionTransformer: ValueTransforming {
    public let name = "collection"

    public init() {}

    static func isCollection(_ type: Any.Type) -> Bool {
        type is any ArrayType.Type || type is any SetType.Type || type is any OrderedSetType.Type
    }

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        Self.isCollection(source) && Self.isCollection(destination)
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        guard let target = destination as? any RuntimeCollection.Type else { throw .unsupported(value, to: destination, by: name) }
        guard let collection = value as? any RuntimeCollection else {
            throw .badInput(value, for: destination, "expected an array, a set or an ordered set")
        }
        guard let result = target.make(from: collection.anyElements) else {
            throw .badInput(value, for: destination, "an element is not \(TypeName.noun(target.elementType))")
        }
        return result
    }
}

/// A single value → a collection holding it: `"a"` → `["a"]`, `Set(["a"])`, `OrderedSet(["a"])`.
/// Useful for fields that an API sends as one value or as a list.
public struct SingleValueToCollectionTransformer: ValueTransforming {
    public let name = "single value to collection"

    public init() {}

    public func canTransform(from source: Any.Type, to destination: Any.Type) -> Bool {
        guard !CollectionTransformer.isCollection(source), !(source is NSNull.Type),
            let target = destination as? any RuntimeCollection.Type
        else { return false }
        let element = target.elementType
        return element == Any.self || element == AnyHashable.self || source == element
    }

    public func transformValue(_ value: Any, to destination: Any.Type) throws(TransformationError) -> Any {
        guard let target = destination as? any RuntimeCollection.Type else { throw .unsupported(value, to: destination, by: name) }
        guard !(value is any RuntimeCollection), let result = target.make(from: [value]) else {
            throw .badInput(value, for: destination, "it is not \(TypeName.noun(target.elementType))")
        }
        return result
    }
}
