import Foundation
import TraineeAPI

@testable import HTTPServer
@testable import TraineeServer

// The coach's words in the attack matrix (docs/decisions/the-coachs-words.md, "Through the
// studio's scope"): a write on a record "sees" the record when it is answered, and must be 404
// for every record the rule hides. The notes are no record of the trainee's: a coach sees an
// empty text or what their own studio wrote, never another studio's.

extension CoachRead {
  /// Every log of the world reviewed one by one: a 200 reviewed it, anything else must be 404.
  static let reviewWorkout = CoachRead(
    name: "reviewWorkout", kind: "log",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.reviewWorkout, ["traineeId": trainee, "workoutId": "1"],
        token: token, json: review)
    },
    sees: { fixture, trainee, probed, token in
      try probe(probed, kind: "log", expecting: .ok) { id in
        try fixture.send(
          fixture.endpoints.reviewWorkout, ["traineeId": trainee, "workoutId": id],
          token: token, json: review)
      }
    })

  /// Every video of the world given feedback one by one.
  static let giveVideoFeedback = CoachRead(
    name: "giveVideoFeedback", kind: "video",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.giveVideoFeedback, ["traineeId": trainee, "videoId": "1"],
        token: token, json: VideoFeedbackRequestDto(message: "Hips lower"))
    },
    sees: { fixture, trainee, probed, token in
      try probe(probed, kind: "video", expecting: .noContent) { id in
        try fixture.send(
          fixture.endpoints.giveVideoFeedback, ["traineeId": trainee, "videoId": id],
          token: token, json: VideoFeedbackRequestDto(message: "Hips lower"))
      }
    })

  static let getCoachNotes = CoachRead(
    name: "getCoachNotes", kind: "notes",
    request: { fixture, trainee, token in
      try fixture.send(fixture.endpoints.getCoachNotes, ["traineeId": trainee], token: token)
    },
    sees: { fixture, trainee, _, token in
      let answer = try fixture.send(
        fixture.endpoints.getCoachNotes, ["traineeId": trainee], token: token)
      guard answer.status == .ok else { return (answer.status, []) }
      let notes = try fixture.read(CoachNotesDto.self, answer)
      guard notes.text.isEmpty || notes.text == notesText(token) else {
        throw UnexpectedAnswer(response: answer)
      }
      return (.ok, [])
    })

  static let writeCoachNotes = CoachRead(
    name: "writeCoachNotes", kind: "notes",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.writeCoachNotes, ["traineeId": trainee], token: token,
        json: CoachNotesRequestDto(text: "Knee"))
    },
    sees: { fixture, trainee, _, token in
      let answer = try fixture.send(
        fixture.endpoints.writeCoachNotes, ["traineeId": trainee], token: token,
        json: CoachNotesRequestDto(text: notesText(token)))
      guard answer.status == .ok else { return (answer.status, []) }
      guard try fixture.read(CoachNotesDto.self, answer).text == notesText(token) else {
        throw UnexpectedAnswer(response: answer)
      }
      return (.ok, [])
    })

  private static let review = WorkoutReviewRequestDto(verdict: .reviewed, comment: "Good")

  /// The notes a coach (by token) writes: each coach's own text.
  private static func notesText(_ token: String) -> String { "Notes by \(token.suffix(12))" }

  /// Asks `send` for each probed record of `kind`: `status` sees it, 404 `not_found` does not,
  /// anything else is an unexpected answer.
  private static func probe(
    _ probed: [String], kind: String, expecting status: HTTPStatus,
    _ send: (String) throws -> HTTPResponse
  ) throws -> (status: HTTPStatus, records: Set<String>) {
    var seen: Set<String> = []
    for key in probed where key.hasPrefix("\(kind):") {
      let answer = try send(String(key.dropFirst(kind.count + 1)))
      guard answer.status == status else {
        guard answer.status == .notFound, answer.errorBody?.code == "not_found" else {
          throw UnexpectedAnswer(response: answer)
        }
        continue
      }
      seen.insert(key)
    }
    return (seen.isEmpty ? .notFound : .ok, seen)
  }
}
