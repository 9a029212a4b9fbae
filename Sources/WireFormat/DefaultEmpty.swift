// NB: docs/decisions/wire-types-shared-by-the-app-and-the-server.md "Wire types: one field list",
// "Lists that default to empty" and "Members read leniently, declared on the member": a list or a
// map a sender may leave out or send as `null` is read as empty by this one wrapper, so a type
// needs no hand-written `init(from:)` for it; the rest of its members keep `Codable`'s synthesized
// reading (an optional absent or `null` is `nil`, as `decodeOptional` reads it).

/// A list or a map that decodes as empty when its member is absent or `null`, and encodes as the
/// value it holds (an empty one as `[]` or `{}`), exactly as a plain member of its type.
@propertyWrapper
public struct DefaultEmpty<Value: EmptyByDefault> {
  public var wrappedValue: Value

  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

/// A wire value with an empty form that an absent or `null` member reads as: a list or a map.
public protocol EmptyByDefault {
  /// The empty value.
  init()
}

extension Array: EmptyByDefault {}
extension Dictionary: EmptyByDefault {}

extension DefaultEmpty: Equatable where Value: Equatable {}
extension DefaultEmpty: Hashable where Value: Hashable {}
extension DefaultEmpty: Sendable where Value: Sendable {}

extension DefaultEmpty: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension DefaultEmpty: Decodable where Value: Decodable {
  public init(from decoder: any Decoder) throws {
    wrappedValue = try Value(from: decoder)
  }
}

extension KeyedDecodingContainer {
  /// The synthesized `init(from:)`'s reading of a `@DefaultEmpty` member: absent or `null` is
  /// empty (`decodeList` for a list).
  public func decode<Value: Decodable>(
    _: DefaultEmpty<Value>.Type, forKey key: Key
  ) throws -> DefaultEmpty<Value> {
    DefaultEmpty(wrappedValue: try decodeOptional(Value.self, forKey: key) ?? Value())
  }
}
