import Foundation
import OperatorCommands
import TraineeAPI
import TraineeClient
import TrainingHistory

// NB: docs/decisions/history-progress-and-moving-data.md "History export and import" (once only,
// redoing an import): a workout whose time (to the second) and name a logged workout has is there
// already; with --replace, a logged workout an import created (no program day: the app always logs
// one) is replaced by the file's. The result says what the server did with each post, not what was
// hoped.

/// One workout to post, and the logged workouts of an earlier import it replaces.
struct ImportPosting {
  var workout: ImportedWorkout
  /// The ids of the logged workouts it replaces (deleted once it is stored).
  var replacing: [String]
  /// The `Idempotency-Key`: the workout's own, or, when replacing, one naming what it replaces
  /// so the server stores it again.
  var idempotencyKey: String
}

/// What an import adds, and what it finds there already.
struct ImportReport {
  var plan: ImportPlan
  var units: ImportUnits
  /// What will be posted, oldest first.
  var postings: [ImportPosting] = []
  /// The workouts a logged workout has already (not posted).
  var present: [ImportedWorkout] = []
  /// The ids of every workout logged before the import.
  var loggedIds: Set<String>

  init(plan: ImportPlan, units: ImportUnits, logged: [WorkoutLogDto], replace: Bool) {
    self.plan = plan
    self.units = units
    loggedIds = Set(logged.map(\.id))
    var byKey: [String: [WorkoutLogDto]] = [:]
    for log in logged {
      guard let date = ISO8601Instant.date(from: log.loggedAt) else { continue }
      byKey[Self.key(date, log.label ?? ""), default: []].append(log)
    }
    for workout in plan.workouts {
      let matches = byKey[Self.key(workout.performedAt, workout.title)] ?? []
      let imported = matches.filter { $0.programId == nil && $0.dayId == nil }.map(\.id)
      if replace, matches.count == imported.count {
        postings.append(
          ImportPosting(
            workout: workout, replacing: imported,
            idempotencyKey: workout.replacementKey(replacing: imported)))
      } else if matches.isEmpty {
        postings.append(
          ImportPosting(workout: workout, replacing: [], idempotencyKey: workout.idempotencyKey))
      } else {
        present.append(workout)
      }
    }
  }

  /// A logged workout's identity for "already there": its time to the second and its name.
  static func key(_ date: Date, _ title: String) -> String {
    "\(Int(date.timeIntervalSince1970.rounded(.down)))|\(title)"
  }

  func lines(dryRun: Bool) -> [String] {
    var lines = [
      "\(plan.layout.rawValue) export: \(plan.workouts.count) workouts", "units: \(units)",
    ]
    for name in plan.matches.keys.sorted() {
      if let matched = plan.matches[name] ?? nil {
        lines.append("  \(name) -> \(matched.name) (\(matched.id))")
      } else {
        let id =
          plan.workouts.lazy.flatMap(\.entries).first { $0.name == name }?.exerciseId
          ?? ExerciseNames.importedID(name)
        lines.append("  \(name): kept as its own exercise (\(id))")
      }
    }
    for posting in postings {
      let workout = posting.workout
      let sets = workout.entries.map(\.sets.count).reduce(0, +)
      let verb =
        posting.replacing.isEmpty
        ? (dryRun ? "would add" : "adding") : (dryRun ? "would replace" : "replacing")
      lines.append(
        "\(verb) \(ISO8601Instant.text(workout.performedAt)) \"\(workout.title)\":"
          + " \(workout.entries.count) exercises, \(sets) sets"
          + (workout.durationSec.map { ", \(Self.duration($0))" } ?? ""))
    }
    if !present.isEmpty {
      lines.append(
        "\(present.count) workouts are there already"
          + " (--replace replaces those an earlier import added)")
    }
    if dryRun {
      let replacing = postings.filter { !$0.replacing.isEmpty }.count
      lines.append(
        "would add \(postings.count) workouts"
          + (replacing > 0 ? ", \(replacing) of them replacing an earlier import's" : "")
          + "; nothing was posted (--dry-run)")
    }
    return lines
  }

  /// `1h 4m`, `55m`, `45s`.
  static func duration(_ seconds: Int) -> String {
    let hours = seconds / 3600
    let minutes = seconds % 3600 / 60
    if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
    return minutes > 0 ? "\(minutes)m" : "\(seconds)s"
  }
}

/// What the server did with an import's posts, as it answered them.
struct ImportOutcome {
  /// Stored as new workouts.
  var added = 0
  /// Answered with a workout logged before the import: the server stored nothing.
  var hadAlready = 0
  /// Answered as imported once and deleted since: the server stored nothing.
  var deletedBefore = 0
  /// Logged workouts of an earlier import deleted after their replacement was stored.
  var replaced = 0

  /// Posts `posting`, then deletes what it replaces once the server has stored it.
  mutating func post(
    _ posting: ImportPosting, to client: TraineeAPIClient, known: Set<String>
  ) async throws {
    let workout = posting.workout
    let payload = LogWorkoutPayload(
      programId: nil, dayId: nil, label: workout.title, durationSec: workout.durationSec,
      completed: true, entries: workout.entries,
      performedAt: ISO8601Instant.text(workout.performedAt))
    let answer = try await client.logWorkout(payload, idempotencyKey: posting.idempotencyKey)
    if answer.deleted {
      deletedBefore += 1
      return
    }
    if known.contains(answer.id) {
      hadAlready += 1
      return
    }
    added += 1
    for id in posting.replacing where id != answer.id {
      try await client.deleteWorkoutLog(id: id)
      replaced += 1
    }
  }

  /// `added 3 workouts; ...` for `posted` posts.
  func summary(of posted: Int) -> String {
    var parts = ["added \(added) workouts"]
    if replaced > 0 { parts.append("deleted the \(replaced) they replace") }
    if hadAlready > 0 {
      parts.append("the server had \(hadAlready) already and stored nothing for them")
    }
    if deletedBefore > 0 {
      parts.append(
        "\(deletedBefore) were imported before and deleted since, so the server stored nothing"
          + " for them (--replace imports them again)")
    }
    return parts.joined(separator: "; ")
  }
}
