import Foundation

// NB: the errors are Foundation's `JSONDecoder`'s, case for case (`keyNotFound` with the
// container's path, `valueNotFound` and `typeMismatch` with the value's, the mismatched type
// `[Any]` for a list and `[String: Any]` for an object), so `PayloadError` names the field and
// the problem exactly as before; JSONTreeDecoderTests decodes the same bodies with both. Where
// Foundation on Linux answered "not valid JSON" without a path (a whole number sent as 1.5 or
// 1e30), this names the field. The wire types are made of text, numbers, booleans, lists and
// objects; `Date`, `Data`, `URL` and `Decimal` would decode by their own `Codable` shapes, not
// by Foundation's strategies, so no request type holds one.

/// Decodes `Decodable` values from a `JSONTree`.
package struct JSONTreeDecoder {
  /// Decodes `type` from `tree`; `userInfo` is what its `init(from:)` reads
  /// (`CodingUserInfoKey.checkedInput`).
  package static func decode<T: Decodable>(
    _ type: T.Type, from tree: JSONTree, userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws -> T {
    try T(from: TreeDecoder(tree: tree, path: nil, userInfo: userInfo))
  }
}

/// A coding path as a list from the innermost key: a nested value adds one node, and the array
/// Foundation's protocols ask for is built only when read (an error, mostly).
final class PathNode {
  let key: any CodingKey
  let parent: PathNode?

  init(_ key: any CodingKey, parent: PathNode?) {
    self.key = key
    self.parent = parent
  }

  static func keys(_ node: PathNode?) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    var node = node
    while let current = node {
      keys.append(current.key)
      node = current.parent
    }
    return keys.reversed()
  }
}

/// The key of a list's element: `[3]` in a path.
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

struct TreeDecoder: Decoder {
  let tree: JSONTree
  let path: PathNode?
  let userInfo: [CodingUserInfoKey: Any]

  var codingPath: [any CodingKey] { PathNode.keys(path) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = tree else {
      if case .null = tree { throw treeNullFound([String: Any].self, path) }
      throw treeMismatch([String: Any].self, tree, path)
    }
    return KeyedDecodingContainer(
      KeyedTreeContainer<Key>(members: members, path: path, userInfo: userInfo))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = tree else {
      if case .null = tree { throw treeNullFound([Any].self, path) }
      throw treeMismatch([Any].self, tree, path)
    }
    return UnkeyedTreeContainer(elements: elements, path: path, userInfo: userInfo)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleTreeContainer(tree: tree, path: path, userInfo: userInfo)
  }
}

// MARK: Values

/// `type` from `tree`, which is at `path`: a primitive read directly, anything else by its
/// `init(from:)`.
func treeValue<T: Decodable>(
  _ type: T.Type, _ tree: JSONTree, _ path: @autoclosure () -> PathNode?,
  _ userInfo: [CodingUserInfoKey: Any]
) throws -> T {
  switch T.self {
  case is String.Type: return try treeString(tree, path()) as! T
  case is Bool.Type: return try treeBool(tree, path()) as! T
  case is Double.Type: return try treeDouble(tree, path()) as! T
  case is Int.Type: return try treeInteger(Int.self, tree, path()) as! T
  default: return try T(from: TreeDecoder(tree: tree, path: path(), userInfo: userInfo))
  }
}

func treeMismatch(
  _ type: Any.Type, _ tree: JSONTree, _ path: @autoclosure () -> PathNode?
) -> DecodingError {
  .typeMismatch(
    type,
    .init(
      codingPath: PathNode.keys(path()),
      debugDescription: "Expected to decode \(type) but found \(tree.kind) instead."))
}

func treeNullFound(_ type: Any.Type, _ path: @autoclosure () -> PathNode?) -> DecodingError {
  .valueNotFound(
    type,
    .init(
      codingPath: PathNode.keys(path()),
      debugDescription: "Cannot get value of type \(type) -- found null value instead"))
}

// NB: a primitive's path is built only when it fails: most values decode, and a path node per
// value was a fifth of a day save's decoding.

func treeString(_ tree: JSONTree, _ path: @autoclosure () -> PathNode?) throws -> String {
  switch tree {
  case .string(let text): return text
  case .null: throw treeNullFound(String.self, path())
  default: throw treeMismatch(String.self, tree, path())
  }
}

/// A boolean; a null is a mismatch here, not a missing value, as Foundation has it.
func treeBool(_ tree: JSONTree, _ path: @autoclosure () -> PathNode?) throws -> Bool {
  guard case .bool(let flag) = tree else { throw treeMismatch(Bool.self, tree, path()) }
  return flag
}

func treeDouble(_ tree: JSONTree, _ path: @autoclosure () -> PathNode?) throws -> Double {
  switch tree {
  case .number(let number): return number.value
  case .null: throw treeNullFound(Double.self, path())
  default: throw treeMismatch(Double.self, tree, path())
  }
}

/// A whole number: its text read exactly, or a number such as `1.0` or `1e2` whose value is
/// whole; anything else (`1.5`, `1e30` for an `Int`) names the field.
func treeInteger<T: FixedWidthInteger>(
  _ type: T.Type, _ tree: JSONTree, _ path: @autoclosure () -> PathNode?
) throws -> T {
  switch tree {
  case .number(let number):
    if let whole = T(number.text) ?? T(exactly: number.value) { return whole }
    throw DecodingError.dataCorrupted(
      .init(
        codingPath: PathNode.keys(path()),
        debugDescription: number.value == number.value.rounded()
          ? "is out of range" : "is not a whole number"))
  case .null: throw treeNullFound(T.self, path())
  default: throw treeMismatch(T.self, tree, path())
  }
}
