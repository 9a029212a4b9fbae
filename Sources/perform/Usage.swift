import Foundation

let usage = """
  Perform: the trainee side of a coaching platform.

  Usage:
    perform [app] [--server URL --token TOKEN] [--data-dir DIR]
        The terminal app: workouts, the live workout and the nutrition day. Without
        --server it starts the embedded server with the demo trainee, keeping its data
        in DIR (the same data next time).
    perform replay FILE|- [--data-dir DIR]
        Run a scripted workout (docs/replay.md) and print the result as JSON.
    perform nutrition replay FILE|-
        Run a scripted nutrition day against an in-process server (docs/replay.md)
        and print the result as JSON.
    perform session show [--data-dir DIR]
        Print the saved live workout, as restored after a crash.
    perform session apply [--data-dir DIR] [--now ISO-TIME]
        Apply actions read from standard input, one JSON object a line, to the saved
        workout; print "ok SEQUENCE" or "refused REASON: MESSAGE" after each.
    perform activity preview --state FILE|--replay FILE [--locale de|en|fr|it|ja]
        [--units metric|imperial] [--now ISO-TIME] [--out FILE] [--terminal [--color]]
        Draw the workout's Live Activity (Lock Screen card, Dynamic Island) as SVG, and
        as PNG beside --out when rsvg-convert is installed; --terminal draws the card as
        text. FILE is what `session show` prints, or a replay script (shown as it ends).
    perform serve [--host 127.0.0.1] [--port 8080] [--database PATH] [--demo]
        Run the trainee API server until interrupted. --demo creates a demo trainee
        once and prints a fresh token for it on every start ("token: ...").
    perform trainee add NAME [--database PATH]
        Create a trainee; prints "id: ID" and "token: TOKEN" (shown only this once).
    perform program import FILE --trainee ID [--database PATH]
        Load a coach's programs (the GET /v1/trainee/workouts shape) for a trainee.
    perform nutrition-plan import FILE --trainee ID [--database PATH]
        Load a coach's meal plans (the GET /v1/trainee/nutrition/plans shape).
    perform help
        Show this text.

  DIR defaults to $XDG_DATA_HOME/perform (~/.local/share/perform); PATH defaults to
  DIR/perform.sqlite. The admin commands work while the server runs.
  Exit status: 0 success, 1 a file could not be read or written, 2 bad input.
  """

/// Writes `message` to standard error, prefixed with the program's name.
func fail(_ message: String) {
  FileHandle.standardError.write(Data("perform: \(message)\n".utf8))
}

/// Command-line options of the form `--name VALUE`, after the positional arguments.
struct Options {
  var positional: [String] = []
  var values: [String: String] = [:]

  /// Flags given (options without a value, such as `--demo`).
  var flags: Set<String> = []

  /// Parses `arguments`, accepting only `known` option names and `knownFlags`.
  init(
    _ arguments: [String], known: Set<String>, knownFlags: Set<String> = []
  ) throws(UsageError) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument.hasPrefix("--") {
        let name = String(argument.dropFirst(2))
        if knownFlags.contains(name) {
          flags.insert(name)
          index += 1
          continue
        }
        guard known.contains(name) else { throw UsageError("unknown option \(argument)") }
        guard index + 1 < arguments.count else {
          throw UsageError("option \(argument) needs a value")
        }
        values[name] = arguments[index + 1]
        index += 2
      } else {
        positional.append(argument)
        index += 1
      }
    }
  }
}

struct UsageError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The directory Perform keeps the trainee's data in: `--data-dir`, else `$XDG_DATA_HOME/perform`,
/// else `~/.local/share/perform`.
func dataDirectory(_ options: Options) -> URL {
  if let explicit = options.values["data-dir"] { return URL(fileURLWithPath: explicit) }
  let environment = ProcessInfo.processInfo.environment
  if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
    return URL(fileURLWithPath: xdg).appendingPathComponent("perform")
  }
  return FileManager.default.homeDirectoryForCurrentUser
    .appendingPathComponent(".local/share/perform")
}

/// The script at `path`, or standard input for `-`; nil (after saying so) when the file cannot
/// be read.
func readScript(_ path: String) -> Data? {
  if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
  guard let contents = FileManager.default.contents(atPath: path) else {
    fail("cannot read \(path)")
    return nil
  }
  return contents
}
