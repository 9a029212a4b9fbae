import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

private typealias F = StoreFixture

struct WorkoutRoutesTests {
  @Test(arguments: StoreBackend.available) func noImportedProgramsAnswersEmptyPlans(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let carol = try api.store.createTrainee(name: "Carol")
    let response = api.send(.get, "/v1/trainee/workouts", token: carol.token)
    #expect(response.status == .ok)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"movement":null,"plans":[]}"#)
  }

  @Test(arguments: StoreBackend.available) func programsComeAsImportedBeforeAnyLog(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    #expect(try api.programs(as: api.alice) == F.programs)
  }

  @Test(arguments: StoreBackend.available) func lastSetsAndBestComeFromTheLastTwoWorkouts(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    _ = try api.log(
      F.workout([F.entry("bench", [F.strength(1, 80, 5), F.strength(2, 70, 8)])]), as: api.alice)
    _ = try api.log(
      F.workout([
        F.entry("bench", [F.strength(1, 60, 10), F.strength(2, 90, 1, done: false)]),
        F.entry("db-press", [F.strength(1, 24, 12)]),
      ]),
      as: api.alice)
    let row = try api.benchRow(as: api.alice)
    #expect(row.lastSets == [LastSetDto(setNumber: 1, weight: "60", reps: "10")])
    // 80 x (30 + 5) = 2800 beats 60 x 40 = 2400 and 70 x 38 = 2660.
    #expect(row.best == BestDto(weight: 80, reps: 5))
    #expect(row.substitutes[0].lastSets == [LastSetDto(setNumber: 1, weight: "24", reps: "12")])
    #expect(row.substitutes[0].best == BestDto(weight: 24, reps: 12))
    #expect(try api.benchRow(as: api.bob).lastSets.isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aSavedSubstitutionIsShownAndUndone(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    _ = try api.log(F.workout([F.entry("db-press", [F.strength(1, 24, 12)])]), as: api.alice)
    #expect(try substitute(api, from: "bench", to: "db-press").status == .noContent)
    let swapped = try api.benchRow(as: api.alice)
    #expect(swapped.id == "row-1")
    #expect(swapped.exerciseId == "db-press")
    #expect(swapped.name == "Dumbbell press")
    #expect(swapped.lastSets == [LastSetDto(setNumber: 1, weight: "24", reps: "12")])
    #expect(swapped.substitutes.map(\.exerciseId) == ["bench"])
    #expect(swapped.substitutes[0].name == "Bench press")
    // Bob's programs are his own.
    #expect(try api.benchRow(as: api.bob).exerciseId == "bench")

    // The app, reloaded, swaps back from the shown exercise to the prescribed one.
    #expect(try substitute(api, from: "db-press", to: "bench").status == .noContent)
    #expect(try api.benchRow(as: api.alice).exerciseId == "bench")
    #expect(try api.store.substitutions(for: api.alice.trainee.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available, ["bench", "db-press"])
  func equalIdsUndoTheSwap(_ backend: StoreBackend, id: String) throws {
    let api = try WorkoutAPIFixture(backend)
    _ = try substitute(api, from: "bench", to: "db-press")
    #expect(try substitute(api, from: id, to: id).status == .noContent)
    #expect(try api.benchRow(as: api.alice).exerciseId == "bench")
  }

  @Test(arguments: StoreBackend.available) func aSubstitutionWithoutProgramIdFindsTheRow(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    _ = try substitute(api, programId: nil, from: "bench", to: "db-press")
    #expect(
      try api.store.substitutions(for: api.alice.trainee.id) == [
        Substitution(
          programId: "plan-1", dayId: "day-a", rowId: "row-1", fromExerciseId: "bench",
          toExerciseId: "db-press")
      ])
  }

  @Test(arguments: StoreBackend.available) func substitutionsOfUnknownRowsOrExercisesAreRefused(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let carol = try api.store.createTrainee(name: "Carol")
    let missing = try substitute(api, as: carol, from: "bench", to: "db-press")
    #expect(missing.status == .notFound)
    #expect(missing.errorBody?.code == "not_found")
    let unknownRow = try substitute(api, row: "row-9", from: "bench", to: "db-press")
    #expect(unknownRow.status == .notFound)
    let unknownExercise = try substitute(api, from: "bench", to: "squat")
    #expect(unknownExercise.status == .badRequest)
    #expect(unknownExercise.errorBody?.message.contains("toExerciseId") == true)
    #expect(try api.store.substitutions(for: api.alice.trainee.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aLogIsAnsweredWithIdAndWorkoutNumber(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let response = try api.send(
      .post, "/v1/trainee/workouts/log", token: api.alice.token, json: F.benchDay)
    #expect(response.status == .created)
    let first = try JSONDecoder().decode(LoggedWorkoutDto.self, from: response.body)
    #expect(first.workoutNumber == 1)
    #expect(try api.log(F.benchDay, as: api.alice).workoutNumber == 2)
    #expect(try api.log(F.benchDay, as: api.bob).workoutNumber == 1)
    let stored = try api.store.workoutLog(WorkoutLogID(first.id)!, for: api.alice.trainee.id)
    #expect(stored?.payload == F.benchDay)
  }

  @Test(arguments: StoreBackend.available) func aRetriedLogWithTheSameKeyIsStoredOnce(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let first = try api.log(F.benchDay, as: api.alice, key: "finish-42")
    let retry = try api.log(F.benchDay, as: api.alice, key: "finish-42")
    #expect(retry == first)
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).count == 1)
    // Another trainee's same key is another log.
    #expect(try api.log(F.benchDay, as: api.bob, key: "finish-42").workoutNumber == 1)
    #expect(try api.log(F.benchDay, as: api.alice, key: "finish-43").workoutNumber == 2)
  }

  @Test(
    arguments: StoreBackend.available, ["", String(repeating: "k", count: 201), "two words", "clé"])
  func badIdempotencyKeysAreRefused(_ backend: StoreBackend, key: String) throws {
    let api = try WorkoutAPIFixture(backend)
    let response = try api.send(
      .post, "/v1/trainee/workouts/log", token: api.alice.token, json: F.benchDay,
      headers: ["Idempotency-Key": key])
    #expect(response.status == .badRequest)
    #expect(response.errorBody?.code == "invalid_header")
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aKeyOf200CharactersIsKept(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let key = String(repeating: "k", count: 200)
    let first = try api.log(F.benchDay, as: api.alice, key: key)
    #expect(try api.log(F.benchDay, as: api.alice, key: key) == first)
  }

  @Test(arguments: StoreBackend.available) func aKeyWithSpaceAroundItIsTheKeyWithout(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let first = try api.log(F.benchDay, as: api.alice, key: " finish-7\t")
    #expect(try api.log(F.benchDay, as: api.alice, key: "finish-7") == first)
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).count == 1)
  }

  @Test(arguments: StoreBackend.available) func aBadValueIsNamedByItsEntryAndSet(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let good = Self.setJSON + #","weight":60,"done":true"#
    let entry = #"{"exerciseId":"bench","name":"Bench","done":true,"tempo":null,"sets":[{"#
    let body =
      #"{"completed":true,"entries":["# + entry + good + "}]}," + entry + good + "},{"
      + Self.setJSON + #","weight":1000.5,"done":true}]}]}"#
    let response = api.send(
      .post, "/v1/trainee/workouts/log", token: api.alice.token, body: Data(body.utf8))
    #expect(response.status == .badRequest)
    #expect(
      response.errorBody?.message == "Body: entries[1].sets[1].weight must be from 0 to 1000.")
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aNameIsMeasuredInCharactersNotBytes(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    func response(name: String) -> HTTPResponse {
      let body = Self.log(set: Self.setJSON + #","weight":60,"done":true"#)
        .replacingOccurrences(of: #""name":"Bench""#, with: #""name":"\#(name)""#)
      return api.send(
        .post, "/v1/trainee/workouts/log", token: api.alice.token, body: Data(body.utf8))
    }
    // 300 characters of two bytes each are 600 bytes: still a name of 300.
    #expect(response(name: String(repeating: "é", count: 300)).status == .created)
    let refused = response(name: String(repeating: "é", count: 301))
    #expect(refused.status == .badRequest)
    #expect(
      refused.errorBody?.message == "Body: entries[0].name is longer than 300 characters.")
  }

  static let setJSON = #""setNumber":1,"reps":10,"targetReps":10,"rir":null,"rm":null"#
  static func log(set: String, extra: String = "") -> String {
    #"{"completed":true\#(extra),"entries":[{"exerciseId":"bench","name":"Bench","done":true,"#
      + #""tempo":null,"sets":[{\#(set)}]}]}"#
  }

  @Test(
    arguments: StoreBackend.available,
    [
      ("{", "at byte 1: unexpected end of the body"),
      ("", "at byte 0: a value is missing"),
      ("[]", "(document)"),
      (#"{"entries":[]}"#, "completed"),
      (#"{"completed":"yes","entries":[]}"#, "completed"),
      (#"{"completed":true}"#, "entries"),
      (#"{"completed":true,"entries":{}}"#, "entries"),
      (log(set: setJSON + #","weight":"60","done":true"#), "entries[0].sets[0].weight"),
      (log(set: setJSON + #","weight":1e6,"done":true"#), "entries[0].sets[0].weight"),
      (log(set: setJSON + #","weight":-5,"done":true"#), "entries[0].sets[0].weight"),
      (log(set: setJSON + #","weight":60,"done":"true""#), "entries[0].sets[0].done"),
      (
        log(set: setJSON + #","weight":60,"done":true"#, extra: #","durationSec":-1"#),
        "durationSec"
      ),
      (
        log(set: setJSON + #","weight":60,"done":true"#, extra: #","durationSec":1.5"#),
        "durationSec"
      ),
      (log(set: #""setNumber":0,"reps":1,"weight":1,"done":true"#), "entries[0].sets[0].setNumber"),
      (log(set: #""setNumber":1,"reps":1e30,"weight":1,"done":true"#), "entries[0].sets[0].reps"),
      (
        log(set: #""setNumber":1,"durationSec":60,"distanceKm":5000,"done":true"#),
        "entries[0].sets[0].distanceKm"
      ),
    ])
  func badLogBodiesAreRefusedNamingTheField(
    _ backend: StoreBackend, _ testCase: (String, String)
  ) throws {
    let (body, field) = testCase
    let api = try WorkoutAPIFixture(backend)
    let response = api.send(
      .post, "/v1/trainee/workouts/log", token: api.alice.token, body: Data(body.utf8))
    #expect(response.status == .badRequest)
    #expect(response.errorBody?.code == "invalid_body")
    #expect(response.errorBody?.message.contains(field) == true, "\(response.errorBody as Any)")
    #expect(try api.store.workoutHistory(for: api.alice.trainee.id).isEmpty)
  }

  @Test(arguments: StoreBackend.available) func aValidHandWrittenLogIsAccepted(
    _ backend: StoreBackend
  ) throws {
    let api = try WorkoutAPIFixture(backend)
    let body = Self.log(set: Self.setJSON + #","weight":60,"done":true,"unknown":1"#)
    let response = api.send(
      .post, "/v1/trainee/workouts/log", token: api.alice.token, body: Data(body.utf8))
    #expect(response.status == .created)
  }

  private func substitute(
    _ api: WorkoutAPIFixture, as trainee: NewTrainee? = nil, programId: String? = "plan-1",
    row: String = "row-1", from: String, to: String
  ) throws -> HTTPResponse {
    try api.send(
      .post, "/v1/trainee/workouts/substitutions", token: (trainee ?? api.alice).token,
      json: SubstitutionRequestDto(
        programId: programId, dayId: "day-a", rowId: row, fromExerciseId: from,
        toExerciseId: to))
  }
}
