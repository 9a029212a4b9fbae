// NB: docs/decisions/wire-types-shared-by-the-app-and-the-server.md "Wire types: one field list",
// "Lists that default to empty": a list a sender may leave out or send as `null` is read as empty
// by this one wrapper, so a type needs no hand-written `init(from:)` for it; the rest of its
// members keep `Codable`'s synthesized reading (an optional absent or `null` is `nil`, as
// `decodeOptional` reads it).

/// A list that decodes as empty when its member is absent or `null`, and encodes as the list it
/// holds (an empty one as `[]`), exactly as a plain `[Element]` member.
@propertyWrapper
public struct DefaultEmpty<Element> {
  public var wrappedValue: [Element]

  public init(wrappedValue: [Element]) {
    self.wrappedValue = wrappedValue
  }
}

extension DefaultEmpty: Equatable where Element: Equatable {}
extension DefaultEmpty: Hashable where Element: Hashable {}
extension DefaultEmpty: Sendable where Element: Sendable {}

extension DefaultEmpty: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension DefaultEmpty: Decodable where Element: Decodable {
  public init(from decoder: any Decoder) throws {
    wrappedValue = try [Element](from: decoder)
  }
}

extension KeyedDecodingContainer {
  /// The synthesized `init(from:)`'s reading of a `@DefaultEmpty` member: absent or `null` is
  /// empty (`decodeList`).
  public func decode<Element: Decodable>(
    _: DefaultEmpty<Element>.Type, forKey key: Key
  ) throws -> DefaultEmpty<Element> {
    DefaultEmpty(wrappedValue: try decodeList(Element.self, forKey: key))
  }
}
