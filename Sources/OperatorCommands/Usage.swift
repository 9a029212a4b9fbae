import DurableFiles
import Foundation
import SQLStore
import TraineeAPI

/// One command's entry in the usage: the words that name it and its synopsis, indented.
package struct CommandUsage {
  /// The words after `perform` that select this entry (`["activity", "preview"]`); empty for the
  /// terminal app, which takes no command word.
  package var words: [String]
  package var text: String
}

/// Every command, in the order `perform help` lists them.
package let commandUsages: [CommandUsage] = [
  CommandUsage(
    words: [],
    text: """
      perform [app] [--server URL [--token-file FILE]] [--data-dir DIR]
          The terminal app: workouts, the live workout and the nutrition day. Signed in
          (perform login), it uses that account's server; without --server and a
          session it starts the embedded server with the demo trainee, keeping its data
          in DIR (the same data next time).
      """),
  CommandUsage(
    words: ["login"],
    text: """
      perform login [--server URL] [--email E] [--device NAME] [--data-dir DIR]
          Sign in to URL's server (the signed-in one by default) and keep the session in
          DIR/session.json (yours alone); the app and every command then use it, renewing
          its access token by themselves. The password is read from the terminal without
          echo, or from standard input when that is no terminal. NAME (the host name by
          default) is how the device list shows this device.
      """),
  CommandUsage(
    words: ["logout"],
    text: """
      perform logout [--discard-unsent] [--data-dir DIR]
          Sign out: first lists what this device has not yet sent (a finished workout,
          meal logs, nutrition edits, a workout under way) and offers to send it; without
          a terminal it refuses unless --discard-unsent. Ends the session on the server
          when it answers (offline, it stays there until it expires or another device
          ends it), then removes the account's data from DIR.
      """),
  CommandUsage(
    words: ["replay"],
    text: """
      perform replay FILE|- [--data-dir DIR]
          Run a scripted workout (docs/replay.md) and print the result as JSON.
      """),
  CommandUsage(
    words: ["nutrition", "replay"],
    text: """
      perform nutrition replay FILE|-
          Run a scripted nutrition day against an in-process server (docs/replay.md)
          and print the result as JSON.
      """),
  CommandUsage(
    words: ["session", "show"],
    text: """
      perform session show [--data-dir DIR]
          Print the saved live workout, as restored after a crash (a running app's
          too, read without changing it).
      """),
  CommandUsage(
    words: ["session", "apply"],
    text: """
      perform session apply [--data-dir DIR] [--now ISO-TIME]
          Apply actions read from standard input, one JSON object a line, to the saved
          workout; print "ok SEQUENCE" or "refused REASON: MESSAGE" after each.
      """),
  CommandUsage(
    words: ["activity", "preview"],
    text: """
      perform activity preview --state FILE|--replay FILE [--locale de|en|fr|it|ja]
          [--units metric|imperial] [--now ISO-TIME] [--out FILE] [--terminal [--color]]
          Draw the workout's Live Activity (Lock Screen card, Dynamic Island) as SVG, and
          as PNG beside --out when rsvg-convert is installed; --terminal draws the card as
          text. FILE is what `session show` prints, or a replay script (shown as it ends).
      """),
  CommandUsage(
    words: ["serve"],
    text: """
      perform serve [--host 127.0.0.1] [--port 8080] [--database PATH|URL] [--demo]
          [--max-requests-per-address 32] [--max-body-mib-in-flight 64]
          [--trusted-proxy ADDRESS[,ADDRESS...]] [--access-log -|FILE|off] [--check-config]
          [--drain-seconds 30]
          [--metrics-port PORT [--metrics-host 127.0.0.1] [--metrics-token-file FILE]]
          [--max-connections 1000] [--max-connections-per-address 64]
          [--header-deadline-seconds 30] [--answer-cache-mib 64]
          [--quota-workout-logs 10000/64MiB] [--quota-meal-logs 40000/64MiB]
          [--quota-nutrition-days 5000/64MiB] [--quota-substitutions 5000/4MiB]
          [--quota-technique-videos 5000/8MiB] [--quota-write-rate 3600/1200]
          [--audit-retention-days 90] [--access-token-seconds 600] [--behind-tls]
          Run the trainee API server until interrupted, and the coach's dashboard at
          /coach/ (its address printed at start, "coach dashboard: ..."); --behind-tls
          says browsers reach it only over HTTPS (a TLS proxy in front), so its session
          cookie is Secure (also when a --trusted-proxy sends X-Forwarded-Proto: https). --demo creates a demo trainee
          once and prints its token on every start ("token: ..."), the same one each
          time (kept in PATH.demo-token, readable only by you), and a demo coach of its
          studio (coach@demo.example; its random password printed at start and kept in
          PATH.demo-coach). Requests
          beyond a client address's share, or bodies beyond the memory budget, are
          answered 503 with Retry-After; behind a reverse proxy, name it with
          --trusted-proxy so X-Forwarded-For tells the clients apart. One JSON line per
          request goes to standard output (-, the default), FILE or nowhere (off); errors
          go to standard error as JSON lines. GET /healthz and /readyz need no token.
          Every option may also come from the environment, PERFORM_ and its name in
          capitals (PERFORM_PORT, PERFORM_DEMO=1); the command line wins. --check-config
          checks the settings, the log file and the database, prints them and exits.
          SIGTERM or SIGINT: no new connections, the requests begun end (at most
          --drain-seconds), exit 0. SIGHUP: the access log file is opened again.
          --metrics-port serves GET /metrics (Prometheus) on a port of its own, on
          127.0.0.1; with --metrics-token-file (a file only you can read) scrapes must
          send Authorization: Bearer TOKEN, and only then may --metrics-host name an
          address other machines reach.
          A connection beyond its address's share is answered 503 and closed at once
          (trusted proxies are exempt); one that has not sent a request's whole headers
          within --header-deadline-seconds of opening (or of its previous answer) is
          closed.
          What one trainee may keep of each kind (RECORDS/SIZE, or off) and how fast
          they may write (writes an hour/burst, or off); past a quota a write stores
          nothing and answers 507, past the rate 429 with Retry-After.
          --answer-cache-mib bounds the answers kept for reads; one trainee's hold at
          most an eighth of it.
          A deleted account's audit events are kept under an opaque marker for
          --audit-retention-days, then pruned (at start and every hour).
          A session's access token lives --access-token-seconds (30 to 86400); the app
          renews it from its refresh token.
      """),
  CommandUsage(
    words: ["trainee", "add"],
    text: """
      perform trainee add NAME [--database PATH|URL]
          Create a trainee; prints "id: ID" and "token: TOKEN" (shown only this once).
      """),
  CommandUsage(
    words: ["studio"],
    text: """
      perform studio add NAME | perform studio list [--database PATH|URL]
          Create a studio (prints "id: ID"), or list every studio, oldest first: its id,
          when it was created and its name.
      """),
  CommandUsage(
    words: ["account", "add"],
    text: """
      perform account add --role coach|operator --name NAME --email EMAIL [--studio ID]
          [--password-file FILE] [--database PATH|URL]
          Create a coach of a studio (--studio) or an operator; prints "id: ID". The
          password (12 characters or more) is the first line of standard input or FILE.
      """),
  CommandUsage(
    words: ["account", "suspend"],
    text: """
      perform account suspend|reinstate ID [--database PATH|URL]
          Refuse every session of the account from its next request, or lift that.
      """),
  CommandUsage(
    words: ["invite", "create"],
    text: """
      perform invite create --studio ID [--valid-for SECONDS] [--database PATH|URL]
          Create an invite to a studio; prints its code once (7 days, at most 30).
      """),
  CommandUsage(
    words: ["audit"],
    text: """
      perform audit [--account ID] [--limit 100] [--database PATH|URL]
          Print the audit log of authentication, newest first, one event a line.
      """),
  CommandUsage(
    words: ["program", "import"],
    text: """
      perform program import FILE --trainee ID [--database PATH|URL] [--replace-with-empty]
          Replace a trainee's programs with FILE's (the GET \(TraineeEndpoints.table.getWorkouts.path) shape,
          e.g. examples/demo-program.json). The file is read strictly: an unknown or
          missing member, a wrong type, an unknown set type or a repeated id exits 2
          naming its path, and nothing changes. A file with no plans removes the
          trainee's programs only with --replace-with-empty.
      """),
  CommandUsage(
    words: ["program", "schedule"],
    text: """
      perform program schedule --trainee ID (--weekdays mon,wed,fri | --per-week N
          | --program-days) [--database PATH|URL]
          Give the trainee's program its schedule for the coach's roster: one workout on
          each weekday named, N workouts a week (1 to 14), or the program's days a week
          (the default an import gives). Nothing is due before the program's import.
      """),
  CommandUsage(
    words: ["nutrition-plan", "import"],
    text: """
      perform nutrition-plan import FILE --trainee ID [--database PATH|URL]
          [--replace-with-empty]
          Replace a trainee's meal plans with FILE's (the GET \(TraineeEndpoints.table.getNutritionPlans.path)
          shape, e.g. examples/demo-meal-plan.json), read as strictly as a program.
      """),
  CommandUsage(
    words: ["account", "export"],
    text: """
      perform account export ID [--to FILE] [--database PATH|URL]
          Write everything stored about account ID as one JSON document (formatVersion
          1: the account, its studios, sessions, invites, attempts and audit events, and
          a trainee's records), to FILE (0600, replaced only once whole) or to standard
          output. An unknown ID exits 2.
      """),
  CommandUsage(
    words: ["account", "delete"],
    text: """
      perform account delete ID [--yes] [--database PATH|URL]
          Delete account ID and every row of it (a trainee's records too) in one
          transaction; its sessions end at once. Without --yes, asks for the ID to be
          typed again. Its audit events stay under an opaque marker for the retention of
          `perform serve --audit-retention-days`. A coach's studio keeps their invites
          (open ones are revoked).
      """),
  CommandUsage(
    words: ["db", "copy"],
    text: """
      perform db copy --from PATH|URL --to PATH|URL
          Copy a whole database, ids kept, between SQLite and PostgreSQL (either way,
          or to the same kind); the target must be empty. Stop the servers first.
      """),
  CommandUsage(
    words: ["history", "export"],
    text: """
      perform history export --csv FILE|--json FILE [--units metric|imperial]
          [--data-dir DIR | --server URL [--token-file FILE]]
          Write every logged set, one row each (date, workout, day, exercise, set, set
          type, weight in the unit named in the header, reps, RIR, record), as RFC 4180
          CSV or as JSON. A path that cannot be written exits 2 and writes nothing.
          Without --units, the app's units (its settings in DIR, else the locale).
      """),
  CommandUsage(
    words: ["history", "import"],
    text: """
      perform history import --csv FILE [--dry-run] [--replace] [--units metric|imperial]
          [--data-dir DIR | --server URL [--token-file FILE]]
          Log the workouts of a Strong, Hevy or Perform CSV export with their dates and
          durations, matching exercise names to the program's (e.g.
          examples/strong-export.csv). Importing a file again adds nothing; --replace redoes
          an import, replacing the workouts an earlier import of them created. A malformed
          row or an unknown weight, distance or duration column exits 2 and nothing is
          posted; --dry-run prints what would be added. Units come from the file; a Strong
          export that names none needs --units. The units used are printed.
      """),
  CommandUsage(
    words: ["progress"],
    text: """
      perform progress EXERCISE [--svg FILE] [--csv FILE] [--units metric|imperial]
          [--width COLUMNS] [--data-dir DIR | --server URL [--token-file FILE]]
          Chart an exercise's estimated 1RM and weekly volume over time; --svg writes the
          charts as SVG, --csv their numbers. EXERCISE is a name (any case) or an id; an
          unknown one exits 2 listing close matches. Without --units, the app's units.
      """),
  CommandUsage(
    words: ["help"],
    text: """
      perform help [COMMAND], perform COMMAND --help, perform --version
          Show this text, or one command's; print the version.
      """),
]

private let usageFooter = """
  DIR defaults to $XDG_DATA_HOME/perform (~/.local/share/perform); PATH defaults to
  DIR/perform.sqlite. URL is PostgreSQL's, postgresql://USER@HOST:PORT/DB (or postgres://;
  a socket directory as ?host=/path). The admin commands work while the server runs.
  The trainee's token for --server URL comes from --token-file FILE (its first line; a
  file other users may read is refused) or PERFORM_TOKEN; --token TOKEN also works, with
  a warning, since other users see a command line in ps. Files are created yours alone
  (0600, directories 0700); looser ones are repaired at start, and reported.
  Exit status: 0 success, 1 a file could not be read or written, 2 bad input.
  """

/// The whole usage, as `perform help` prints it.
package let usage = render(
  commandUsages, heading: "Perform: the trainee side of a coaching platform.\n\n")

/// The usage of the command `words` name (`["serve"]`, `["session"]` for both of its
/// subcommands, `["session", "apply"]`, `[]` or `["app"]` for the terminal app); `nil` for no
/// command.
package func commandUsage(_ words: [String]) -> String? {
  guard let first = words.first, first != "app" else { return render([commandUsages[0]]) }
  if first == "help" { return usage }
  let family = commandUsages.filter { $0.words.first == first }
  guard !family.isEmpty else { return nil }
  let exact = family.filter { words.count > 1 && $0.words.dropFirst().first == words[1] }
  return render(exact.isEmpty ? family : exact)
}

/// The usage of the command `words` name, else the whole usage: what a usage error prints.
package func usage(of words: String...) -> String {
  commandUsage(words) ?? usage
}

private func render(_ entries: [CommandUsage], heading: String = "") -> String {
  heading + "Usage:\n" + entries.map { indent($0.text) }.joined(separator: "\n") + "\n\n"
    + usageFooter
}

private func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    .joined(separator: "\n")
}

/// `line` as printed: every control character shown as U+FFFD, so a name from the server or a
/// file cannot move the cursor, retitle the terminal or clear the screen (docs/security.md,
/// "Names and the terminal").
package func shownLine(_ line: String) -> String {
  ControlCharacters.shown(line)
}

/// Writes `message` to standard error, prefixed with the program's name; a control character
/// in it other than a line break (one from a name in the message) is shown as U+FFFD
/// (docs/security.md, "Names and the terminal").
package func fail(_ message: String) {
  let shown = ControlCharacters.shown(message, keeping: ["\n"])
  FileHandle.standardError.write(Data("perform: \(shown)\n".utf8))
}

/// Command-line options of the form `--name VALUE`, after the positional arguments.
package struct Options {
  package var positional: [String] = []
  package var values: [String: String] = [:]

  /// Flags given (options without a value, such as `--demo`).
  package var flags: Set<String> = []

  /// Parses `arguments`, accepting only `known` option names and `knownFlags`.
  package init(
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

package struct UsageError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}

/// The directory Perform keeps the trainee's data in: `--data-dir`, else `$XDG_DATA_HOME/perform`,
/// else `~/.local/share/perform`.
package func dataDirectory(_ options: Options) -> URL {
  dataLayout(options).root
}

/// The layout of the data directory `options` name; every command finds its files through it.
package func dataLayout(_ options: Options) -> DataDirectory {
  DataDirectory(
    explicit: options.values["data-dir"], environment: ProcessInfo.processInfo.environment,
    home: FileManager.default.homeDirectoryForCurrentUser)
}

/// The script at `path`, or standard input for `-`; nil (after saying so) when the file cannot
/// be read.
package func readScript(_ path: String) -> Data? {
  if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
  guard let contents = FileManager.default.contents(atPath: path) else {
    fail("cannot read \(path)")
    return nil
  }
  return contents
}
