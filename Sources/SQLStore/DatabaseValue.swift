import Foundation

/// A value bound to a statement parameter, in either backend.
public enum DatabaseValue: Equatable, Sendable, ExpressibleByNilLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
  case null

  public init(nilLiteral: ()) { self = .null }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(stringLiteral value: String) { self = .text(value) }

  /// An integer, or `NULL` for `nil`.
  public init(_ value: Int64?) { self = value.map(Self.integer) ?? .null }
  /// An integer, or `NULL` for `nil`.
  public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
  /// `1` or `0`.
  public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
  /// A real, or `NULL` for `nil`.
  public init(_ value: Double?) { self = value.map(Self.real) ?? .null }
  /// A text, or `NULL` for `nil`.
  public init(_ value: String?) { self = value.map(Self.text) ?? .null }
  /// A blob, or `NULL` for `nil`.
  public init(_ value: Data?) { self = value.map(Self.blob) ?? .null }
}
