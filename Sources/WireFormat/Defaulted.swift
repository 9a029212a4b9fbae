// NB: docs/decisions/wire-types-shared-by-the-app-and-the-server.md "Members read leniently,
// declared on the member": a member a sender may leave out or send as `null`, that the type keeps
// as a plain value (an amount that is then 0, a flag that is then `false`, a unit that is then
// `g`), declares its fallback on the member, so a type needs no hand-written `init(from:)` for it.

/// A member that reads as `Fallback.value` when it is absent or `null`, and otherwise as
/// `Fallback` reads it (a plain `Decodable` value, or text sent as a string or a number for a
/// `TextFallback`). It encodes as the plain member: always written, as the value it holds.
@propertyWrapper
public struct Defaulted<Fallback: WireFallback> {
  public var wrappedValue: Fallback.Value

  public init(wrappedValue: Fallback.Value) {
    self.wrappedValue = wrappedValue
  }
}

/// The value a `@Defaulted` member takes when the sender leaves it out or sends `null`, and how
/// it is read otherwise.
public protocol WireFallback {
  associatedtype Value: Codable
  /// The member's value when it is absent or `null`.
  static var value: Value { get }
  /// Reads the member `key` of `container`; `nil` when it is absent or `null`.
  static func read<Key>(
    _ container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws
    -> Value?
}

extension WireFallback {
  /// Reads the member as a plain `Value` (`decodeOptional`).
  public static func read<Key>(
    _ container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws
    -> Value?
  {
    try container.decodeOptional(Value.self, forKey: key)
  }
}

/// A fallback for free text that a sender may send as a string or a number (`decodeText`).
public protocol TextFallback: WireFallback where Value == String {}

extension TextFallback {
  /// Reads the member as text sent as a string or a number (`decodeText`).
  public static func read<Key>(
    _ container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws
    -> String?
  {
    try container.decodeText(forKey: key)
  }
}

extension Defaulted: Equatable where Fallback.Value: Equatable {}
extension Defaulted: Hashable where Fallback.Value: Hashable {}
extension Defaulted: Sendable where Fallback.Value: Sendable {}

extension Defaulted: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Defaulted: Decodable {
  /// Reads a lone value as a plain `Value`; the fallback applies to members only.
  public init(from decoder: any Decoder) throws {
    wrappedValue = try Fallback.Value(from: decoder)
  }
}

extension KeyedDecodingContainer {
  /// The synthesized `init(from:)`'s reading of a `@Defaulted` member: absent or `null` is the
  /// fallback's value.
  public func decode<Fallback>(
    _: Defaulted<Fallback>.Type, forKey key: Key
  ) throws -> Defaulted<Fallback> {
    Defaulted(wrappedValue: try Fallback.read(self, forKey: key) ?? Fallback.value)
  }
}

// MARK: Fallbacks

/// An amount that is 0 when absent or `null`.
public enum ZeroAmount: WireFallback {
  public static var value: Double { 0 }
}

/// A flag that is `false` when absent or `null`.
public enum FalseFlag: WireFallback {
  public static var value: Bool { false }
}

/// Text that is empty when absent or `null`, and may be sent as a number.
public enum EmptyText: TextFallback {
  public static var value: String { "" }
}
