import Foundation
import SQLStore
import TraineeData
import TraineeDatabaseSchema
import TraineeServer

/// Perform's version, printed by `perform --version`; raised with each release.
package let performVersion = "0.2.0"

/// What `perform --version` prints: the version and the database schema this build writes.
package var versionText: String {
  "perform \(performVersion) (database schema \(TraineeSchema.version))"
}

// NB: every command answers `--help` (or `-h`) anywhere among its arguments with its own usage on
// standard output and exit status 0, before anything else is read or checked, as command-line tools
// conventionally do; `perform help COMMAND` says the same. Usage errors still go to standard error
// with exit status 2 (docs/decisions/the-terminal-app-and-the-perform-command.md, "The perform
// command").

/// A request for help or the version, recognised before any command runs.
package enum HelpRequest: Equatable {
  /// Print this text on standard output and exit 0.
  case show(String)

  /// The request `arguments` make, or `nil` when they ask for neither help nor the version.
  package init?(_ arguments: [String]) {
    guard let first = arguments.first else { return nil }
    switch first {
    case "--version":
      self = .show(versionText)
    case "--help", "-h":
      self = .show(usage)
    case "help":
      let words = Array(arguments.dropFirst())
      self = .show(words.isEmpty ? usage : commandUsage(words) ?? usage)
    default:
      guard arguments.contains(where: { $0 == "--help" || $0 == "-h" }) else { return nil }
      // The app's options come without a command word: `perform --server URL --help`.
      let words = first.hasPrefix("-") ? [] : Array(arguments.prefix { !$0.hasPrefix("-") })
      guard let text = commandUsage(words) else { return nil }
      self = .show(text)
    }
  }
}
