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
private final class PathNode {
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
private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

private struct TreeDecoder: Decoder {
  let tree: JSONTree
  let path: PathNode?
  let userInfo: [CodingUserInfoKey: Any]

  var codingPath: [any CodingKey] { PathNode.keys(path) }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = tree else {
      if case .null = tree { throw nullFound([String: Any].self, path) }
      throw mismatch([String: Any].self, tree, path)
    }
    return KeyedDecodingContainer(
      KeyedTreeContainer<Key>(members: members, path: path, userInfo: userInfo))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = tree else {
      if case .null = tree { throw nullFound([Any].self, path) }
      throw mismatch([Any].self, tree, path)
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
private func value<T: Decodable>(
  _ type: T.Type, _ tree: JSONTree, _ path: @autoclosure () -> PathNode?,
  _ userInfo: [CodingUserInfoKey: Any]
) throws -> T {
  switch T.self {
  case is String.Type: return try string(tree, path()) as! T
  case is Bool.Type: return try bool(tree, path()) as! T
  case is Double.Type: return try double(tree, path()) as! T
  case is Int.Type: return try integer(Int.self, tree, path()) as! T
  default: return try T(from: TreeDecoder(tree: tree, path: path(), userInfo: userInfo))
  }
}

private func mismatch(
  _ type: Any.Type, _ tree: JSONTree, _ path: @autoclosure () -> PathNode?
) -> DecodingError {
  .typeMismatch(
    type,
    .init(
      codingPath: PathNode.keys(path()),
      debugDescription: "Expected to decode \(type) but found \(tree.kind) instead."))
}

private func nullFound(_ type: Any.Type, _ path: @autoclosure () -> PathNode?) -> DecodingError {
  .valueNotFound(
    type,
    .init(
      codingPath: PathNode.keys(path()),
      debugDescription: "Cannot get value of type \(type) -- found null value instead"))
}

// NB: a primitive's path is built only when it fails: most values decode, and a path node per
// value was a fifth of a day save's decoding.

private func string(_ tree: JSONTree, _ path: @autoclosure () -> PathNode?) throws -> String {
  switch tree {
  case .string(let text): return text
  case .null: throw nullFound(String.self, path())
  default: throw mismatch(String.self, tree, path())
  }
}

/// A boolean; a null is a mismatch here, not a missing value, as Foundation has it.
private func bool(_ tree: JSONTree, _ path: @autoclosure () -> PathNode?) throws -> Bool {
  guard case .bool(let flag) = tree else { throw mismatch(Bool.self, tree, path()) }
  return flag
}

private func double(_ tree: JSONTree, _ path: @autoclosure () -> PathNode?) throws -> Double {
  switch tree {
  case .number(let number): return number.value
  case .null: throw nullFound(Double.self, path())
  default: throw mismatch(Double.self, tree, path())
  }
}

/// A whole number: its text read exactly, or a number such as `1.0` or `1e2` whose value is
/// whole; anything else (`1.5`, `1e30` for an `Int`) names the field.
private func integer<T: FixedWidthInteger>(
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
  case .null: throw nullFound(T.self, path())
  default: throw mismatch(T.self, tree, path())
  }
}

// MARK: Containers

/// An object's members as a keyed container reads them, shared by the container's copies.
private final class ObjectMembers {
  let members: [JSONTree.Member]
  let path: PathNode?
  let userInfo: [CodingUserInfoKey: Any]
  /// The member found last, and where the next look-up starts: members are mostly read in the
  /// order they were sent (a map decoded by its keys always is), each one up to three times
  /// (`decodeOptional` asks whether it is there, whether it is null, then decodes it).
  private var last = -1
  private var next = 0
  /// Member indexes by name, built the first time a long object is read out of order.
  private var index: [String: Int]?

  init(_ members: [JSONTree.Member], path: PathNode?, userInfo: [CodingUserInfoKey: Any]) {
    self.members = members
    self.path = path
    self.userInfo = userInfo
  }

  /// The member named `name`, or `nil`.
  func value(_ name: String) -> JSONTree? {
    if last >= 0, members[last].name == name { return members[last].value }
    if next < members.count, members[next].name == name {
      last = next
      next += 1
      return members[last].value
    }
    let found: Int?
    if members.count <= 12 {
      found = members.firstIndex { $0.name == name }
    } else {
      if index == nil {
        var built: [String: Int] = [:]
        built.reserveCapacity(members.count)
        for (offset, member) in members.enumerated() { built[member.name] = offset }
        index = built
      }
      found = index?[name]
    }
    guard let found else { return nil }
    last = found
    next = found + 1
    return members[found].value
  }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  private let object: ObjectMembers

  init(members: [JSONTree.Member], path: PathNode?, userInfo: [CodingUserInfoKey: Any]) {
    object = ObjectMembers(members, path: path, userInfo: userInfo)
  }

  private var path: PathNode? { object.path }
  private var userInfo: [CodingUserInfoKey: Any] { object.userInfo }

  var codingPath: [any CodingKey] { PathNode.keys(path) }

  var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.name) } }

  func contains(_ key: Key) -> Bool { member(key) != nil }

  private func member(_ key: Key) -> JSONTree? { object.value(key.stringValue) }

  private func required(_ key: Key) throws -> JSONTree {
    guard let tree = member(key) else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return tree
  }

  private func child(_ key: Key) -> PathNode { PathNode(key, parent: path) }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .null = try required(key) { return true }
    return false
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try bool(try required(key), child(key))
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try string(try required(key), child(key))
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try double(try required(key), child(key))
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try double(try required(key), child(key)))
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try integer(type, try required(key), child(key))
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try integer(type, try required(key), child(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try value(type, try required(key), child(key), userInfo)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try TreeDecoder(tree: try required(key), path: child(key), userInfo: userInfo)
      .container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try TreeDecoder(tree: try required(key), path: child(key), userInfo: userInfo)
      .unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    let key = SuperKey()
    return TreeDecoder(
      tree: object.value(key.stringValue) ?? .null, path: PathNode(key, parent: path),
      userInfo: userInfo)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    TreeDecoder(tree: member(key) ?? .null, path: child(key), userInfo: userInfo)
  }
}

/// The key `super`, as Foundation names a super decoder's.
private struct SuperKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
}

private struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
  let elements: [JSONTree]
  let path: PathNode?
  let userInfo: [CodingUserInfoKey: Any]
  private(set) var currentIndex = 0

  init(elements: [JSONTree], path: PathNode?, userInfo: [CodingUserInfoKey: Any]) {
    self.elements = elements
    self.path = path
    self.userInfo = userInfo
  }

  var codingPath: [any CodingKey] { PathNode.keys(path) }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// `valueNotFound` at the end of the list.
  private func atEnd(_ type: Any.Type) -> DecodingError {
    .valueNotFound(
      type,
      .init(
        codingPath: PathNode.keys(PathNode(IndexKey(currentIndex), parent: path)),
        debugDescription: "Unkeyed container is at end."))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { throw atEnd(Never.self) }
    guard case .null = elements[currentIndex] else { return false }
    currentIndex += 1
    return true
  }

  /// Reads the next element with `read`, which is given the element and a maker of its path.
  private mutating func read<T>(
    _ type: T.Type, _ read: (JSONTree, () -> PathNode) throws -> T
  ) throws -> T {
    guard !isAtEnd else { throw atEnd(type) }
    let (index, path) = (currentIndex, path)
    let result = try read(elements[index]) { PathNode(IndexKey(index), parent: path) }
    currentIndex += 1
    return result
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try bool($0, $1()) } }
  mutating func decode(_ type: String.Type) throws -> String {
    try read(type) { try string($0, $1()) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try read(type) { try double($0, $1()) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try read(type) { Float(try double($0, $1())) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try read(type) { try integer(type, $0, $1()) }
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let userInfo = userInfo
    return try read(type) { try value(type, $0, $1(), userInfo) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let userInfo = userInfo
    return try read(KeyedDecodingContainer<NestedKey>.self) {
      try TreeDecoder(tree: $0, path: $1(), userInfo: userInfo).container(keyedBy: type)
    }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let userInfo = userInfo
    return try read((any UnkeyedDecodingContainer).self) {
      try TreeDecoder(tree: $0, path: $1(), userInfo: userInfo).unkeyedContainer()
    }
  }

  mutating func superDecoder() throws -> any Decoder {
    let userInfo = userInfo
    return try read((any Decoder).self) { TreeDecoder(tree: $0, path: $1(), userInfo: userInfo) }
  }
}

private struct SingleTreeContainer: SingleValueDecodingContainer {
  let tree: JSONTree
  let path: PathNode?
  let userInfo: [CodingUserInfoKey: Any]

  var codingPath: [any CodingKey] { PathNode.keys(path) }

  func decodeNil() -> Bool {
    if case .null = tree { return true }
    return false
  }

  func decode(_ type: Bool.Type) throws -> Bool { try bool(tree, path) }
  func decode(_ type: String.Type) throws -> String { try string(tree, path) }
  func decode(_ type: Double.Type) throws -> Double { try double(tree, path) }
  func decode(_ type: Float.Type) throws -> Float { Float(try double(tree, path)) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type, tree, path) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type, tree, path) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type, tree, path) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type, tree, path) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type, tree, path) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type, tree, path) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type, tree, path) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type, tree, path) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type, tree, path) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type, tree, path) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try value(type, tree, path, userInfo)
  }
}
