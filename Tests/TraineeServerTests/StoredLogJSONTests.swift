import Foundation
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// The stored log is written by hand, byte for byte as Foundation's `JSONEncoder` writes it.
struct StoredLogJSONTests {
  static func encoded(_ payload: LogWorkoutPayload) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(payload), as: UTF8.self)
  }

  @Test func everyLogThatDecodesIsWrittenAsJSONEncoderWritesIt() throws {
    var compared = 0
    for body in try JSONTreeDecoderTests.variations(of: JSONTreeDecoderTests.log) {
      guard let payload = try? JSONDecoder().decode(LogWorkoutPayload.self, from: body) else {
        continue
      }
      #expect(payload.storedJSON == (try Self.encoded(payload)))
      compared += 1
    }
    #expect(compared > 100)
  }

  @Test(arguments: [false, true]) func aPostsAnswerIsWrittenAsJSONEncoderWritesIt(
    deleted: Bool
  )
    throws
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for (id, number) in [("1", 1), ("9007199254740993", Int.max), ("", 0), ("a\"/b", -1)] {
      let answer = LoggedWorkoutDto(id: id, workoutNumber: number, deleted: deleted)
      #expect(answer.sortedJSON == Array(try encoder.encode(answer)), "\(answer)")
    }
  }

  @Test func oddTextAndNumbersAreWrittenAsJSONEncoderWritesThem() throws {
    let texts = [
      "", "a/b", "quote \" and \\ backslash", "tab\tnew\nline\rcr",
      "\u{08}\u{0C}\u{01}\u{1F}\u{7F}",
      "é 💪 日本", "\u{2028}\u{2029}", "</script>",
    ]
    let numbers: [Double] = [
      0, -0.0, 1, 60, 62.5, 0.1, 1e-7, 123_456_789.125, 1e21, 1.7976931348623157e308,
      .leastNonzeroMagnitude,
      -27.5, 2.5e15, 1e16,
    ]
    for (offset, text) in texts.enumerated() {
      let set = StrengthLogSet(
        setNumber: offset, reps: offset == 0 ? nil : -offset, targetReps: Int.max,
        weight: numbers[offset % numbers.count], rir: text, rm: text, done: offset % 2 == 0,
        setType: .warmup, isRecord: offset % 3 == 0)
      let payload = LogWorkoutPayload(
        programId: text, dayId: nil, label: text, durationSec: Int.min, completed: false,
        entries: [
          LogEntry(
            exerciseId: text, name: text, done: true, tempo: nil,
            sets: [
              .strength(set),
              .cardio(
                CardioLogSet(
                  setNumber: 1, durationSec: nil, distanceKm: numbers[(offset + 5) % numbers.count],
                  rpe: text, done: false)),
            ])
        ], performedAt: text)
      #expect(payload.storedJSON == (try Self.encoded(payload)), "\(text)")
    }
    for number in numbers {
      let payload = LogWorkoutPayload(
        programId: nil, dayId: nil, label: nil, durationSec: nil, completed: true,
        entries: [
          LogEntry(
            exerciseId: "e", name: "n", done: true, tempo: "t",
            sets: [
              .strength(
                StrengthLogSet(
                  setNumber: 1, reps: 1, targetReps: nil, weight: number, rir: nil, rm: nil,
                  done: true))
            ])
        ])
      #expect(payload.storedJSON == (try Self.encoded(payload)), "\(number)")
    }
  }
}
