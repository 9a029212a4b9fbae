import Foundation
import Testing

@testable import TraineeAPI

/// The members the log payload gained after the spec's shape: `setType` and `isRecord` on a
/// strength set, `performedAt` on the payload. Optional both ways: an older client's body reads
/// with them absent, and they are sent only when known.
struct LogWorkoutPayloadLaterFieldsTests {
  static let olderBody = """
    { "programId": null, "dayId": null, "label": "Day 1", "durationSec": 60, "completed": true,
      "entries": [ { "exerciseId": "ex", "name": "Bench", "done": true, "tempo": null,
        "sets": [ { "setNumber": 1, "reps": 5, "targetReps": 5, "weight": 60, "rir": null,
          "rm": null, "done": true } ] } ] }
    """

  @Test func anOlderClientsBodyReadsWithoutThem() throws {
    let payload = try JSONDecoder().decode(LogWorkoutPayload.self, from: Data(Self.olderBody.utf8))
    #expect(payload.performedAt == nil)
    guard case .strength(let set) = payload.entries[0].sets[0] else {
      Issue.record("not a strength set")
      return
    }
    #expect(set.setType == nil)
    #expect(set.isRecord == nil)
    // Sent again, it has none of them: an older server reads it as before.
    let again = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    for member in ["setType", "isRecord", "performedAt"] { #expect(!again.contains(member)) }
    #expect(
      try JSONDecoder().decode(LogWorkoutPayload.self, from: Data(again.utf8)) == payload)
  }

  @Test func theyRoundTripWhenKnown() throws {
    let payload = LogWorkoutPayload(
      programId: nil, dayId: nil, label: "Legs", durationSec: nil, completed: true,
      entries: [
        LogEntry(
          exerciseId: "ex", name: "Squat", done: true, tempo: nil,
          sets: [
            .strength(
              StrengthLogSet(
                setNumber: 1, reps: 5, targetReps: nil, weight: 100, rir: nil, rm: nil,
                done: true, setType: .warmup, isRecord: true))
          ])
      ], performedAt: "2025-03-03T07:00:00Z")
    let data = try JSONEncoder().encode(payload)
    #expect(try JSONDecoder().decode(LogWorkoutPayload.self, from: data) == payload)
    let tree = try JSONDecoder().decode(JSONValue.self, from: data)
    guard case .object(let members) = tree else {
      Issue.record("not an object")
      return
    }
    #expect(members["performedAt"] == .string("2025-03-03T07:00:00Z"))
  }
}
