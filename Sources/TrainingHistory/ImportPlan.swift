import Foundation
import TraineeAPI

/// One workout of an import, ready to be posted once.
public struct ImportedWorkout: Equatable, Sendable {
  /// When it was done, as the file says.
  public var performedAt: Date
  /// The workout's name in the file (Strong's `Workout Name`, Hevy's `title`, our `day`).
  public var title: String
  public var durationSec: Int?
  /// The exercises in the order the file first names them, their sets renumbered from 1.
  public var entries: [LogEntry]
  /// The line of the file its first set was read from.
  public var firstLine: Int
  /// The key it is posted under: the same workout read again has the same key, so the server
  /// stores it once however often the file is imported.
  public var idempotencyKey: String
}

/// What an import adds: its workouts, and how its exercise names were matched.
public struct ImportPlan: Equatable, Sendable {
  public var layout: ImportLayout
  public var workouts: [ImportedWorkout]
  /// Each imported exercise name and the program exercise it was matched to (`nil`: kept as an
  /// exercise of its own), by name.
  public var matches: [String: NamedExercise?]

  /// Groups `sets` into workouts (same time and name), maps their exercises to `program`'s and
  /// checks the server's limits (100 exercises a workout, 100 sets an exercise).
  public init(
    layout: ImportLayout, sets: [ImportedSet], program: [NamedExercise]
  ) throws(ImportProblem) {
    self.layout = layout
    var matches: [String: NamedExercise?] = [:]
    var order: [String] = []
    var groups: [String: [ImportedSet]] = [:]
    for imported in sets {
      let key =
        "\(imported.set.performedAt.timeIntervalSince1970)|\(imported.set.dayLabel)|"
        + "\(imported.set.workoutNumber)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(imported)
      if matches[imported.set.exerciseName] == nil {
        let ownId = imported.set.exerciseId
        let byId = ownId.isEmpty ? nil : program.first { $0.id == ownId }
        matches[imported.set.exerciseName] = .some(
          byId ?? ExerciseNames.match(imported.set.exerciseName, in: program))
      }
    }
    var workouts: [ImportedWorkout] = []
    for key in order {
      let group = groups[key]!
      workouts.append(try Self.workout(group, matches: matches))
    }
    self.workouts = workouts.sorted { $0.performedAt < $1.performedAt }
    self.matches = matches
  }

  private static func workout(
    _ sets: [ImportedSet], matches: [String: NamedExercise?]
  ) throws(ImportProblem) -> ImportedWorkout {
    let first = sets[0]
    var entries: [LogEntry] = []
    var entryIndex: [String: Int] = [:]
    for imported in sets {
      let set = imported.set
      let matched = matches[set.exerciseName] ?? nil
      let exerciseId =
        matched?.id
        ?? (set.exerciseId.isEmpty
          ? ExerciseNames.importedID(set.exerciseName)
          : set.exerciseId)
      let index: Int
      if let known = entryIndex[exerciseId] {
        index = known
      } else {
        guard entries.count < 100 else {
          throw ImportProblem(line: imported.line, problem: "the workout has over 100 exercises")
        }
        index = entries.count
        entryIndex[exerciseId] = index
        entries.append(
          LogEntry(
            exerciseId: exerciseId, name: matched?.name ?? set.exerciseName, done: true,
            tempo: nil, sets: []))
      }
      let number = entries[index].sets.count + 1
      guard number <= 100 else {
        throw ImportProblem(line: imported.line, problem: "the exercise has over 100 sets")
      }
      if set.durationSec != nil || set.distanceKm != nil, set.weightKg == nil, set.reps == nil {
        entries[index].sets.append(
          .cardio(
            CardioLogSet(
              setNumber: number, durationSec: set.durationSec, distanceKm: set.distanceKm,
              rpe: nil, done: true)))
      } else {
        var logged = StrengthLogSet(
          setNumber: number, reps: set.reps, targetReps: nil, weight: set.weightKg, rir: set.rir,
          rm: nil, done: true)
        logged.setType = set.setType
        entries[index].sets.append(.strength(logged))
      }
    }
    let duration = sets.lazy.compactMap(\.workoutDurationSec).first
    return ImportedWorkout(
      performedAt: first.set.performedAt, title: first.set.dayLabel,
      durationSec: duration.map { min($0, 31 * 86_400) }, entries: entries, firstLine: first.line,
      idempotencyKey: ContentKey.of(
        ISO8601Instant.text(first.set.performedAt), first.set.dayLabel, entries))
  }
}

extension ImportedWorkout {
  /// The `Idempotency-Key` of this workout posted again by `--replace`, in place of the logged
  /// workouts `replacing` (their ids): a key of its own, so the server stores it again even when
  /// the first import of it was deleted, and the same for a retry of the same replacement.
  public func replacementKey(replacing: [String]) -> String {
    let bytes = Array(([idempotencyKey] + replacing.sorted()).joined(separator: "\u{0}").utf8)
    return "reimport-" + ContentKey.hex(ContentKey.fnv1a(bytes, seed: 0xcbf2_9ce4_8422_2325))
      + ContentKey.hex(ContentKey.fnv1a(bytes, seed: 0x6c62_272e_07bb_0142))
  }
}
