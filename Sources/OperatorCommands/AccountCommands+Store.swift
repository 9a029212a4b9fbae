import Accounts
import Foundation
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "The operator's commands": the store's refusals name the option
// the operator typed (`--email`, `--name`), and a refused step changes nothing.

extension AccountCommands {
  package static func parse(_ arguments: [String], known: Set<String>) -> Options? {
    do {
      return try Options(arguments, known: known)
    } catch {
      fail("\(error)\n\n\(usage)")
      return nil
    }
  }

  /// Runs `body` on the account store of the database `options` name; bad input exits 2, a
  /// storage failure 1.
  package static func withAccounts(
    _ options: Options, _ body: (DatabaseAccountStore) throws -> Void
  ) -> Int32 {
    do {
      let (store, _) = try openStore(options)
      try body(try DatabaseAccountStore(store: store))
      return 0
    } catch let error as UsageError {
      fail(error.description)
      return 2
    } catch let refusal as AccountRefusal {
      fail(refusal == .emailTaken ? "--email: an account has this email" : "\(refusal)")
      return 2
    } catch TraineeStoreError.invalid(let field, let problem) {
      let option = ["name": "--name", "email": "--email", "validFor": "--valid-for"][field]
      fail("\(option ?? "the \(field)") \(problem); nothing was changed")
      return 2
    } catch {
      fail("\(error)")
      return 1
    }
  }

  /// The password: the first line of `file`, or of standard input without one; never from the
  /// command line.
  package static func readPassword(file: String?) throws -> String {
    let data: Data
    if let file {
      guard let contents = FileManager.default.contents(atPath: file) else {
        throw UsageError("--password-file: cannot read \(file)")
      }
      data = contents
    } else {
      data = FileHandle.standardInput.readDataToEndOfFile()
    }
    let text = String(decoding: data, as: UTF8.self)
    let line =
      text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
      .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 } ?? ""
    guard !line.isEmpty else {
      throw UsageError(
        "the password is empty: give it on standard input or in --password-file")
    }
    return String(line)
  }

  /// The wire's text of a time: ISO 8601 in UTC with milliseconds.
  package static func instant(_ date: Date) -> String { ISO8601Instant.textWithMilliseconds(date) }
}
