import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-coachs-words.md, "Through the studio's scope": every coach write asks
// the visibility rule in its own write transaction, and a record the rule hides is the same
// `.some(nil)` as a record the trainee does not have. A review clears the log's
// `awaiting_review` and feedback sets `feedback`, in the same transaction, so the roster's open
// items follow at once (docs/decisions/the-coachs-roster.md, "Kept on write").

extension DatabaseTraineeStore {
  /// `body` with what `studio` may see of `trainee`, in one write transaction of the trainee;
  /// `nil` (and `body` never called) while the trainee has no live link to the studio, or
  /// there is no such trainee (the same 404 to the coach, never the 401 of a trainee's write).
  package func visibleWrite<T>(
    of trainee: TraineeID, to studio: StudioID,
    _ body: (StudioVisibility, any DatabaseConnection) throws -> T
  ) throws -> T? {
    do {
      return try write(trainee) { db in
        guard let visibility = try StudioVisibility.of(trainee, to: studio, db) else {
          return nil
        }
        return try body(visibility, db)
      }
    } catch TraineeStoreError.traineeNotFound {
      return nil
    }
  }

  public func reviewWorkout(
    _ log: WorkoutLogID, of trainee: TraineeID, by studio: StudioID,
    _ review: WorkoutReviewRequestDto
  ) throws -> WorkoutReview?? {
    let reviewedAt = now().wholeMilliseconds
    return try visibleWrite(of: trainee, to: studio) { visibility, db -> WorkoutReview? in
      let filter = visibility.recordFilter(tagColumn: "studio_id")
      guard
        let payload = try db.row(
          "SELECT payload FROM workout_logs WHERE id = ? AND trainee_id = ? AND \(filter.sql)",
          [log.value, trainee.value] + filter.values, { try $0.text(0) ?? "" })
      else { return nil }
      let entries = try JSONDecoder().decode(LogWorkoutPayload.self, from: Data(payload.utf8))
        .entries
      try Self.checkSetComments(review.setComments, against: entries)
      let comments = String(
        decoding: try Self.sortedEncoder.encode(review.setComments), as: UTF8.self)
      try db.run(
        """
        INSERT INTO workout_reviews (log_id, trainee_id, studio_id, verdict, comment,
          set_comments, reviewed_at, seen_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
        ON CONFLICT (log_id) DO UPDATE SET studio_id = excluded.studio_id,
          verdict = excluded.verdict, comment = excluded.comment,
          set_comments = excluded.set_comments, reviewed_at = excluded.reviewed_at,
          seen_at = NULL
        """,
        [
          log.value, trainee.value, studio.value, .text(review.verdict.rawValue),
          DatabaseValue(review.comment), .text(comments), .integer(reviewedAt.milliseconds),
        ])
      _ = try db.run(
        "UPDATE workout_summaries SET awaiting_review = 0 WHERE log_id = ? AND trainee_id = ?",
        [log.value, trainee.value])
      try StudioEventLog.append(
        .workoutReviewed, to: studio, trainee: trainee, subject: log.rawValue,
        at: reviewedAt.milliseconds, db)
      return WorkoutReview(
        verdict: review.verdict, comment: review.comment, setComments: review.setComments,
        reviewedAt: reviewedAt, seenAt: nil)
    }
  }

  /// The review of one of `trainee`'s logs, or `nil` when it has none.
  public func workoutReview(
    of log: WorkoutLogID, for trainee: TraineeID
  ) throws
    -> WorkoutReview?
  {
    try read(statement: true) { db in
      try db.row(
        "SELECT \(WorkoutReview.columns) FROM workout_reviews WHERE log_id = ? AND trainee_id = ?",
        [log.value, trainee.value], named: WorkoutReview.columns, WorkoutReview.init(row:))
    }
  }

  /// Marks the review of one of `trainee`'s logs seen (once: a second mark keeps the first
  /// time); `false` when the log has no review.
  public func markReviewSeen(_ log: WorkoutLogID, for trainee: TraineeID) throws -> Bool {
    let seenAt = now().milliseconds
    return try traineeWrite(trainee) { db in
      try db.run(
        """
        UPDATE workout_reviews SET seen_at = COALESCE(seen_at, ?)
        WHERE log_id = ? AND trainee_id = ?
        """, [.integer(seenAt), log.value, trainee.value])
    } == 1
  }

  /// `trainee`'s reviews not seen yet, the latest first, at most `limit`.
  public func unseenReviews(for trainee: TraineeID, limit: Int) throws -> [UnseenReview] {
    let columns = DatabaseColumns(
      WorkoutReview.columns.qualified(by: "r").expressions + [
        "r.log_id AS log_id", "s.label AS label", "s.logged_at AS logged_at",
      ])
    return try read { db in
      try db.rows(
        """
        SELECT \(columns) FROM workout_reviews AS r
        JOIN workout_summaries AS s ON s.log_id = r.log_id
        WHERE r.trainee_id = ? AND r.seen_at IS NULL
        ORDER BY r.reviewed_at DESC, r.log_id DESC LIMIT ?
        """, [trainee.value, DatabaseValue(limit)], named: columns
      ) { row in
        UnseenReview(
          log: WorkoutLogID(rawValue: try row["log_id"]), label: try row["label"],
          loggedAt: Date(milliseconds: try row["logged_at"]),
          review: try WorkoutReview(row: row))
      }
    }
  }

  public func giveVideoFeedback(
    _ message: String, to video: TechniqueVideoID, of trainee: TraineeID, by studio: StudioID
  ) throws -> Bool? {
    let givenAt = now().milliseconds
    return try visibleWrite(of: trainee, to: studio) { visibility, db in
      let filter = visibility.recordFilter(tagColumn: "studio_id")
      let given =
        try db.run(
          """
          UPDATE technique_videos SET feedback = ?, feedback_seen_at = NULL, feedback_at = ?
          WHERE id = ? AND trainee_id = ? AND \(filter.sql)
          """,
          [.text(message), .integer(givenAt), video.value, trainee.value] + filter.values) == 1
      if given {
        try StudioEventLog.append(
          .videoFeedbackGiven, to: studio, trainee: trainee, subject: video.rawValue,
          at: givenAt, db)
      }
      return given
    }
  }

  public func coachNotes(on trainee: TraineeID, of studio: StudioID) throws -> CoachNotes? {
    try visibleRead(of: trainee, to: studio) { _, db in
      try db.row(
        "SELECT text, written_at FROM coach_notes WHERE trainee_id = ? AND studio_id = ?",
        [trainee.value, studio.value], named: CoachNotes.columns, CoachNotes.init(row:))
        ?? CoachNotes(text: "", writtenAt: nil)
    }
  }

  public func writeCoachNotes(
    _ text: String, on trainee: TraineeID, of studio: StudioID
  ) throws -> CoachNotes? {
    let writtenAt = now().wholeMilliseconds
    return try visibleWrite(of: trainee, to: studio) { _, db in
      guard !text.isEmpty else {
        _ = try db.run(
          "DELETE FROM coach_notes WHERE trainee_id = ? AND studio_id = ?",
          [trainee.value, studio.value])
        return CoachNotes(text: "", writtenAt: nil)
      }
      _ = try db.run(
        """
        INSERT INTO coach_notes (trainee_id, studio_id, text, written_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (trainee_id, studio_id) DO UPDATE SET text = excluded.text,
          written_at = excluded.written_at
        """,
        [trainee.value, studio.value, .text(text), .integer(writtenAt.milliseconds)])
      return CoachNotes(text: text, writtenAt: writtenAt)
    }
  }

  /// Refuses comments on a set the log does not have, or two on one set, naming the comment.
  static func checkSetComments(_ comments: [SetCommentDto], against entries: [LogEntry]) throws {
    var seen = Set<[Int]>()
    for (index, comment) in comments.enumerated() {
      let numbers =
        entries.indices.contains(comment.entryIndex)
        ? entries[comment.entryIndex].sets.map(\.setNumber) : []
      guard numbers.contains(comment.setNumber) else {
        throw TraineeStoreError.invalid(
          field: "setComments[\(index)]", problem: "names a set the workout does not have")
      }
      guard seen.insert([comment.entryIndex, comment.setNumber]).inserted else {
        throw TraineeStoreError.invalid(
          field: "setComments[\(index)]", problem: "comments a set commented before")
      }
    }
  }

  private static let sortedEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
}

extension WorkoutReview {
  /// The columns of `workout_reviews` a review is read from.
  static let columns = DatabaseColumns([
    "verdict", "comment", "set_comments", "reviewed_at", "seen_at",
  ])

  /// The review of a row that selects ``columns``.
  init(row: NamedRow) throws {
    let verdict: String = try row["verdict"]
    let comments: String = try row["set_comments"]
    let seen: Int64? = try row["seen_at"]
    self.init(
      verdict: ReviewVerdict(rawValue: verdict) ?? .reviewed, comment: try row["comment"],
      setComments: (try? JSONDecoder().decode([SetCommentDto].self, from: Data(comments.utf8)))
        ?? [],
      reviewedAt: Date(milliseconds: try row["reviewed_at"]),
      seenAt: seen.map(Date.init(milliseconds:)))
  }
}

extension CoachNotes {
  /// The columns of `coach_notes` notes are read from.
  static let columns = DatabaseColumns(["text", "written_at"])

  /// The notes of a row that selects ``columns``.
  init(row: NamedRow) throws {
    self.init(text: try row["text"], writtenAt: Date(milliseconds: try row["written_at"]))
  }
}
