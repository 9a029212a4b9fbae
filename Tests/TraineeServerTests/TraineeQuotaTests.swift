import Foundation
import LockedValue
import Testing
import TraineeAPI

@testable import SQLStore
@testable import TraineeData
@testable import TraineeDatabaseSchema

private typealias F = StoreFixture

/// Per-trainee quotas (docs/security.md, "One trainee cannot fill the disk"), on both backends:
/// a write past a quota stores nothing, what is kept is counted as it changes, and the counts
/// and the write rate hold for several stores (processes) on one database.
@Suite(.timeLimit(.minutes(2))) struct TraineeQuotaTests {
  /// Small quotas, no pacing unless a test asks for it.
  static func quotas(
    _ records: [QuotaKind: RecordQuota], rate: WriteRate = WriteRate(perHour: 0, burst: 0)
  ) -> TraineeQuotas {
    TraineeQuotas(records: records, writeRate: rate)
  }

  static func store(
    _ backend: StoreBackend, _ quotas: TraineeQuotas,
    now: @escaping @Sendable () -> Date = {
      F.monday
    }
  ) throws -> DatabaseTraineeStore {
    try DatabaseTraineeStore(database: backend.makeDatabase(), now: now, quotas: quotas)
  }

  static let day = CalendarDate(year: 2026, month: 1, day: 5)!

  @Test(arguments: StoreBackend.available)
  func aWorkoutLogPastTheRecordQuotaStoresNothing(_ backend: StoreBackend) throws {
    let store = try Self.store(
      backend, Self.quotas([.workoutLogs: RecordQuota(records: 2, bytes: 1 << 20)]))
    let ada = try store.createTrainee(name: "Ada").trainee.id
    _ = try store.logWorkout(F.benchDay, idempotencyKey: "a", for: ada)
    _ = try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada)
    let before = try F.answers(ada, store, Self.day)
    let usage = try store.usage(of: ada)
    let refusal = TraineeStoreError.quotaExceeded(
      QuotaRefusal(kind: .workoutLogs, measure: .records, limit: 2, used: 2, adding: 1))
    for _ in 0..<2 {
      #expect(throws: refusal) {
        _ = try store.logWorkout(F.benchDay, idempotencyKey: "c", for: ada)
      }
    }
    #expect(try F.answers(ada, store, Self.day) == before)
    #expect(try store.usage(of: ada) == usage)
    #expect(store.writeQuotas.refusals["workout_logs.records"] == 2)
    // A retry of a stored log stores nothing and is answered as before, quota or not.
    #expect(try store.logWorkout(F.benchDay, idempotencyKey: "a", for: ada).workoutNumber == 1)
    // Another trainee has quotas of their own.
    let grace = try store.createTrainee(name: "Grace").trainee.id
    _ = try store.logWorkout(F.benchDay, idempotencyKey: "a", for: grace)
  }

  @Test(arguments: StoreBackend.available)
  func theBytesOfEveryKindAreCountedAsTheyChange(_ backend: StoreBackend) throws {
    let store = try Self.store(backend, Self.quotas([:]))
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let log = try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada)
    let keyed = try store.logWorkout(F.benchDay, idempotencyKey: "key-1", for: ada)
    let payload = F.benchDay.storedJSON.utf8.count
    // Each of the 2 done sets repeats the name, the exercise id and the label ("Day A").
    let copies = 2 * ("bench".utf8.count + "bench".utf8.count + "Day A".utf8.count)
    #expect(
      try store.usage(of: ada)[.workoutLogs]
        == RecordQuota(records: 2, bytes: 2 * (payload + copies) + "key-1".utf8.count))
    // Deleted, a log without a key frees its record; one whose key keeps its payload does not,
    // but its sets' copies are gone.
    #expect(try store.deleteWorkoutLog(log.id, for: ada))
    #expect(try store.deleteWorkoutLog(keyed.id, for: ada))
    #expect(
      try store.usage(of: ada)[.workoutLogs]
        == RecordQuota(records: 1, bytes: payload + "key-1".utf8.count))

    let items = #"[{"name":"Toast","kcal":200}]"#
    _ = try store.logMeal(
      date: Self.day, consumedAt: nil, itemsJSON: items,
      details: MealLogDetails(description: "été", photoPath: "p.jpg", idempotencyKey: "m"),
      for: ada)
    #expect(
      try store.usage(of: ada)[.mealLogs]
        == RecordQuota(records: 1, bytes: items.utf8.count + "été".utf8.count + 5 + 1))

    try store.saveNutritionDay(Self.day, json: #"{"eaten":{"a":true}}"#, for: ada)
    try store.saveNutritionDay(Self.day, json: #"{"eaten":{}}"#, for: ada)
    #expect(try store.usage(of: ada)[.nutritionDays] == RecordQuota(records: 1, bytes: 12))

    let swap = Substitution(
      programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
      toExerciseId: "db-press")
    try store.saveSubstitution(swap, for: ada)
    try store.saveSubstitution(swap, for: ada)
    #expect(try store.usage(of: ada)[.substitutions] == RecordQuota(records: 1, bytes: 29))
    var undo = swap
    undo.toExerciseId = "bench"
    try store.saveSubstitution(undo, for: ada)
    #expect(try store.usage(of: ada)[.substitutions] == RecordQuota(records: 0, bytes: 0))

    _ = try store.addTechniqueVideo(url: "https://v/1", exerciseId: "bench", for: ada)
    #expect(try store.usage(of: ada)[.techniqueVideos] == RecordQuota(records: 1, bytes: 16))
  }

  @Test(arguments: StoreBackend.available)
  func aWriteThatKeepsOrLowersWhatIsKeptIsTakenPastAQuota(_ backend: StoreBackend) throws {
    let store = try Self.store(
      backend, Self.quotas([.nutritionDays: RecordQuota(records: 1, bytes: 20)]))
    let ada = try store.createTrainee(name: "Ada").trainee.id
    try store.saveNutritionDay(Self.day, json: #"{"eaten":{"a":true}}"#, for: ada)
    let other = CalendarDate(year: 2026, month: 1, day: 4)!
    #expect(throws: TraineeStoreError.self) {
      try store.saveNutritionDay(other, json: "{}", for: ada)
    }
    #expect(throws: TraineeStoreError.self) {
      try store.saveNutritionDay(Self.day, json: #"{"eaten":{"a":true,"b":1}}"#, for: ada)
    }
    try store.saveNutritionDay(Self.day, json: #"{"eaten":{}}"#, for: ada)
    #expect(try store.nutritionDay(Self.day, for: ada) == #"{"eaten":{}}"#)
    #expect(try store.nutritionDay(other, for: ada) == nil)
  }

  @Test(arguments: StoreBackend.available)
  func aMealLogPastTheBytesQuotaStoresNothing(_ backend: StoreBackend) throws {
    let items = #"[{"name":"Toast","kcal":200}]"#
    let store = try Self.store(
      backend, Self.quotas([.mealLogs: RecordQuota(records: 100, bytes: 2 * items.utf8.count)]))
    let ada = try store.createTrainee(name: "Ada").trainee.id
    for _ in 0..<2 {
      _ = try store.logMeal(date: Self.day, consumedAt: nil, itemsJSON: items, for: ada)
    }
    #expect(
      throws: TraineeStoreError.quotaExceeded(
        QuotaRefusal(
          kind: .mealLogs, measure: .bytes, limit: 2 * items.utf8.count,
          used: 2 * items.utf8.count, adding: items.utf8.count))
    ) {
      _ = try store.logMeal(date: Self.day, consumedAt: nil, itemsJSON: items, for: ada)
    }
    #expect(try store.mealLogs(on: Self.day, for: ada).count == 2)
  }

  /// Writes from two stores on one database (two processes) share the trainee's counts: of 12
  /// posts at once against a quota of 5, exactly 5 are stored.
  @Test(arguments: StoreBackend.available)
  func postsFromTwoProcessesAtOncePassTheQuotaNoFurther(_ backend: StoreBackend) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-quota-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let location = try backend.makeSharedLocation(in: directory)
    let quotas = Self.quotas([.workoutLogs: RecordQuota(records: 5, bytes: 1 << 20)])
    let stores = try (0..<2).map { _ in
      try DatabaseTraineeStore(database: backend.open(location), quotas: quotas)
    }
    defer { stores.forEach { $0.database.close() } }
    let ada = try stores[0].createTrainee(name: "Ada").trainee.id
    let outcomes = Locked<[Bool]>([])
    DispatchQueue.concurrentPerform(iterations: 12) { index in
      let stored = (try? stores[index % 2].logWorkout(F.benchDay, idempotencyKey: nil, for: ada))
      outcomes.withLock { $0.append(stored != nil) }
    }
    #expect(outcomes.withLock { $0.filter { $0 }.count } == 5)
    #expect(try stores[1].workoutHistory(for: ada).count == 5)
    #expect(try stores[1].usage(of: ada)[.workoutLogs]?.records == 5)
  }

  /// The write rate holds across processes: each store lets the trainee through by its own
  /// pacing, and the schedule on the trainee's row refuses what both together go past.
  @Test(arguments: StoreBackend.available)
  func theWriteRateHoldsForTwoProcesses(_ backend: StoreBackend) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-quota-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let location = try backend.makeSharedLocation(in: directory)
    let clock = Locked(F.monday)
    let quotas = Self.quotas([:], rate: WriteRate(perHour: 3600, burst: 3))
    let stores = try (0..<2).map { _ in
      try DatabaseTraineeStore(
        database: backend.open(location), now: { clock.withLock { $0 } }, quotas: quotas)
    }
    defer { stores.forEach { $0.database.close() } }
    let ada = try stores[0].createTrainee(name: "Ada").trainee.id
    try stores[0].saveNutritionDay(Self.day, json: "{}", for: ada)
    try stores[1].saveNutritionDay(Self.day, json: "{}", for: ada)
    try stores[0].saveNutritionDay(Self.day, json: "{}", for: ada)
    #expect(throws: TraineeStoreError.writeRateExceeded(retryAfterSeconds: 1)) {
      try stores[1].saveNutritionDay(Self.day, json: #"{"late":1}"#, for: ada)
    }
    #expect(try stores[1].nutritionDay(Self.day, for: ada) == "{}")
    #expect(stores[1].writeQuotas.refusals["write_rate"] == 1)
    // Another trainee is paced alone.
    let grace = try stores[1].createTrainee(name: "Grace").trainee.id
    try stores[1].saveNutritionDay(Self.day, json: "{}", for: grace)
    // A slot later, one more write is taken.
    clock.withLock { $0 += 1 }
    try stores[1].saveNutritionDay(Self.day, json: #"{"late":1}"#, for: ada)
  }

  /// The schema step's fill counts what a database holds as the store counts it as it writes.
  @Test(arguments: StoreBackend.available)
  func theFillOfVersion15CountsAsTheStoreDoes(_ backend: StoreBackend) throws {
    let store = try Self.store(backend, .unlimited)
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let kept = try store.logWorkout(F.benchDay, idempotencyKey: "k1", for: ada)
    let dropped = try store.logWorkout(F.benchDay, idempotencyKey: nil, for: ada)
    _ = try store.logWorkout(F.benchDay, idempotencyKey: "k3", for: ada)
    #expect(try store.deleteWorkoutLog(kept.id, for: ada))
    #expect(try store.deleteWorkoutLog(dropped.id, for: ada))
    _ = try store.logMeal(
      date: Self.day, consumedAt: nil, itemsJSON: "[]",
      details: MealLogDetails(description: "d", photoPath: nil, idempotencyKey: "m"), for: ada)
    try store.saveNutritionDay(Self.day, json: #"{"eaten":{}}"#, for: ada)
    try store.saveSubstitution(
      Substitution(
        programId: "p", dayId: "d", rowId: "r", fromExerciseId: "a", toExerciseId: "b"),
      for: ada)
    _ = try store.addTechniqueVideo(url: "https://v", exerciseId: nil, for: ada)
    let counted = try store.usage(of: ada)
    #expect(counted.count == QuotaKind.allCases.count)

    try store.database.writeTransaction(.readCommitted) { db in
      try db.execute(
        "DROP TABLE trainee_usage; ALTER TABLE trainees DROP COLUMN writes_paced_to;")
      try store.database.setSchemaVersion(14, db)
    }
    // Only step 15: the later steps' tables are there already.
    #expect(
      try Migrations.migrate(store.database, with: Array(TraineeSchema.migrations.prefix(15)))
        == 15)
    #expect(try store.usage(of: ada) == counted)
    // A PostgreSQL schema goes back to the pool for later tests, which expect the current version.
    try store.database.writeTransaction(.readCommitted) { db in
      try store.database.setSchemaVersion(TraineeSchema.version, db)
    }
  }

  @Test(arguments: StoreBackend.available)
  func traineesNearAQuotaAreCountedWithoutNamingThem(_ backend: StoreBackend) throws {
    let store = try Self.store(
      backend, Self.quotas([.techniqueVideos: RecordQuota(records: 5, bytes: 1 << 20)]))
    let ada = try store.createTrainee(name: "Ada").trainee.id
    let grace = try store.createTrainee(name: "Grace").trainee.id
    for _ in 0..<4 { _ = try store.addTechniqueVideo(url: "https://v", exerciseId: nil, for: ada) }
    for _ in 0..<3 {
      _ = try store.addTechniqueVideo(url: "https://v", exerciseId: nil, for: grace)
    }
    #expect(
      try store.traineesNearQuotas() == [
        "technique_videos.records": 1, "technique_videos.bytes": 0,
      ])
    let text = store.renderQuotaMetrics()
    #expect(text.contains(#"perform_quota_trainees_near{quota="technique_videos.records"} 1"#))
    #expect(text.contains(#"perform_quota_limit{quota="technique_videos.records"} 5"#))
    #expect(text.contains(#"perform_quota_refusals_total{quota="write_rate"} 0"#))
    #expect(!text.contains(ada.description) && !text.contains(grace.description))
  }
}

/// The pacing of writes as a value (docs/security.md, "One trainee cannot fill the disk"): a
/// table of where a schedule ends, now, and the decision.
struct WritePacingTests {
  /// 3,600 an hour (a slot a second), bursts of 3; times in milliseconds.
  static let pacing = WritePacing(rate: WriteRate(perHour: 3600, burst: 3))

  @Test(
    arguments: [
      (nil, 10_000, WritePacing.Decision.admitted(pacedTo: 11_000)),
      (11_000, 10_000, .admitted(pacedTo: 12_000)),
      (12_000, 10_000, .admitted(pacedTo: 13_000)),
      (13_000, 10_000, .refused(retryAfterMilliseconds: 1_000)),
      (13_000, 10_500, .refused(retryAfterMilliseconds: 500)),
      (13_000, 11_000, .admitted(pacedTo: 14_000)),
      // Long quiet: the schedule starts from now.
      (13_000, 60_000, .admitted(pacedTo: 61_000)),
      // Further ahead than pacing ever puts it: the clock went back, start again from now.
      (3_600_000, 10_000, .admitted(pacedTo: 11_000)),
    ] as [(Int64?, Int64, WritePacing.Decision)])
  func aWriteTakesTheNextSlotWithinTheBurst(
    pacedTo: Int64?, now: Int64, decision: WritePacing.Decision
  ) {
    #expect(Self.pacing.decide(pacedTo: pacedTo, now: now) == decision)
  }

  @Test func offPacesNothingAndRetryAfterIsWholeSecondsAtLeastOne() {
    #expect(
      WritePacing(rate: WriteRate(perHour: 0, burst: 0)).decide(pacedTo: 1 << 40, now: 0)
        == .unpaced)
    #expect(WritePacing.seconds(1) == 1 && WritePacing.seconds(1000) == 1)
    #expect(WritePacing.seconds(1001) == 2)
  }

  /// A trainee this process paced past the rate is refused before any transaction: the
  /// database counts no write for it.
  @Test func aTraineePastTheRateCostsTheDatabaseNothing() throws {
    let store = try DatabaseTraineeStore(
      database: SQLiteDatabase.inMemory(), now: { F.monday },
      quotas: TraineeQuotas(records: [:], writeRate: WriteRate(perHour: 60, burst: 1)))
    let ada = try store.createTrainee(name: "Ada").trainee.id
    try store.saveNutritionDay(TraineeQuotaTests.day, json: "{}", for: ada)
    let transactions = store.metrics.render()
    for _ in 0..<3 {
      #expect(throws: TraineeStoreError.writeRateExceeded(retryAfterSeconds: 60)) {
        try store.saveNutritionDay(TraineeQuotaTests.day, json: "{}", for: ada)
      }
    }
    #expect(store.metrics.render() == transactions)
    #expect(store.writeQuotas.refusals["write_rate"] == 3)
  }

  /// Marking the coach's words seen is a write the trainee asks for, paced as every other:
  /// a review's mark as a video feedback's.
  @Test func marksOfTheCoachsWordsAreWritesPacedByTheRate() throws {
    let store = try DatabaseTraineeStore(
      database: SQLiteDatabase.inMemory(), now: { F.monday },
      quotas: TraineeQuotas(records: [:], writeRate: WriteRate(perHour: 60, burst: 1)))
    let ada = try store.createTrainee(name: "Ada").trainee.id
    _ = try store.markReviewSeen(WorkoutLogID(rawValue: 1), for: ada)
    #expect(throws: TraineeStoreError.writeRateExceeded(retryAfterSeconds: 60)) {
      _ = try store.markReviewSeen(WorkoutLogID(rawValue: 1), for: ada)
    }
    #expect(throws: TraineeStoreError.writeRateExceeded(retryAfterSeconds: 60)) {
      _ = try store.markFeedbackSeen(TechniqueVideoID(rawValue: 1), for: ada)
    }
  }
}
