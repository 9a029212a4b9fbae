import Foundation
import JSONWire

// NB: the request target is read as the client sent it, not as libmicrohttpd decoded it. MHD
// percent-decodes the path before routing (so `%2F` became a `/` and `a%2Fb` two segments) and
// hands values over as C strings (so `%00` cut `/session%00x` to `/session`, and a query value
// at its first NUL). Here the path is split on its raw `/` first and each segment decoded after;
// a bad escape, an encoded NUL or bytes that are not UTF-8 are refused, never shortened.

/// The path segments and query arguments of a raw request target such as
/// `/v1/trainee/nutrition/day?date=2026-01-05`.
public struct RequestTarget: Equatable, Sendable {
  /// The most query arguments a request may carry; none of the API's takes more than three.
  public static let maximumQueryArguments = 100

  /// The path as sent, percent-escapes and all, without the query.
  public var path: Substring
  /// The query as sent, without the `?`; `nil` when the target has none.
  public var query: Substring?

  /// Splits `raw` at its first `?`.
  public init(_ raw: String) {
    let raw = Substring(raw)
    // NB: on the UTF-8 view: `?` is ASCII, and looking for it byte by byte does not cost a
    // Character per byte (a profile showed it, once per request).
    if let mark = raw.utf8.firstIndex(of: UInt8(ascii: "?")) {
      path = raw[..<mark]
      query = raw[raw.utf8.index(after: mark)...]
    } else {
      path = raw
      query = nil
    }
  }

  /// How many `&`-separated arguments the query has, counted without decoding any.
  public var queryArgumentCount: Int {
    guard let query else { return 0 }
    var count = 0
    var inArgument = false
    for byte in query.utf8 {
      if byte == UInt8(ascii: "&") {
        inArgument = false
      } else if !inArgument {
        inArgument = true
        count += 1
      }
    }
    return count
  }

  /// The path's segments after its leading `/`, each percent-decoded; `nil` when one has a bad
  /// escape, an encoded NUL or bytes that are not UTF-8.
  public var segments: [String]? {
    var decoded: [String] = []
    for segment in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .dropFirst()
    {
      guard let text = Self.percentDecoded(Substring(segment), plusIsSpace: false) else {
        return nil
      }
      decoded.append(text)
    }
    return decoded
  }

  /// The query arguments, percent-decoded (`+` is a space); the first of repeated names wins
  /// and a name without `=` has the empty value. Throws a 414 `too_many_query_arguments` for
  /// too many arguments, a 400 `invalid_query` for one that cannot be decoded.
  public func queryArguments() throws(HTTPError) -> [String: String] {
    guard let query, !query.isEmpty else { return [:] }
    guard queryArgumentCount <= Self.maximumQueryArguments else {
      throw HTTPError(
        .uriTooLong, code: "too_many_query_arguments",
        message: "The query has more than \(Self.maximumQueryArguments) arguments.")
    }
    var arguments: [String: String] = [:]
    // NB: split on the UTF-8 view, as the path is (`&` and `=` are ASCII).
    for bytes in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let pair = Substring(bytes)
      let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
      let rawName = equals.map { pair[..<$0] } ?? pair
      let rawValue = equals.map { pair[pair.utf8.index(after: $0)...] } ?? ""
      guard let name = Self.percentDecoded(rawName, plusIsSpace: true),
        let value = Self.percentDecoded(rawValue, plusIsSpace: true)
      else {
        throw HTTPError(
          .badRequest, code: "invalid_query",
          message:
            "The query argument \"\(rawName)\" has a bad percent-escape, an encoded NUL or"
            + " bytes that are not UTF-8.")
      }
      if arguments[name] == nil { arguments[name] = value }
    }
    return arguments
  }

  /// `text` with its `%XX` escapes decoded; `nil` for a malformed escape, a NUL (escaped or
  /// not) or a result that is not UTF-8.
  static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
    // Most segments and arguments have nothing to decode: they are their own text.
    if !text.utf8.contains(where: {
      $0 == UInt8(ascii: "%") || $0 == 0 || (plusIsSpace && $0 == UInt8(ascii: "+"))
    }) {
      return String(text)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexDigitValue),
          let low = iterator.next().flatMap(hexDigitValue)
        else { return nil }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    guard !bytes.contains(0) else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

}
