// NB: the store's SQL is written once with SQLite's placeholders: `?` (the next number after the
// highest so far) and `?N` (the Nth value, which may repeat). PostgreSQL numbers them `$N`; this
// rewrites them outside string literals, quoted names and comments, the way SQLite numbers them.

/// Rewrites the placeholders of the store's SQL for PostgreSQL.
enum PostgreSQLPlaceholders {
  /// `sql` with each `?` and `?N` outside quotes and comments written as `$N`.
  static func translate(_ sql: String) -> String {
    let characters = Array(sql.unicodeScalars)
    var output = String.UnicodeScalarView()
    var highest = 0
    var index = 0
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "'", "\"":
        let end = closing(character, in: characters, after: index)
        output.append(contentsOf: characters[index..<end])
        index = end
      case "-" where index + 1 < characters.count && characters[index + 1] == "-":
        let end = characters[index...].firstIndex(of: "\n") ?? characters.count
        output.append(contentsOf: characters[index..<end])
        index = end
      case "?":
        var end = index + 1
        while end < characters.count, ("0"..."9").contains(characters[end]) { end += 1 }
        let number =
          end > index + 1
          ? Int(String(String.UnicodeScalarView(characters[(index + 1)..<end]))) ?? 0
          : highest + 1
        highest = max(highest, number)
        output.append(contentsOf: "$\(number)".unicodeScalars)
        index = end
      default:
        output.append(character)
        index += 1
      }
    }
    return String(output)
  }

  /// The index just past the quote that closes the one at `start`; a doubled quote is an
  /// escaped one, not the end.
  private static func closing(
    _ quote: Unicode.Scalar, in characters: [Unicode.Scalar], after start: Int
  ) -> Int {
    var index = start + 1
    while index < characters.count {
      if characters[index] == quote {
        if index + 1 < characters.count, characters[index + 1] == quote {
          index += 2
          continue
        }
        return index + 1
      }
      index += 1
    }
    return characters.count
  }
}
