import Accounts
import Foundation
import TraineeData

#if canImport(Glibc)
  import Glibc
#endif

// NB: docs/decisions/accounts.md, "Exporting an account" and "Deleting an account": the
// operator's side of a person's data, on either backend (`--database` as the other admin
// commands). An export goes to a file only once whole: it is written beside it (0600) and
// renamed over it, so a failed export leaves no half document under the name asked for.

/// `perform account export ID [--to FILE]` and `perform account delete ID [--yes]`.
package enum AccountDataCommands {
  /// The `perform account` subcommands this file answers.
  package static let subcommands: Set<String> = ["export", "delete"]

  package static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do {
      options = try Options(arguments, known: ["database", "data-dir", "to"], knownFlags: ["yes"])
    } catch {
      fail("\(error)\n\n\(usage(of: "account"))")
      return 2
    }
    guard options.positional.count == 2, let verb = options.positional.first,
      subcommands.contains(verb)
    else {
      fail(usage(of: "account"))
      return 2
    }
    guard let account = AccountID(options.positional[1]) else {
      fail("\"\(options.positional[1])\" is not an account id")
      return 2
    }
    if verb == "export", options.flags.contains("yes") {
      fail("--yes is for perform account delete")
      return 2
    }
    if verb == "delete", options.values["to"] != nil {
      fail("--to is for perform account export")
      return 2
    }
    do {
      let (store, _) = try openStore(options)
      let accounts = try DatabaseAccountStore(store: store)
      return verb == "export"
        ? try export(account, to: options.values["to"], accounts)
        : try delete(account, confirmed: options.flags.contains("yes"), accounts)
    } catch {
      fail("\(error)")
      return 1
    }
  }

  /// Writes the export to `path` (whole, or not at all), else to standard output.
  private static func export(
    _ account: AccountID, to path: String?, _ accounts: DatabaseAccountStore
  ) throws -> Int32 {
    guard let path else {
      let output = FileHandle.standardOutput
      guard try accounts.exportAccount(account, to: { try output.write(contentsOf: $0) }) else {
        fail("there is no account \(account)")
        return 2
      }
      return 0
    }
    let target = URL(fileURLWithPath: path)
    let partial = target.deletingLastPathComponent()
      .appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).partial")
    guard FileManager.default.createFile(atPath: partial.path, contents: nil),
      chmod(partial.path, 0o600) == 0, let file = FileHandle(forWritingAtPath: partial.path)
    else {
      fail("cannot write \(path)")
      return 1
    }
    var bytes = 0
    do {
      defer { try? file.close() }
      let found = try accounts.exportAccount(account) { piece in
        try file.write(contentsOf: piece)
        bytes += piece.count
      }
      guard found else {
        try? FileManager.default.removeItem(at: partial)
        fail("there is no account \(account)")
        return 2
      }
      try file.synchronize()
      guard rename(partial.path, target.path) == 0 else {
        throw UsageError("cannot write \(path): \(String(cString: strerror(errno)))")
      }
    } catch {
      try? FileManager.default.removeItem(at: partial)
      throw error
    }
    say("exported account \(account) to \(path) (\(bytes) bytes)")
    return 0
  }

  /// Deletes the account once the operator confirmed it, by `--yes` or by typing its id.
  private static func delete(
    _ account: AccountID, confirmed: Bool, _ accounts: DatabaseAccountStore
  ) throws -> Int32 {
    guard let found = try accounts.account(id: account) else {
      fail("there is no account \(account)")
      return 2
    }
    if !confirmed {
      say(
        "account \(account): \(found.role.rawValue) \"\(found.name)\""
          + (found.email.map { " <\($0)>" } ?? ""))
      say("This deletes the account and every record of it, and cannot be undone.")
      say("Type the account's id to delete it:")
      guard readLine()?.trimmingCharacters(in: .whitespaces) == String(account.rawValue) else {
        fail("not confirmed; nothing was deleted")
        return 2
      }
    }
    guard let deletion = try accounts.deleteAccount(account, address: nil) else {
      fail("there is no account \(account)")
      return 2
    }
    let rows = deletion.removedRows.values.reduce(0, +)
    say("deleted account \(account): \(rows) rows; its audit events now name \(deletion.marker)")
    return 0
  }
}
