import Foundation
import SQLStore
import TraineeAPI

// A trainee's technique videos and the coach's feedback on them.

extension DatabaseTraineeStore {
  public func addTechniqueVideo(
    url: String, exerciseId: String?, studio: StudioID?, for trainee: TraineeID
  ) throws
    -> TechniqueVideo
  {
    let submittedAt = now()
    let id = try traineeWrite(trainee) { db in
      try charge(
        .techniqueVideos, records: 1, bytes: url.utf8.count + exerciseId.byteCount,
        of: trainee, db)
      let tag = try Self.studioTag(studio, now: submittedAt.milliseconds, db)
      let id = try insertRecord(
        .techniqueVideo,
        [
          "trainee_id": trainee.value, "url": .text(url),
          "exercise_id": DatabaseValue(exerciseId),
          "submitted_at": .integer(submittedAt.milliseconds), "studio_id": tag,
        ], of: trainee, db)
      try Self.appendEvent(
        .techniqueVideoSent, trainee: trainee, tag: tag, subject: id,
        at: submittedAt.milliseconds, db)
      return TechniqueVideoID(rawValue: id)
    }
    return TechniqueVideo(
      id: id, url: url, exerciseId: exerciseId, submittedAt: submittedAt.wholeMilliseconds)
  }

  public func techniqueVideos(for trainee: TraineeID) throws -> [TechniqueVideo] {
    try read { db in
      try db.rows(
        """
        SELECT \(TechniqueVideo.columns)
        FROM technique_videos WHERE trainee_id = ? ORDER BY id
        """, [trainee.value], named: TechniqueVideo.columns, TechniqueVideo.init(row:))
    }
  }

  public func addCoachFeedback(
    _ message: String, to video: TechniqueVideoID, for trainee: TraineeID
  ) throws -> Bool {
    try write(trainee) { db in
      try db.run(
        """
        UPDATE technique_videos SET feedback = ?, feedback_seen_at = NULL
        WHERE id = ? AND trainee_id = ?
        """, [.text(message), video.value, trainee.value])
    } == 1
  }

  public func markFeedbackSeen(_ video: TechniqueVideoID, for trainee: TraineeID) throws -> Bool {
    let seenAt = now().milliseconds
    return try traineeWrite(trainee) { db in
      try db.run(
        """
        UPDATE technique_videos SET feedback_seen_at = COALESCE(feedback_seen_at, ?)
        WHERE id = ? AND trainee_id = ?
        """, [.integer(seenAt), video.value, trainee.value])
    } == 1
  }
}
