import Accounts
import DurableFiles
import Foundation
import TraineeData

// NB: docs/decisions/accounts.md, "The demo coach": `perform serve --demo` and the app's embedded
// server also keep a coach of the demo trainee's studio, so a person trying Perform can sign in
// as a coach at once. Its password is random, made once; the database keeps only its Argon2id
// hash, so the password is kept beside the database, readable only by its owner (0600), as the
// demo trainee's token is (DemoTokenFile.swift).

/// The demo coach's sign-in, kept in `<database>.demo-coach` beside the database.
package struct DemoCoachFile {
  /// The demo coach's login.
  package static let email = "coach@demo.example"
  package let url: URL

  /// The file of the database at `databasePath`.
  package init(databasePath: String) {
    url = URL(fileURLWithPath: databasePath + ".demo-coach")
  }

  /// The demo coach's email and password.
  package struct SignIn: Equatable {
    package var email: String
    /// The password, or `nil` when the coach exists and its file was lost.
    package var password: String?
  }

  /// The password kept, if the file holds one.
  package func read() -> String? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("password: ") {
      return String(line.dropFirst("password: ".count))
    }
    return nil
  }

  /// The demo coach in `store`'s accounts, a coach of the demo trainee's studio, made with a
  /// random password (kept in the file) the first time.
  package func ensureDemoCoach(
    of demoTrainee: TraineeID, in store: DatabaseTraineeStore
  ) throws -> SignIn {
    let accounts = try DatabaseAccountStore(store: store)
    if try accounts.hasAccount(email: Self.email) {
      return SignIn(email: Self.email, password: read())
    }
    let trainee = try accounts.account(ofTrainee: demoTrainee)
    let studio =
      try trainee.flatMap { try accounts.memberships(of: $0.id).last { $0.endedAt == nil } }?.studio
      ?? accounts.defaultStudio().id
    let password = SecretToken.randomHex(bytes: 12)
    try DurableFile.atomicWrite(
      Data("email: \(Self.email)\npassword: \(password)\n".utf8), to: url, permissions: 0o600)
    _ = try accounts.createAccount(
      role: .coach, name: "Demo coach", email: Self.email, password: password, studio: studio)
    return SignIn(email: Self.email, password: password)
  }
}
