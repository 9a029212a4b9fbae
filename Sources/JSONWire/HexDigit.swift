/// The value of the hexadecimal digit `byte` (`0`-`9`, `a`-`f`, `A`-`F`), or `nil`: for the
/// `%XX` of request targets and the `\uXXXX` of JSON strings.
package func hexDigitValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}
