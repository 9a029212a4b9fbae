import Foundation

/// The data directory's layout: where each of Perform's files lives under one root, the one
/// definition every command, the terminal app and the engines' file owners use, so a command never
/// reads a folder the app does not write (docs/decisions/the-apps-files-and-the-api-client.md "The
/// data directory's layout").
///
/// Only paths: nothing here creates, reads or locks a file. Each file keeps one owner that does
/// (`SessionJournal`, `WorkoutLogOutbox`, `PendingCommandQueue`, ...), given its path from here.
public struct DataDirectory: Sendable, Hashable {
  /// The directory itself.
  public let root: URL

  /// The layout under `root`.
  public init(_ root: URL) {
    self.root = root
  }

  /// The directory from the command line or the environment: `explicit` (`--data-dir DIR`), else
  /// `$XDG_DATA_HOME/perform` when that is an absolute path, else `home/.local/share/perform`.
  public init(explicit: String?, environment: [String: String], home: URL) {
    if let explicit {
      self.init(URL(fileURLWithPath: explicit))
    } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      self.init(URL(fileURLWithPath: xdg).appendingPathComponent("perform"))
    } else {
      self.init(home.appendingPathComponent(".local/share/perform"))
    }
  }

  /// `workout-session/`: the live workout's snapshot and journal (`SessionJournal`).
  public var workoutSession: URL { root.appendingPathComponent("workout-session") }

  /// `last-good-answers/`: the last good answer of each read, one folder per account.
  public var lastGoodAnswers: URL { root.appendingPathComponent("last-good-answers") }

  /// `pending-workout-log.json`: a finished workout not yet accepted by the server.
  public var pendingWorkoutLog: URL { root.appendingPathComponent("pending-workout-log.json") }

  /// `refused-workout-logs/`: refused logs the trainee kept aside.
  public var refusedWorkoutLogs: URL { root.appendingPathComponent("refused-workout-logs") }

  /// `live-activity/`: the card's command queue, with its `pending/`, `rejected/` and
  /// `malformed/` folders (`LiveActivityQueue`).
  public var liveActivity: URL { root.appendingPathComponent("live-activity") }

  /// `live-activity/pending/`: the card's taps waiting for the app.
  public var liveActivityPending: URL {
    liveActivity.appendingPathComponent(LiveActivityQueue.pending)
  }

  /// `nutrition-edits.json`: each nutrition day's edits, with what the server last confirmed.
  public var nutritionEdits: URL { root.appendingPathComponent("nutrition-edits.json") }

  /// `perform-preferred-nutrition-day.json`: the nutrition day the trainee last looked at.
  public var preferredNutritionDay: URL {
    root.appendingPathComponent(Self.preferredNutritionDayName)
  }

  /// The preferred day's file name, the same in any directory it is kept in.
  public static let preferredNutritionDayName = "perform-preferred-nutrition-day.json"

  /// `settings.json`: the language, units, bar and plates chosen in the settings tab.
  public var settings: URL { root.appendingPathComponent("settings.json") }

  /// `pending-meal-logs.json`: meal logs not yet accepted by the server.
  public var pendingMealLogs: URL { root.appendingPathComponent("pending-meal-logs.json") }

  /// `session.json`: the signed-in session's tokens (0600), from `perform login` or the app's
  /// sign-in; none when the app uses a legacy token.
  public var session: URL { root.appendingPathComponent("session.json") }

  /// `perform.sqlite`: the embedded (or `perform serve`'s default) SQLite database.
  public var database: URL { root.appendingPathComponent("perform.sqlite") }

  /// `postgresql`: the base name of the demo token's file when the database is PostgreSQL (the
  /// token itself is in `postgresql.demo-token`).
  public var postgreSQLTokenBase: URL { root.appendingPathComponent("postgresql") }

  /// The names of the card's queue folders, the same beside any queue directory (an App Group
  /// container on iOS, `live-activity/` here).
  public enum LiveActivityQueue {
    /// Commands waiting to be applied.
    public static let pending = "pending"
    /// Commands refused, each with a `.reason` file.
    public static let rejected = "rejected"
    /// Files that were not commands, each with a `.reason` file.
    public static let malformed = "malformed"
  }
}
