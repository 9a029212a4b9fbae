import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// A history page and one log are written by hand, byte for byte as `HTTPResponse.json` (that
/// is, `JSONEncoder` with sorted keys and unescaped slashes) writes them.
struct WorkoutHistoryJSONTests {
  static func encoded<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(value))
  }

  /// Logs with every optional present and absent, odd text, and the entries of every decodable
  /// variation of a log.
  static func logs() throws -> [WorkoutLogDto] {
    let texts: [String?] = [
      nil, "", "Push / Pull", "Zug \"ü\" 💪\n\t\u{01}", "plan_strength", #"C:\day\"#,
      "\u{1F}\u{08}\u{0C}\r",
    ]
    var logs: [WorkoutLogDto] = []
    for (offset, text) in texts.enumerated() {
      logs.append(
        WorkoutLogDto(
          id: String(offset * 977), workoutNumber: offset - 1, loggedAt: "2026-11-30T07:06:00.123Z",
          programId: text, dayId: texts[(offset + 1) % texts.count],
          label: texts[(offset + 2) % texts.count],
          durationSec: offset == 2 ? nil : offset == 5 ? Int.min : offset * 600,
          completed: offset.isMultiple(of: 2), exerciseCount: offset, doneSetCount: offset * 4,
          volumeKg: Int.max - offset, entries: nil))
    }
    for body in try JSONTreeDecoderTests.variations(of: JSONTreeDecoderTests.log) {
      guard let payload = try? JSONDecoder().decode(LogWorkoutPayload.self, from: body) else {
        continue
      }
      logs.append(
        WorkoutLogDto(
          id: "7", workoutNumber: 3, loggedAt: "2026-11-30T07:06:00.000Z",
          programId: payload.programId, dayId: payload.dayId, label: payload.label,
          durationSec: payload.durationSec, completed: payload.completed,
          exerciseCount: payload.entries.count, doneSetCount: 1, volumeKg: 0,
          entries: payload.entries))
    }
    return logs
  }

  @Test func everyLogIsWrittenAsJSONEncoderWritesIt() throws {
    let logs = try Self.logs()
    #expect(logs.count > 100)
    for log in logs {
      #expect(log.answerJSON == (try Self.encoded(log)), "\(log)")
    }
  }

  @Test(arguments: [nil, "1764486360000.42"] as [String?])
  func aPageIsWrittenAsJSONEncoderWritesIt(nextCursor: String?) throws {
    let logs = try Self.logs()
    for page in [[], Array(logs.prefix(5)), Array(logs.prefix(50))] {
      let dto = WorkoutHistoryDto(workouts: page, nextCursor: nextCursor)
      #expect(dto.answerJSON == (try Self.encoded(dto)))
    }
  }

  /// The writer names each stored property of the answer's types: one added to a type fails
  /// here until the writer writes it too, so no answer leaves a new field out.
  @Test func theWriterKnowsEveryPropertyOfTheAnswersTypes() {
    func properties(_ value: Any) -> Set<String> {
      Set(Mirror(reflecting: value).children.compactMap(\.label))
    }
    let log = WorkoutLogDto(
      id: "1", workoutNumber: 1, loggedAt: "", programId: nil, dayId: nil, label: nil,
      durationSec: nil, completed: true, exerciseCount: 0, doneSetCount: 0, volumeKg: 0,
      entries: nil)
    #expect(
      properties(log) == [
        "id", "workoutNumber", "loggedAt", "programId", "dayId", "label", "durationSec",
        "completed", "exerciseCount", "doneSetCount", "volumeKg", "entries", "programVersion",
        "note", "review", "prescribedBesidePerformed",
      ])
    #expect(properties(WorkoutHistoryDto(workouts: [])) == ["workouts", "nextCursor"])
  }
}
