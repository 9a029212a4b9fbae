import Foundation
import Testing

@testable import TraineeAPI

/// The body of `POST /v1/trainee/workouts/log` (docs/specs/workout-session.md, "The workout log"):
/// every key of a set is sent, absent values as explicit `null`s, and the body reads back as it was
/// written.
struct LogWorkoutPayloadTests {
  @Test func strengthSetSendsEveryKeyWithExplicitNulls() throws {
    let set = LogSet.strength(
      StrengthLogSet(
        setNumber: 2, reps: nil, targetReps: nil, weight: nil, rir: nil, rm: nil, done: false))
    let expected: JSONValue = .object([
      "setNumber": .number(2), "reps": .null, "targetReps": .null, "weight": .null, "rir": .null,
      "rm": .null, "done": .bool(false),
    ])
    #expect(try json(of: set) == expected)
  }

  @Test func strengthSetSendsItsValues() throws {
    let set = LogSet.strength(
      StrengthLogSet(
        setNumber: 1, reps: 10, targetReps: 10, weight: 61.235, rir: "2", rm: nil, done: true))
    let expected: JSONValue = .object([
      "setNumber": .number(1), "reps": .number(10), "targetReps": .number(10),
      "weight": .number(61.235), "rir": .string("2"), "rm": .null, "done": .bool(true),
    ])
    #expect(try json(of: set) == expected)
  }

  @Test func cardioSetSendsEveryKeyWithExplicitNulls() throws {
    let set = LogSet.cardio(
      CardioLogSet(setNumber: 1, durationSec: nil, distanceKm: nil, rpe: nil, done: false))
    let expected: JSONValue = .object([
      "setNumber": .number(1), "durationSec": .null, "distanceKm": .null, "rpe": .null,
      "done": .bool(false),
    ])
    #expect(try json(of: set) == expected)
  }

  @Test func cardioSetSendsItsValues() throws {
    let set = LogSet.cardio(
      CardioLogSet(setNumber: 1, durationSec: 1200, distanceKm: 8.047, rpe: "7", done: true))
    let expected: JSONValue = .object([
      "setNumber": .number(1), "durationSec": .number(1200), "distanceKm": .number(8.047),
      "rpe": .string("7"), "done": .bool(true),
    ])
    #expect(try json(of: set) == expected)
  }

  @Test func entrySendsTempoAsExplicitNull() throws {
    let entry = LogEntry(exerciseId: "ex_1", name: "Squat", done: false, tempo: nil, sets: [])
    let expected: JSONValue = .object([
      "exerciseId": .string("ex_1"), "name": .string("Squat"), "done": .bool(false),
      "tempo": .null, "sets": .array([]),
    ])
    #expect(try json(of: entry) == expected)
  }

  @Test func payloadRoundTripsThroughJSON() throws {
    let payload = LogWorkoutPayload(
      programId: "plan_1", dayId: "day_push", label: "Day 1", durationSec: 3605, completed: true,
      entries: [
        LogEntry(
          exerciseId: "ex_bench", name: "Bench press", done: true, tempo: "3-0-1-0",
          sets: [
            .strength(
              StrengthLogSet(
                setNumber: 1, reps: 10, targetReps: 8, weight: 57.5, rir: "2", rm: nil,
                done: true)),
            .strength(
              StrengthLogSet(
                setNumber: 2, reps: nil, targetReps: 8, weight: nil, rir: nil, rm: nil,
                done: false)),
          ]),
        LogEntry(
          exerciseId: "ex_treadmill", name: "Treadmill", done: false, tempo: nil,
          sets: [
            .cardio(
              CardioLogSet(setNumber: 1, durationSec: 1200, distanceKm: 3.2, rpe: "6", done: true)),
            .cardio(
              CardioLogSet(setNumber: 2, durationSec: nil, distanceKm: nil, rpe: nil, done: false)),
          ]),
      ])
    let data = try JSONEncoder().encode(payload)
    #expect(try JSONDecoder().decodePayload(LogWorkoutPayload.self, from: data) == payload)
  }

  @Test func payloadWithoutOptionalTopLevelFieldsRoundTrips() throws {
    let payload = LogWorkoutPayload(
      programId: nil, dayId: nil, label: nil, durationSec: nil, completed: true, entries: [])
    let data = try JSONEncoder().encode(payload)
    #expect(try JSONDecoder().decodePayload(LogWorkoutPayload.self, from: data) == payload)
  }

  @Test func payloadDecodesTheSpecShape() throws {
    let json = """
      { "programId": "plan_1", "dayId": "day_push", "label": "Day 1", "durationSec": 3605,
        "completed": true,
        "entries": [ { "exerciseId": "ex_123", "name": "Bench press", "done": true,
          "tempo": null,
          "sets": [
            { "setNumber": 1, "reps": 10, "targetReps": 10, "weight": 60, "rir": "2", "rm": null,
              "done": true },
            { "setNumber": 2, "reps": null, "targetReps": 10, "weight": null, "rir": null,
              "rm": null, "done": false } ] } ] }
      """
    let expected = LogWorkoutPayload(
      programId: "plan_1", dayId: "day_push", label: "Day 1", durationSec: 3605, completed: true,
      entries: [
        LogEntry(
          exerciseId: "ex_123", name: "Bench press", done: true, tempo: nil,
          sets: [
            .strength(
              StrengthLogSet(
                setNumber: 1, reps: 10, targetReps: 10, weight: 60, rir: "2", rm: nil,
                done: true)),
            .strength(
              StrengthLogSet(
                setNumber: 2, reps: nil, targetReps: 10, weight: nil, rir: nil, rm: nil,
                done: false)),
          ])
      ])
    let decoded = try JSONDecoder().decodePayload(LogWorkoutPayload.self, from: Data(json.utf8))
    #expect(decoded == expected)
  }

  @Test(arguments: [
    (
      #"{ "setNumber": 1, "durationSec": 600, "distanceKm": 2.5, "rpe": "6", "done": true }"#,
      LogSet.cardio(
        CardioLogSet(setNumber: 1, durationSec: 600, distanceKm: 2.5, rpe: "6", done: true))
    ),
    (
      #"{ "setNumber": 1, "durationSec": null, "distanceKm": null, "rpe": null, "done": false }"#,
      .cardio(CardioLogSet(setNumber: 1, durationSec: nil, distanceKm: nil, rpe: nil, done: false))
    ),
    (
      #"{ "setNumber": 3, "durationSec": 90, "done": true }"#,
      .cardio(CardioLogSet(setNumber: 3, durationSec: 90, distanceKm: nil, rpe: nil, done: true))
    ),
    (
      #"{ "setNumber": 3, "distanceKm": 1.5, "done": true }"#,
      .cardio(CardioLogSet(setNumber: 3, durationSec: nil, distanceKm: 1.5, rpe: nil, done: true))
    ),
    (
      #"{ "setNumber": 1, "reps": 8, "targetReps": 8, "weight": 40, "rir": "3", "done": true }"#,
      .strength(
        StrengthLogSet(
          setNumber: 1, reps: 8, targetReps: 8, weight: 40, rir: "3", rm: nil, done: true))
    ),
    (
      #"{ "setNumber": 2, "done": false }"#,
      .strength(
        StrengthLogSet(
          setNumber: 2, reps: nil, targetReps: nil, weight: nil, rir: nil, rm: nil, done: false))
    ),
  ])
  func setKindIsDetectedFromItsKeys(json: String, expected: LogSet) throws {
    #expect(try JSONDecoder().decode(LogSet.self, from: Data(json.utf8)) == expected)
  }

  @Test func missingRequiredFieldNamesItsPath() {
    let json =
      #"{ "completed": true, "entries": [ { "name": "Squat", "done": true, "sets": [] } ] }"#
    let error = #expect(throws: PayloadError.self) {
      try JSONDecoder().decodePayload(LogWorkoutPayload.self, from: Data(json.utf8))
    }
    #expect(error == PayloadError(field: "entries[0].exerciseId", problem: "is missing"))
  }

  /// `value` encoded and read back as a JSON tree, so key order and number spelling do not matter.
  private func json(of value: some Encodable) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
  }
}
