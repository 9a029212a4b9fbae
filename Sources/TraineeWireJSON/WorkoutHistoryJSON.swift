import Foundation
import JSONWire
import TraineeAPI

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "a history page is written by hand": a page of 50
// workouts built again after a write spent most of its time in `JSONEncoder`, so a long history's
// first page cost nearly twice a fresh one's. These write the same bytes (WorkoutHistoryJSONTests
// compares them).

extension WorkoutHistoryDto {
  /// The page as `HTTPResponse.json` would encode it.
  package var answerJSON: [UInt8] {
    // NB: a workout's summary is about 220 bytes.
    var writer = SortedJSONWriter(capacity: 64 + 256 * workouts.count)
    writer.object {
      if let nextCursor { $0.member("nextCursor") { $0.string(nextCursor) } }
      $0.member("workouts") { writer in
        writer.array(workouts) { writer, workout in writer.workout(workout) }
      }
    }
    return writer.bytes
  }
}

extension WorkoutLogDto {
  /// The log as `HTTPResponse.json` would encode it.
  package var answerJSON: [UInt8] {
    var writer = SortedJSONWriter()
    writer.workout(self)
    return writer.bytes
  }
}

extension SortedJSONWriter {
  /// `value` as `HTTPResponse.json` encodes it: sorted keys, unescaped slashes.
  static func sortedJSON(_ value: some Encodable) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)) ?? Data("null".utf8)
  }

  mutating func workout(_ log: WorkoutLogDto) {
    object {
      $0.member("completed") { $0.bool(log.completed) }
      if let dayId = log.dayId { $0.member("dayId") { $0.string(dayId) } }
      $0.member("doneSetCount") { $0.integer(log.doneSetCount) }
      if let durationSec = log.durationSec { $0.member("durationSec") { $0.integer(durationSec) } }
      if let entries = log.entries {
        $0.member("entries") { writer in
          writer.array(entries) { writer, entry in writer.entry(entry) }
        }
      }
      $0.member("exerciseCount") { $0.integer(log.exerciseCount) }
      $0.member("id") { $0.string(log.id) }
      if let label = log.label { $0.member("label") { $0.string(label) } }
      $0.member("loggedAt") { $0.string(log.loggedAt) }
      if let note = log.note { $0.member("note") { $0.string(note) } }
      if let compared = log.prescribedBesidePerformed {
        // NB: only the coach's read of one log has it; JSONEncoder writes it once a request.
        $0.member("prescribedBesidePerformed") { $0.written(Self.sortedJSON(compared)) }
      }
      if let programId = log.programId { $0.member("programId") { $0.string(programId) } }
      if let programVersion = log.programVersion {
        $0.member("programVersion") { $0.integer(programVersion) }
      }
      if let review = log.review { $0.member("review") { $0.review(review) } }
      $0.member("volumeKg") { $0.integer(log.volumeKg) }
      $0.member("workoutNumber") { $0.integer(log.workoutNumber) }
    }
  }
}

extension SortedJSONWriter {
  /// A workout's review, as `JSONEncoder` with sorted keys writes ``WorkoutReviewDto``.
  mutating func review(_ review: WorkoutReviewDto) {
    object {
      if let comment = review.comment { $0.member("comment") { $0.string(comment) } }
      $0.member("reviewedAt") { $0.string(review.reviewedAt) }
      $0.member("seen") { $0.bool(review.seen) }
      $0.member("setComments") { writer in
        writer.array(review.setComments) { writer, comment in
          writer.object {
            $0.member("comment") { $0.string(comment.comment) }
            $0.member("entryIndex") { $0.integer(comment.entryIndex) }
            $0.member("setNumber") { $0.integer(comment.setNumber) }
          }
        }
      }
      $0.member("verdict") { $0.string(review.verdict.rawValue) }
    }
  }
}
