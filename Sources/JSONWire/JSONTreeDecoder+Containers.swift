import Foundation

// The containers `TreeDecoder` hands out (JSONTreeDecoder.swift): an object's members, a list's
// elements, one value.

// MARK: Containers

/// An object's members as a keyed container reads them, shared by the container's copies.
final class ObjectMembers {
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

struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
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
    try treeBool(try required(key), child(key))
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try treeString(try required(key), child(key))
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try treeDouble(try required(key), child(key))
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try treeDouble(try required(key), child(key)))
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try treeInteger(type, try required(key), child(key))
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try treeInteger(type, try required(key), child(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try treeValue(type, try required(key), child(key), userInfo)
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
struct SuperKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
}

struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
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

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try read(type) { try treeBool($0, $1()) }
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try read(type) { try treeString($0, $1()) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try read(type) { try treeDouble($0, $1()) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try read(type) { Float(try treeDouble($0, $1())) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try read(type) { try treeInteger(type, $0, $1()) }
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let userInfo = userInfo
    return try read(type) { try treeValue(type, $0, $1(), userInfo) }
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

struct SingleTreeContainer: SingleValueDecodingContainer {
  let tree: JSONTree
  let path: PathNode?
  let userInfo: [CodingUserInfoKey: Any]

  var codingPath: [any CodingKey] { PathNode.keys(path) }

  func decodeNil() -> Bool {
    if case .null = tree { return true }
    return false
  }

  func decode(_ type: Bool.Type) throws -> Bool { try treeBool(tree, path) }
  func decode(_ type: String.Type) throws -> String { try treeString(tree, path) }
  func decode(_ type: Double.Type) throws -> Double { try treeDouble(tree, path) }
  func decode(_ type: Float.Type) throws -> Float { Float(try treeDouble(tree, path)) }
  func decode(_ type: Int.Type) throws -> Int { try treeInteger(type, tree, path) }
  func decode(_ type: Int8.Type) throws -> Int8 { try treeInteger(type, tree, path) }
  func decode(_ type: Int16.Type) throws -> Int16 { try treeInteger(type, tree, path) }
  func decode(_ type: Int32.Type) throws -> Int32 { try treeInteger(type, tree, path) }
  func decode(_ type: Int64.Type) throws -> Int64 { try treeInteger(type, tree, path) }
  func decode(_ type: UInt.Type) throws -> UInt { try treeInteger(type, tree, path) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try treeInteger(type, tree, path) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try treeInteger(type, tree, path) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try treeInteger(type, tree, path) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try treeInteger(type, tree, path) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try treeValue(type, tree, path, userInfo)
  }
}
