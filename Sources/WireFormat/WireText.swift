// NB: docs/decisions/wire-types-shared-by-the-app-and-the-server.md "Members read leniently,
// declared on the member": free text that a sender may send as a string or a number is read by
// this one wrapper (`decodeText`), so a type needs no hand-written `init(from:)` for it.

/// Text a sender may send as a string or a number (`60` reads as `"60"`, `57.5` as `"57.5"`);
/// anything else is refused naming the member.
///
/// The member's type says what absence is: a `String?` member is `nil` when absent or `null`
/// and is left out when written as `nil`, as a plain optional member is; a `String` member must
/// be there (absent or `null` is refused as missing) and is always written.
@propertyWrapper
public struct WireText<Value: WireTextValue>: Hashable, Sendable {
  public var wrappedValue: Value

  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }
}

/// What a `@WireText` member holds: `String` (required) or `String?` (optional).
public protocol WireTextValue: Hashable, Sendable {
  /// The member's value for `text` read from the wire (`nil` when absent or `null`); a required
  /// member throws `missing` for `nil`.
  static func fromText(_ text: String?, missing: @autoclosure () -> DecodingError) throws -> Self
  /// The text to write; `nil` leaves the member out.
  var writtenText: String? { get }
}

extension String: WireTextValue {
  public static func fromText(
    _ text: String?, missing: @autoclosure () -> DecodingError
  ) throws
    -> String
  {
    guard let text else { throw missing() }
    return text
  }

  public var writtenText: String? { self }
}

extension Optional: WireTextValue where Wrapped == String {
  public static func fromText(
    _ text: String?, missing: @autoclosure () -> DecodingError
  ) throws
    -> String?
  {
    text
  }

  public var writtenText: String? { self }
}

extension WireText: Encodable {
  /// Writes the text as a plain `String` or `String?` is written (`null` for `nil`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let text = wrappedValue.writtenText {
      try container.encode(text)
    } else {
      try container.encodeNil()
    }
  }
}

extension WireText: Decodable {
  /// Reads a lone value as a `@WireText` member is read: a string, or a number as its shortest
  /// decimal text; `null` is `nil`, or refused where the text is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decodeText()
    wrappedValue = try Value.fromText(
      text,
      missing: .valueNotFound(
        String.self, .init(codingPath: decoder.codingPath, debugDescription: "is null")))
  }
}

extension SingleValueDecodingContainer {
  /// Text sent as a string or a number, as `KeyedDecodingContainer.decodeText` reads a member;
  /// `nil` for `null`.
  func decodeText() throws -> String? {
    if decodeNil() { return nil }
    if let text = try? decode(String.self) { return text }
    if let whole = try? decode(Int.self) { return String(whole) }
    if let number = try? decode(Double.self), number.isFinite { return WireNumber.text(number) }
    throw DecodingError.typeMismatch(
      String.self, .init(codingPath: codingPath, debugDescription: "Expected text or a number."))
  }
}

extension KeyedDecodingContainer {
  /// The synthesized `init(from:)`'s reading of a `@WireText` member: a string or a number
  /// (`decodeText`).
  public func decode<Value>(_: WireText<Value>.Type, forKey key: Key) throws -> WireText<Value> {
    WireText(
      wrappedValue: try Value.fromText(
        try decodeText(forKey: key),
        missing: .keyNotFound(key, .init(codingPath: codingPath, debugDescription: "is missing"))))
  }
}

extension KeyedEncodingContainer {
  /// The synthesized `encode(to:)`'s writing of a `@WireText` member: as the plain member is
  /// written, an optional left out when `nil`.
  public mutating func encode<Value>(_ value: WireText<Value>, forKey key: Key) throws {
    try encodeIfPresent(value.wrappedValue.writtenText, forKey: key)
  }
}
