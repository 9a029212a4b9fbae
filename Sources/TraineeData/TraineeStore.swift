import Foundation
import SQLStore
import TraineeAPI

// NB: docs/decisions/the-server-http-routes-and-storage.md, "Server storage": storage sits behind a
// protocol, so PostgreSQL is a second driver and the routes did not change. Calls are synchronous
// because libmicrohttpd calls the routes on its own threads, which may block; libpq's calls block
// the same way. Every write returns only after it is committed. Every trainee-owned record is
// reached through the trainee's id: another trainee's id reads as absent (`nil`, `false` or empty),
// which the routes answer 404.

/// Everything the trainee API keeps: trainees and their tokens, programs, substitutions, workout
/// logs, technique videos, notification configs and nutrition.
///
/// Methods throw `TraineeStoreError`: `traineeNotFound` when the trainee does not exist,
/// `invalid` for input the store checks, `storageFailed` when the storage itself fails.
public protocol TraineeStore: CoachProgramStore, CoachMealPlanStore, NotificationTextStore,
  Sendable
{
  /// Throws when the database does not answer a trivial read (`GET /readyz`).
  func checkReadiness() throws

  // MARK: Trainees

  /// Creates a trainee named `name` (trimmed, not empty) with a new bearer token; the token is
  /// returned once and only its SHA-256 is stored.
  func createTrainee(name: String) throws -> NewTrainee
  /// The trainee whose token this is, or `nil` for an unknown token.
  func trainee(forToken token: String) throws -> Trainee?
  /// The trainee whose token this is with the trainee's answer version, or `nil` for an unknown
  /// token. Every write for the trainee raises the version in its own transaction.
  func versionedTrainee(forToken token: String) throws -> VersionedTrainee?
  /// Why `token` names no trainee, for a token `trainee(forToken:)` refused: so the server
  /// can tell an access token past its expiry, and a coach's or an operator's token, from one
  /// that names nothing.
  func refusal(ofToken token: String) throws -> TokenRefusalReason
  /// The trainee with this id, or `nil`.
  func trainee(id: TraineeID) throws -> Trainee?
  /// Every trainee, oldest first (by when each was created; two created in the same millisecond
  /// in the order of their ids).
  func trainees() throws -> [Trainee]
  /// Gives the trainee a new token, returned once; the old token stops working.
  func replaceToken(of trainee: TraineeID) throws -> String

  // MARK: Programs

  /// Makes `programs` the trainee's programs, replacing any imported before; they belong to the
  /// default studio.
  func importPrograms(_ programs: TrainingProgramsDto, for trainee: TraineeID) throws
  /// The trainee's programs: those imported, then those a coach assigned, each at the version
  /// the trainee reads; `nil` when none were imported or assigned.
  func programs(for trainee: TraineeID) throws -> TrainingProgramsDto?

  // MARK: Substitutions

  /// Saves the swap of one program row; a swap to the row's own exercise removes it.
  func saveSubstitution(_ substitution: Substitution, for trainee: TraineeID) throws
  /// The trainee's saved swaps, ordered by program, day and row.
  func substitutions(for trainee: TraineeID) throws -> [Substitution]

  // MARK: Workout logs

  /// Stores a finished workout, dated `loggedAt` (`nil`: now), tagged with `studio`, the studio
  /// the trainee uses (`nil`: the default studio), and counted on its date in `timeZone` (`nil`:
  /// the trainee's zone kept from an earlier write, else UTC). With an `idempotencyKey` the
  /// trainee used before for the same workout, stores nothing and returns the first answer
  /// again; used before for another workout, throws `idempotencyKeyReused`.
  func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String?, loggedAt: Date?, studio: StudioID?,
    timeZone: TimeZone?, for trainee: TraineeID
  ) throws -> LoggedWorkout
  /// The trainee's logged workouts, newest first.
  func workoutHistory(for trainee: TraineeID) throws -> [WorkoutLogRecord]
  /// A page of the summaries of the trainee's logged workouts, the latest done first (by
  /// `loggedAt`, then by id): at most `limit` of them, and only those after `cursor` in that
  /// order when it is given.
  func workoutSummaries(
    for trainee: TraineeID, after cursor: WorkoutHistoryCursor?, limit: Int
  ) throws -> [WorkoutLogSummary]
  /// One of the trainee's logged workouts, or `nil` (also for another trainee's log).
  func workoutLog(_ id: WorkoutLogID, for trainee: TraineeID) throws -> WorkoutLogRecord?
  /// Deletes one of the trainee's logged workouts; `false` when the trainee has no such log.
  func deleteWorkoutLog(_ id: WorkoutLogID, for trainee: TraineeID) throws -> Bool
  /// `lastSets` and `best` of every exercise the trainee has logged, by exercise id.
  func exerciseHistory(for trainee: TraineeID) throws -> [String: ExerciseHistory]
  /// One page of the trainee's done sets, oldest workout first, as `query` asks.
  func loggedSets(_ query: LoggedSetQuery, for trainee: TraineeID) throws -> LoggedSetPage

  // MARK: Technique videos

  /// Records a technique video the trainee sent, tagged with `studio` (`nil`: the default
  /// studio).
  func addTechniqueVideo(
    url: String, exerciseId: String?, studio: StudioID?, for trainee: TraineeID
  ) throws
    -> TechniqueVideo
  /// The trainee's technique videos, oldest first.
  func techniqueVideos(for trainee: TraineeID) throws -> [TechniqueVideo]
  /// Stores the coach's answer to a video (unseen again); `false` when the trainee has no such
  /// video.
  func addCoachFeedback(
    _ message: String, to video: TechniqueVideoID, for trainee: TraineeID
  )
    throws -> Bool
  /// Marks the coach's answer as seen; `false` when the trainee has no such video.
  func markFeedbackSeen(_ video: TechniqueVideoID, for trainee: TraineeID) throws -> Bool

  // MARK: Notification configs

  /// The trainee's notification configs: `REST_TIMER`, `WORKOUT_IDLE` and `WORKOUT_UNFINISHED`
  /// (enabled, without templates, unless saved otherwise), then any other saved type.
  func notificationConfigs(for trainee: TraineeID) throws -> [NotificationConfigDto]
  /// Saves the config of `config.type`, replacing the one before.
  func saveNotificationConfig(_ config: NotificationConfigDto, for trainee: TraineeID) throws

  // MARK: What a coach sees

  /// What `studio`'s coaches may see of `trainee`'s records (`StudioVisibility`); `nil` while
  /// the trainee has no live link to the studio.
  func studioVisibility(of trainee: TraineeID, to studio: StudioID) throws -> StudioVisibility?
  /// A page of `trainee`'s workout summaries as `studio`'s coaches may see them, as
  /// `workoutSummaries(for:after:limit:)` pages; `nil` while the trainee has no live link to
  /// the studio.
  func workoutSummaries(
    of trainee: TraineeID, visibleTo studio: StudioID, after cursor: WorkoutHistoryCursor?,
    limit: Int
  ) throws -> [WorkoutLogSummary]?
  /// One of `trainee`'s logs with its entries and the prescription kept with it, as `studio`'s
  /// coaches may see it: `nil` while the trainee has no live link to the studio, `.some(nil)`
  /// when there is no such log or the rule hides it.
  func workoutLog(
    _ id: WorkoutLogID, of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> PrescribedWorkoutLog??
  /// `trainee`'s nutrition days in `range` as `studio`'s coaches may see them, oldest first,
  /// each with its kept plan against eaten, and the studio's tolerance of the trainee; `nil`
  /// while the trainee has no live link to the studio.
  func nutritionDays(
    in range: NutritionDayRange, of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> CoachNutritionDays?
  /// A page of `trainee`'s technique videos as `studio`'s coaches may see them, the latest
  /// first, before `cursor`, at most `limit`; `nil` while the trainee has no live link.
  func techniqueVideos(
    of trainee: TraineeID, visibleTo studio: StudioID, before cursor: TechniqueVideoID?,
    limit: Int
  ) throws -> [TechniqueVideo]?
  /// A page of `studio`'s events feed after `cursor`, at most `limit` read, of `trainee` alone
  /// when given; `nil` when `trainee` is given and has no live link to the studio.
  func studioEvents(
    of studio: StudioID, after cursor: StudioEventCursor, limit: Int, trainee: TraineeID?
  ) throws -> StudioEventPage?
  /// The head of `studio`'s events feed, raised by every change of what the feed shows.
  func studioEventHead(of studio: StudioID) throws -> Int64

  // MARK: The coach's records and progress (docs/decisions/what-the-coach-sees.md)

  /// Each exercise's records over `trainee`'s logs `studio`'s coaches may see, by exercise id;
  /// `nil` while the trainee has no live link to the studio. The kept rows of the visible
  /// tags, combined: the cost follows the exercises, not the history.
  func exerciseRecords(
    of trainee: TraineeID, visibleTo studio: StudioID
  ) throws -> [ExerciseRecords]?
  /// The done sets of one exercise of `trainee` in workouts done from `from` (included) to
  /// `to` (excluded) that `studio`'s coaches may see, oldest first, at most `limit`; `nil`
  /// while the trainee has no live link to the studio.
  func progressSets(
    of trainee: TraineeID, exercise exerciseId: String, from: Date, to: Date,
    visibleTo studio: StudioID, limit: Int
  ) throws -> [LoggedSet]?

  // MARK: The coach's words (docs/decisions/the-coachs-words.md)

  /// Gives (or replaces) `studio`'s review of one of `trainee`'s logs, marked unseen: `nil`
  /// while the trainee has no live link to the studio, `.some(nil)` when there is no such log
  /// or the rule hides it. A comment on a set the log lacks throws `invalid`.
  func reviewWorkout(
    _ log: WorkoutLogID, of trainee: TraineeID, by studio: StudioID,
    _ review: WorkoutReviewRequestDto
  ) throws -> WorkoutReview??
  /// The review of one of `trainee`'s logs, or `nil` when it has none.
  func workoutReview(of log: WorkoutLogID, for trainee: TraineeID) throws -> WorkoutReview?
  /// Marks the review of one of `trainee`'s logs seen; `false` when the log has none.
  func markReviewSeen(_ log: WorkoutLogID, for trainee: TraineeID) throws -> Bool
  /// `trainee`'s reviews not seen yet, the latest first, at most `limit`.
  func unseenReviews(for trainee: TraineeID, limit: Int) throws -> [UnseenReview]
  /// Gives (or replaces) feedback on one of `trainee`'s videos, marked unseen: `nil` while the
  /// trainee has no live link to the studio, `false` when there is no such video or the rule
  /// hides it.
  func giveVideoFeedback(
    _ message: String, to video: TechniqueVideoID, of trainee: TraineeID, by studio: StudioID
  ) throws -> Bool?
  /// `studio`'s private notes on `trainee` (empty when none); `nil` while the trainee has no
  /// live link to the studio.
  func coachNotes(on trainee: TraineeID, of studio: StudioID) throws -> CoachNotes?
  /// Replaces `studio`'s private notes on `trainee` (an empty text deletes them); `nil` while
  /// the trainee has no live link to the studio.
  func writeCoachNotes(
    _ text: String, on trainee: TraineeID, of studio: StudioID
  ) throws -> CoachNotes?

  // MARK: Nutrition

  /// Makes `json` (the coach's plans as given) the trainee's nutrition plans, written by the
  /// default studio.
  func importNutritionPlans(json: String, for trainee: TraineeID) throws
  /// The trainee's nutrition plans: the studios' meal plans assigned to the trainee, then the
  /// imported document's plans (docs/decisions/the-coachs-meal-plans.md, "What the trainee
  /// reads"); the imported document byte for byte when nothing is assigned, `nil` without either.
  /// The one source of a trainee's plans: every read of a plan or its days starts here.
  func nutritionPlans(for trainee: TraineeID) throws -> String?
  /// Saves the trainee's snapshot of `date`, JSON text stored as given, replacing the one before,
  /// and returns the text stored. With `keepingStoredPortions` (the caller found no `portions`
  /// member in `json`, an object), the `portions` object of the snapshot being replaced, if it has
  /// one, is added to `json` in the same write, so a build that does not know about amounts does
  /// not clear them; only then is the text re-serialized. The day is tagged with `studio`, the
  /// studio of its latest save (`nil`: the default studio).
  @discardableResult
  func saveNutritionDay(
    _ date: CalendarDate, json: String, keepingStoredPortions: Bool, studio: StudioID?,
    for trainee: TraineeID
  ) throws -> String
  /// The trainee's snapshot of `date` as saved, or `nil`.
  func nutritionDay(_ date: CalendarDate, for trainee: TraineeID) throws -> String?
  /// Stores a meal log of `date` with its items (JSON text as given) and returns its id.
  /// Without `consumedAt` the meal counts as eaten when it is logged. Throws `limitReached` when
  /// the date has `StorageLimits.mealLogsPerDate` logs already (checked in the same write).
  func logMeal(
    date: CalendarDate, consumedAt: Date?, itemsJSON: String, for trainee: TraineeID
  ) throws -> MealLogID
  /// As ``logMeal(date:consumedAt:itemsJSON:for:)``, with the trainee's description and photo
  /// path; with an idempotency key, a log stored before under it answers its id again when the
  /// date, items, description and photo are the same, and throws `idempotencyKeyReused`
  /// otherwise.
  func logMeal(
    date: CalendarDate, consumedAt: Date?, itemsJSON: String, details: MealLogDetails,
    for trainee: TraineeID
  ) throws -> MealLogID
  /// The trainee's meal logs of `date`, in the order they were logged.
  func mealLogs(on date: CalendarDate, for trainee: TraineeID) throws -> [MealLog]
}

extension TraineeStore {
  /// Saves the trainee's snapshot of `date` exactly as given, replacing the one before, tagged
  /// with the default studio.
  @discardableResult
  public func saveNutritionDay(
    _ date: CalendarDate, json: String, for trainee: TraineeID
  ) throws -> String {
    try saveNutritionDay(
      date, json: json, keepingStoredPortions: false, studio: nil, for: trainee)
  }

  /// As `saveNutritionDay(_:json:keepingStoredPortions:studio:for:)`, tagged with the default
  /// studio.
  @discardableResult
  public func saveNutritionDay(
    _ date: CalendarDate, json: String, keepingStoredPortions: Bool, for trainee: TraineeID
  ) throws -> String {
    try saveNutritionDay(
      date, json: json, keepingStoredPortions: keepingStoredPortions, studio: nil, for: trainee)
  }

  /// Stores a finished workout dated now, tagged with the default studio, in the trainee's kept
  /// zone; see `logWorkout(_:idempotencyKey:loggedAt:studio:timeZone:for:)`.
  public func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String?, for trainee: TraineeID
  ) throws -> LoggedWorkout {
    try logWorkout(
      payload, idempotencyKey: idempotencyKey, loggedAt: nil, studio: nil, timeZone: nil,
      for: trainee)
  }

  /// Stores a finished workout tagged with the default studio, in the trainee's kept zone; see
  /// `logWorkout(_:idempotencyKey:loggedAt:studio:timeZone:for:)`.
  public func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String?, loggedAt: Date?, for trainee: TraineeID
  ) throws -> LoggedWorkout {
    try logWorkout(
      payload, idempotencyKey: idempotencyKey, loggedAt: loggedAt, studio: nil, timeZone: nil,
      for: trainee)
  }

  /// Stores a finished workout tagged with `studio`, in the trainee's kept zone; see
  /// `logWorkout(_:idempotencyKey:loggedAt:studio:timeZone:for:)`.
  public func logWorkout(
    _ payload: LogWorkoutPayload, idempotencyKey: String?, loggedAt: Date?, studio: StudioID?,
    for trainee: TraineeID
  ) throws -> LoggedWorkout {
    try logWorkout(
      payload, idempotencyKey: idempotencyKey, loggedAt: loggedAt, studio: studio, timeZone: nil,
      for: trainee)
  }

  /// Records a technique video tagged with the default studio.
  public func addTechniqueVideo(
    url: String, exerciseId: String?, for trainee: TraineeID
  ) throws -> TechniqueVideo {
    try addTechniqueVideo(url: url, exerciseId: exerciseId, studio: nil, for: trainee)
  }
}
