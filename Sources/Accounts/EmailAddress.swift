import Foundation
import TraineeData

// NB: docs/decisions/accounts.md, "Tables": the email is the login, so one person's two spellings
// must be one account: it is trimmed, put in Unicode's canonical composition (NFC) and lowercased
// whole (a provider that tells `Ada@` from `ada@` is too rare to split an account over).

/// An email address as a login.
public enum EmailAddress {
  /// The longest address, in UTF-8 bytes (RFC 5321's path limit).
  public static let longestBytes = 254

  /// `text` trimmed, composed and lowercased; throws `TraineeStoreError.invalid` unless it is
  /// one `local@domain` with a dot in the domain, no space or control character, at most
  /// ``longestBytes`` bytes.
  public static func normalised(_ text: String) throws -> String {
    let email = text.trimmingCharacters(in: .whitespacesAndNewlines)
      .precomposedStringWithCanonicalMapping.lowercased()
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard email.utf8.count <= longestBytes, parts.count == 2, !parts[0].isEmpty,
      parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
      !email.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
      })
    else {
      throw TraineeStoreError.invalid(field: "email", problem: "is not an email address")
    }
    return email
  }
}
