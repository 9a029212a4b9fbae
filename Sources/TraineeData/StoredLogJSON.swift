import JSONWire
import TraineeAPI

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "the stored log is written by hand": a log post encoded
// its payload with Foundation's `JSONEncoder` to store it, a seventh of the post's cost. This
// writes the same bytes (sorted keys, slashes as they are, absent optionals left out where the
// type's `encode(to:)` leaves them out and `null` where it writes one); StoredLogJSONTests compares
// the two on every variation of a log.

extension LogWorkoutPayload {
  /// The payload as stored: exactly what `JSONEncoder` with `.sortedKeys` and
  /// `.withoutEscapingSlashes` writes for it.
  package var storedJSON: String {
    var writer = SortedJSONWriter()
    writer.object {
      $0.member("completed") { $0.bool(completed) }
      if let dayId { $0.member("dayId") { $0.string(dayId) } }
      if let durationSec { $0.member("durationSec") { $0.integer(durationSec) } }
      $0.member("entries") { writer in
        writer.array(entries) { writer, entry in writer.entry(entry) }
      }
      if let label { $0.member("label") { $0.string(label) } }
      if let performedAt { $0.member("performedAt") { $0.string(performedAt) } }
      if let programId { $0.member("programId") { $0.string(programId) } }
    }
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

extension SortedJSONWriter {
  package mutating func entry(_ entry: LogEntry) {
    object {
      $0.member("done") { $0.bool(entry.done) }
      $0.member("exerciseId") { $0.string(entry.exerciseId) }
      $0.member("name") { $0.string(entry.name) }
      $0.member("sets") { writer in
        writer.array(entry.sets) { writer, set in
          switch set {
          case .strength(let set): writer.strength(set)
          case .cardio(let set): writer.cardio(set)
          }
        }
      }
      $0.member("tempo") { $0.optionalString(entry.tempo) }
    }
  }

  mutating func strength(_ set: StrengthLogSet) {
    object {
      $0.member("done") { $0.bool(set.done) }
      if let isRecord = set.isRecord { $0.member("isRecord") { $0.bool(isRecord) } }
      $0.member("reps") { $0.optionalInteger(set.reps) }
      $0.member("rir") { $0.optionalString(set.rir) }
      $0.member("rm") { $0.optionalString(set.rm) }
      $0.member("setNumber") { $0.integer(set.setNumber) }
      if let setType = set.setType { $0.member("setType") { $0.string(setType.rawValue) } }
      $0.member("targetReps") { $0.optionalInteger(set.targetReps) }
      $0.member("weight") { $0.optionalNumber(set.weight) }
    }
  }

  mutating func cardio(_ set: CardioLogSet) {
    object {
      $0.member("distanceKm") { $0.optionalNumber(set.distanceKm) }
      $0.member("done") { $0.bool(set.done) }
      $0.member("durationSec") { $0.optionalInteger(set.durationSec) }
      $0.member("rpe") { $0.optionalString(set.rpe) }
      $0.member("setNumber") { $0.integer(set.setNumber) }
    }
  }
}

extension LoggedWorkoutDto {
  /// The answer to a log post, as `HTTPResponse.json` would write it (`JSONEncoder` with sorted
  /// keys): written by hand, as the post's answer is on its hot path.
  package var sortedJSON: [UInt8] {
    var writer = SortedJSONWriter()
    writer.object {
      if deleted { $0.member("deleted") { $0.bool(true) } }
      $0.member("id") { $0.string(id) }
      $0.member("workoutNumber") { $0.integer(workoutNumber) }
    }
    return writer.bytes
  }
}
