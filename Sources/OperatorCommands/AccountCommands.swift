import Accounts
import Foundation
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "The operator's commands": the operator's studios, accounts,
// invites and audit log from the command line, on either backend (`--database`). A password is
// read from standard input or `--password-file`, never from the command line, where other local
// users could see it (`ps`). Bad input names the option and changes nothing.

/// `perform studio add|list`, `perform account add|suspend|reinstate`, `perform invite create`,
/// `perform audit`.
package enum AccountCommands {
  package static func studio(_ arguments: [String]) -> Int32 {
    guard let options = parse(arguments, known: ["database", "data-dir"]) else { return 2 }
    let words = options.positional
    if words.count == 2, words[0] == "add" {
      return withAccounts(options) { accounts in
        say("id: \(try accounts.createStudio(name: words[1]).id)")
      }
    }
    guard words == ["list"] else {
      fail(usage(of: "studio"))
      return 2
    }
    return withAccounts(options) { accounts in
      for studio in try accounts.studios() {
        say(
          "\(studio.id)  \(instant(studio.createdAt))  \(studio.name)"
            + (studio.isDefault ? "  (default)" : ""))
      }
    }
  }

  package static func account(_ arguments: [String]) -> Int32 {
    switch arguments.first {
    case "add": return accountAdd(Array(arguments.dropFirst()))
    case "suspend": return suspension(Array(arguments.dropFirst()), suspend: true)
    case "reinstate": return suspension(Array(arguments.dropFirst()), suspend: false)
    default:
      fail("usage: perform account add|suspend|reinstate ... (perform help account)")
      return 2
    }
  }

  private static func accountAdd(_ arguments: [String]) -> Int32 {
    guard
      let options = parse(
        arguments,
        known: ["database", "data-dir", "role", "name", "email", "studio", "password-file"])
    else { return 2 }
    guard options.positional.isEmpty, let name = options.values["name"],
      let email = options.values["email"], let roleText = options.values["role"]
    else {
      fail(
        "usage: perform account add --role coach|operator --name NAME --email EMAIL"
          + " [--studio ID] [--password-file FILE] (the password on standard input otherwise)")
      return 2
    }
    guard let role = AccountRole(rawValue: roleText), role != .trainee else {
      fail("--role \"\(roleText)\" must be coach or operator")
      return 2
    }
    let studio: StudioID?
    switch (role, options.values["studio"]) {
    case (.coach, nil):
      fail("--studio is required for a coach")
      return 2
    case (.coach, let text?):
      guard let id = StudioID(text) else {
        fail("--studio \"\(text)\" is not a studio id")
        return 2
      }
      studio = id
    case (_, _?):
      fail("--studio is only for a coach")
      return 2
    case (_, nil):
      studio = nil
    }
    let password: String
    do {
      password = try readPassword(file: options.values["password-file"])
    } catch {
      fail("\(error)")
      return 2
    }
    return withAccounts(options) { accounts in
      if let studio, try accounts.studio(id: studio) == nil {
        throw UsageError("--studio: there is no studio \(studio)")
      }
      let account = try accounts.createAccount(
        role: role, name: name, email: email, password: password, studio: studio)
      say("id: \(account.id)")
    }
  }

  private static func suspension(_ arguments: [String], suspend: Bool) -> Int32 {
    let word = suspend ? "suspend" : "reinstate"
    guard let options = parse(arguments, known: ["database", "data-dir"]) else { return 2 }
    guard options.positional.count == 1 else {
      fail("usage: perform account \(word) ID [--database PATH|URL]")
      return 2
    }
    guard let id = AccountID(options.positional[0]) else {
      fail("\"\(options.positional[0])\" is not an account id")
      return 2
    }
    return withAccounts(options) { accounts in
      guard try suspend ? accounts.suspend(id) : accounts.reinstate(id) else {
        throw UsageError("there is no account \(id)")
      }
      say("\(suspend ? "suspended" : "reinstated") account \(id)")
    }
  }

  package static func invite(_ arguments: [String]) -> Int32 {
    guard let options = parse(arguments, known: ["database", "data-dir", "studio", "valid-for"])
    else { return 2 }
    guard options.positional == ["create"], let studioText = options.values["studio"] else {
      fail("usage: perform invite create --studio ID [--valid-for SECONDS] [--database PATH|URL]")
      return 2
    }
    guard let studio = StudioID(studioText) else {
      fail("--studio \"\(studioText)\" is not a studio id")
      return 2
    }
    let longest = AccountPolicy.defaults.longestInviteSeconds
    var validFor: Int?
    if let text = options.values["valid-for"] {
      guard let seconds = Int(text), (1...longest).contains(seconds) else {
        fail("--valid-for \"\(text)\" must be 1 to \(longest) seconds")
        return 2
      }
      validFor = seconds
    }
    return withAccounts(options) { accounts in
      guard try accounts.studio(id: studio) != nil else {
        throw UsageError("--studio: there is no studio \(studio)")
      }
      let made = try accounts.createInvite(studio: studio, by: nil, validFor: validFor)
      say("id: \(made.invite.id)")
      say("code: \(made.code)")
      say("expires: \(instant(made.invite.expiresAt))")
    }
  }

  package static func audit(_ arguments: [String]) -> Int32 {
    guard let options = parse(arguments, known: ["database", "data-dir", "account", "limit"])
    else { return 2 }
    guard options.positional.isEmpty else {
      fail("usage: perform audit [--account ID] [--limit N] [--database PATH|URL]")
      return 2
    }
    let account = options.values["account"].flatMap(AccountID.init)
    if let text = options.values["account"], account == nil {
      fail("--account \"\(text)\" is not an account id")
      return 2
    }
    let limit = options.values["limit"].map { Int($0) ?? 0 } ?? 100
    guard (1...100_000).contains(limit) else {
      fail("--limit \"\(options.values["limit"] ?? "")\" must be 1 to 100000")
      return 2
    }
    return withAccounts(options) { accounts in
      for event in try accounts.authEvents(of: account, limit: limit) {
        let fields = [
          event.account.map { "account=\($0)" }, event.studio.map { "studio=\($0)" },
          event.session.map { "session=\($0)" }, event.address.map { "address=\($0)" },
        ].compactMap { $0 }
        say(
          ([String(event.id), instant(event.at), event.kind.rawValue] + fields)
            .joined(separator: "  "))
      }
    }
  }
}
