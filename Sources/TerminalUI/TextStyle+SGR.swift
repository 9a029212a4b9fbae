// NB: the SGR subset both ways, ECMA-48 8.3.117 plus the 16-colour bright range (90–97,
// 100–107) and ISO 8613-6 direct colour (`38;2;r;g;b`) that every current terminal reads.

extension TerminalColor {
  /// The sixteen palette colours in SGR order: 30–37 then 90–97.
  static let palette: [TerminalColor] = [
    .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
    .gray, .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan,
    .brightWhite,
  ]

  /// The palette colour of SGR foreground code `code` (30–37, 90–97) or background code
  /// (40–47, 100–107).
  init?(paletteCode code: Int) {
    switch code {
    case 30...37: self = Self.palette[code - 30]
    case 40...47: self = Self.palette[code - 40]
    case 90...97: self = Self.palette[code - 90 + 8]
    case 100...107: self = Self.palette[code - 100 + 8]
    default: return nil
    }
  }

  /// The SGR parameters that select this colour as the foreground or the background.
  func sgrParameters(background: Bool) -> String {
    if case .rgb(let red, let green, let blue) = self {
      return "\(background ? 48 : 38);2;\(red);\(green);\(blue)"
    }
    let index = Self.palette.firstIndex(of: self) ?? 0
    let base = background ? 40 : 30
    return String(index < 8 ? base + index : base + 60 + index - 8)
  }
}

extension TextStyle {
  /// The SGR parameters that turn this style on from plain, such as `1;97;41`; empty for plain.
  var sgrParameters: String {
    var parameters: [String] = []
    if bold { parameters.append("1") }
    if dim { parameters.append("2") }
    if underline { parameters.append("4") }
    if reverse { parameters.append("7") }
    if let foreground { parameters.append(foreground.sgrParameters(background: false)) }
    if let background { parameters.append(background.sgrParameters(background: true)) }
    return parameters.joined(separator: ";")
  }

  /// Applies the SGR parameters `codes` in order, as a terminal does; codes outside the subset
  /// (and their arguments, such as `38;5;n`) are skipped.
  mutating func apply(sgr codes: [Int]) {
    var index = 0
    while index < codes.count {
      let code = codes[index]
      index += 1
      switch code {
      case 0: self = .plain
      case 1: bold = true
      case 2: dim = true
      case 4: underline = true
      case 7: reverse = true
      case 22:
        bold = false
        dim = false
      case 24: underline = false
      case 27: reverse = false
      case 39: foreground = nil
      case 49: background = nil
      case 30...37, 90...97: foreground = TerminalColor(paletteCode: code)
      case 40...47, 100...107: background = TerminalColor(paletteCode: code)
      case 38, 48:
        let mode = index < codes.count ? codes[index] : nil
        if mode == 2, index + 3 < codes.count {
          let channels = codes[(index + 1)...(index + 3)]
          if channels.allSatisfy({ (0...255).contains($0) }) {
            let color = TerminalColor.rgb(
              UInt8(channels[index + 1]), UInt8(channels[index + 2]), UInt8(channels[index + 3]))
            if code == 38 { foreground = color } else { background = color }
          }
          index += 4
        } else if mode == 5 {
          index += 2  // 256-colour: not in the subset, and its index is no code of its own.
        } else {
          index = codes.count  // Malformed: the rest cannot be read safely.
        }
      default: break
      }
    }
  }
}
