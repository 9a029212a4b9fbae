import Foundation

// NB: docs/architecture.md, "Wire compatibility": unknown fields are ignored, missing optional
// fields decode to defaults, and a malformed payload is a typed error that names the field. Coaches
// type free text, and older servers sent some of these fields as numbers, so text fields accept a
// JSON number too and keep it as its shortest decimal string.

extension CodingUserInfoKey {
  /// Set to `true` in a decoder's `userInfo` to read input from outside as the server checks what
  /// it is sent and what it stored: amounts (kcal, protein, carbs, fat) within
  /// ±`MacrosDto.maximumAmount`, and a replacement's `eaten` true or false. The app reads its own
  /// files and the server's answers without these checks
  /// (docs/decisions/wire-types-shared-by-the-app-and-the-server.md "One nutrition diary").
  public static let checkedInput = CodingUserInfoKey(rawValue: "perform.checkedInput")!
}

extension Decoder {
  /// Whether this decoder reads input from outside with the server's checks
  /// (`CodingUserInfoKey.checkedInput`).
  package var checksInput: Bool { userInfo[.checkedInput] as? Bool == true }
}

extension KeyedDecodingContainer {
  /// Decodes free text that a server may send as a string or a number; `nil` when absent or null.
  public func decodeText(forKey key: Key) throws -> String? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    if let text = try? decode(String.self, forKey: key) { return text }
    if let whole = try? decode(Int.self, forKey: key) { return String(whole) }
    if let number = try? decode(Double.self, forKey: key), number.isFinite {
      return WireNumber.text(number)
    }
    throw DecodingError.typeMismatch(
      String.self,
      .init(codingPath: codingPath + [key], debugDescription: "Expected text or a number.")
    )
  }

  /// Decodes text that must be there (an id sent as a string or a number); absent or null is
  /// `keyNotFound` naming the field.
  public func decodeRequiredText(forKey key: Key) throws -> String {
    guard let text = try decodeText(forKey: key) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "is missing"))
    }
    return text
  }

  /// Decodes an optional value, treating absent and null alike.
  public func decodeOptional<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    return try decode(type, forKey: key)
  }

  /// Decodes an optional list: absent or null is empty.
  public func decodeList<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T] {
    try decodeOptional([T].self, forKey: key) ?? []
  }
}

/// Shortest decimal text of a wire number: `60`, `57.5`.
public enum WireNumber {
  /// Text for a finite number, without a trailing `.0`.
  public static func text(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
  }
}

/// A payload that could not be read, naming where and what.
public struct PayloadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Dotted path of the offending field, such as `plans[0].days[1].strength[2].exerciseId`.
  public var field: String
  /// What is wrong with it.
  public var problem: String

  public init(field: String, problem: String) {
    self.field = field
    self.problem = problem
  }

  /// Names the field of a `DecodingError`.
  public init(_ error: any Error) {
    guard let decodingError = error as? DecodingError else {
      self.init(field: "", problem: "\(error)")
      return
    }
    switch decodingError {
    case .keyNotFound(let key, let context):
      self.init(field: Self.path(context.codingPath + [key]), problem: "is missing")
    case .valueNotFound(_, let context):
      self.init(field: Self.path(context.codingPath), problem: "must not be null")
    case .typeMismatch(let type, let context):
      self.init(field: Self.path(context.codingPath), problem: "is not \(Self.describe(type))")
    case .dataCorrupted(let context):
      let underlying = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"]
      let detail = underlying.map { "\($0)" } ?? context.debugDescription
      self.init(
        field: Self.path(context.codingPath),
        problem: context.codingPath.isEmpty ? "is not valid JSON (\(detail))" : detail
      )
    @unknown default:
      self.init(field: "", problem: "\(decodingError)")
    }
  }

  public var description: String {
    field.isEmpty ? problem : "\(field) \(problem)"
  }

  static func path(_ keys: [any CodingKey]) -> String {
    var path = ""
    for key in keys {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return path.isEmpty ? "(document)" : path
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "text"
    case is Int.Type, is Double.Type: "a number"
    case is Bool.Type: "true or false"
    default:
      "\(type)".hasPrefix("Array") ? "a list" : "an object"
    }
  }
}

extension JSONDecoder {
  /// Decodes `type`, rethrowing any failure as a `PayloadError` that names the field.
  public func decodePayload<T: Decodable>(_ type: T.Type, from data: Data) throws(PayloadError) -> T
  {
    do {
      return try decode(type, from: data)
    } catch {
      throw PayloadError(error)
    }
  }
}

/// A closed set of wire strings. Decoding anything else fails naming the allowed values.
public protocol WireEnum: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension WireEnum {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    guard let value = Self(rawValue: raw) else {
      let allowed = Self.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "is \"\(raw)\", not one of \(allowed)")
    }
    self = value
  }
}
