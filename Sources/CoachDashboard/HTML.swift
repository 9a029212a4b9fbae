import WireFormat
// NB: docs/security.md, "The dashboard's pages": every text a page shows goes through `HTML`'s
// interpolation, which escapes it; only the literal segments written in this module's code are
// markup. There is no initializer from a `String` outside this file, so a page cannot pass text
// through unescaped by mistake.

/// A piece of HTML, escaped by construction: the literal parts of the string literal it is
/// written as are markup; every interpolated `String` or number is text, escaped; an interpolated
/// `HTML` is markup already built this way.
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// The markup.
  public private(set) var rendered: String

  /// Markup written as a literal in the code.
  public init(stringLiteral value: StaticString) {
    rendered = value.description
  }

  /// Markup built by ``Interpolation``.
  public init(stringInterpolation: Interpolation) {
    rendered = stringInterpolation.rendered
  }

  /// Nothing.
  public static let empty: HTML = ""

  public var description: String { rendered }

  /// The pieces one after the other.
  public static func joined(_ pieces: some Sequence<HTML>) -> HTML {
    var joined = HTML.empty
    for piece in pieces { joined.rendered += piece.rendered }
    return joined
  }

  /// The escaped text of a string literal's interpolations.
  public struct Interpolation: StringInterpolationProtocol {
    var rendered = ""

    public init(literalCapacity: Int, interpolationCount: Int) {
      rendered.reserveCapacity(literalCapacity + interpolationCount * 16)
    }

    /// A literal segment: markup written in the code.
    public mutating func appendLiteral(_ literal: StaticString) {
      rendered += literal.description
    }

    /// Text, escaped.
    public mutating func appendInterpolation(_ text: String) {
      rendered += HTML.escaped(text)
    }

    /// Text, escaped; nothing for `nil`.
    public mutating func appendInterpolation(_ text: String?) {
      if let text { rendered += HTML.escaped(text) }
    }

    /// A whole number.
    public mutating func appendInterpolation(_ number: Int) {
      rendered += String(number)
    }

    /// Markup built by ``HTML``.
    public mutating func appendInterpolation(_ html: HTML) {
      rendered += html.rendered
    }

    /// Markup built by ``HTML``, one after the other.
    public mutating func appendInterpolation(_ pieces: [HTML]) {
      for piece in pieces { rendered += piece.rendered }
    }
  }

  /// `text` safe in element content and in a double- or single-quoted attribute value: `&`, `<`,
  /// `>`, `"` and `'` as character references, and every control character but a line break or
  /// a tab as U+FFFD (a browser would show most as nothing, hiding what was typed).
  public static func escaped(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      case _ where ControlCharacters.isControl(scalar):
        escaped.unicodeScalars.append(ControlCharacters.replacement)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
