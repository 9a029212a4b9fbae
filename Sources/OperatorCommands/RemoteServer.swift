import DurableFiles
import Foundation

// NB: docs/security.md, "The trainee's token on the command line": a command line is public on a
// shared machine (`ps`, /proc/PID/cmdline), so the token of `--server URL` comes from a file
// (`--token-file FILE`, which other users must not be able to read, as ssh insists for a key) or
// from the environment (`PERFORM_TOKEN`, which only the user and root can read). `--token TOKEN`
// still works, with a warning on standard error each time.

/// The server `--server URL` names and the token to send it.
package struct RemoteServer {
  package var url: URL
  package var token: String

  /// The option names that choose a remote server.
  package static let optionNames: Set<String> = ["server", "token", "token-file"]

  /// The variable the token may come from.
  package static let tokenVariable = "PERFORM_TOKEN"

  /// The server `options` name with its token, from `--token-file`, `--token` (with a warning)
  /// or `PERFORM_TOKEN`; `nil` without `--server` (the embedded server).
  package static func named(
    by options: Options, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) -> RemoteServer? {
    let given = options.values["token"]
    let file = options.values["token-file"]
    guard given == nil || file == nil else {
      throw UsageError("give one of --token-file FILE and --token TOKEN, not both")
    }
    guard let server = options.values["server"] else {
      guard given == nil, file == nil else {
        throw UsageError(
          "--\(given == nil ? "token-file" : "token") goes with --server URL; without --server"
            + " the embedded server is used")
      }
      return nil
    }
    let url = try url(server)
    let token: String
    let source: String
    if let file {
      token = try read(tokenFile: file)
      source = "the token in \(file)"
    } else if let given {
      fail(
        "warning: --token shows the token to every user of this machine (ps); use"
          + " --token-file FILE or \(tokenVariable) instead")
      token = given
      source = "--token"
    } else if let variable = environment[tokenVariable] {
      token = variable
      source = tokenVariable
    } else {
      throw UsageError(
        "--server needs the trainee's token: --token-file FILE, or \(tokenVariable) in the"
          + " environment, or perform login --server URL first")
    }
    guard !token.isEmpty, !token.contains(where: { $0.isWhitespace }) else {
      throw UsageError("\(source) must be a non-empty token without spaces")
    }
    return RemoteServer(url: url, token: token)
  }

  /// The server `text` (`--server`) names: an http:// or https:// URL with a host.
  package static func url(_ text: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme,
      ["http", "https"].contains(scheme), url.host != nil
    else {
      throw UsageError("--server \"\(text)\" is not an http:// or https:// URL")
    }
    return url
  }

  /// The token in the file at `path`: its first line, blanks around it ignored. A file other
  /// users may read is refused, as is one that cannot be read (`TokenFile.read(atPath:)`).
  package static func read(tokenFile path: String) throws(UsageError) -> String {
    do {
      return try TokenFile.read(atPath: path)
    } catch {
      throw UsageError(error.description)
    }
  }
}
