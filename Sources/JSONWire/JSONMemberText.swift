import Foundation

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// the server keeps the bytes the client sent for `data`, not a re-encoding, so a field or a number
// format this server does not know survives a save and a read. The body is decoded (and so checked
// to be JSON) first; this only finds where a member's value starts and ends.

/// The exact text of each top-level member's value in a JSON object, by member name.
///
/// Call it only on bytes already decoded as a JSON object. Throws, with the offset where the
/// scan stopped, when they are not one or when a name is repeated: the value checked and the
/// value stored could differ.
package func jsonMemberText(_ data: Data) throws(JSONSyntaxError) -> [String: Data] {
  var scanner = JSONMemberScanner(bytes: [UInt8](data))
  guard let members = scanner.members() else {
    throw JSONSyntaxError(
      offset: scanner.index,
      problem: "must be one JSON object whose member names are not repeated")
  }
  return members
}

private struct JSONMemberScanner {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func members() -> [String: Data]? {
    skipSpace()
    guard consume(UInt8(ascii: "{")) else { return nil }
    var members: [String: Data] = [:]
    skipSpace()
    if consume(UInt8(ascii: "}")) { return members }
    while index < bytes.count {
      skipSpace()
      let keyStart = index
      guard skipString() else { return nil }
      guard
        let key = try? JSONDecoder().decode(
          String.self, from: Data(bytes[keyStart..<index]))
      else { return nil }
      skipSpace()
      guard consume(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      let valueStart = index
      guard skipValue() else { return nil }
      guard members.updateValue(Data(bytes[valueStart..<index]), forKey: key) == nil else {
        return nil
      }
      skipSpace()
      if consume(UInt8(ascii: "}")) { return members }
      guard consume(UInt8(ascii: ",")) else { return nil }
    }
    return nil
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  /// Skips a string starting at `index`, escapes included.
  private mutating func skipString() -> Bool {
    guard consume(UInt8(ascii: "\"")) else { return false }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "\""):
        index += 1
        return true
      default: index += 1
      }
    }
    return false
  }

  /// Skips one value: a string, an object or array with everything inside, or a literal.
  private mutating func skipValue() -> Bool {
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard skipString() else { return false }
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            index += 1
            return true
          }
        default: break
        }
        index += 1
      }
      return false
    default:
      let start = index
      let ends: [UInt8] = [
        UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D,
      ]
      while index < bytes.count, !ends.contains(bytes[index]) { index += 1 }
      return index > start
    }
  }
}
