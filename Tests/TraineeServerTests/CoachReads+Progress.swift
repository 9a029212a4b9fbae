import Foundation
import TraineeAPI

@testable import HTTPServer
@testable import TraineeServer

// The coach's records and progress in the attack matrix (docs/decisions/what-the-coach-sees.md,
// "Records and progress"). The series lists each visible workout's best set by its log, so it
// sees the world's logs one for one. The records name only the logs holding a record (the
// world's logs are alike, so the earliest visible one holds them all): they are checked for the
// status the rule gives and for naming no log the rule hides; CoachProgressTests checks what
// they combine over each tag and the switch.

extension CoachRead {
  static let records = CoachRead(
    name: "getTraineeRecordsForCoach", kind: "records",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.getTraineeRecordsForCoach, ["traineeId": trainee], token: token)
    },
    sees: { fixture, trainee, _, token in
      let answer = try fixture.send(
        fixture.endpoints.getTraineeRecordsForCoach, ["traineeId": trainee], token: token)
      guard answer.status == .ok else { return (answer.status, []) }
      let records = try fixture.read(TraineeRecordsDto.self, answer)
      // The logs the coach's series shows are the ones the records may name.
      let shown = try progressSees(fixture, trainee, token).records
      let named = records.exercises.flatMap {
        [$0.bestSet, $0.heaviestSet, $0.mostRepsSet].compactMap { $0.map { "log:\($0.logId)" } }
      }
      guard Set(named).isSubset(of: shown), records.exercises.allSatisfy({ $0.workouts > 0 })
      else { throw UnexpectedAnswer(response: answer) }
      return (.ok, [])
    })

  static let progress = CoachRead(
    name: "getTraineeProgressForCoach", kind: "log",
    request: progressRequest,
    sees: { fixture, trainee, _, token in try progressSees(fixture, trainee, token) })

  /// A window holding every log of `CoachVisibilityAttackTests.World`.
  @Sendable static func progressRequest(
    _ fixture: Fixture, _ trainee: String, _ token: String?
  ) throws -> HTTPResponse {
    try fixture.send(
      fixture.endpoints.getTraineeProgressForCoach, ["traineeId": trainee],
      query: "exercise=bench&from=2025-12-01T00:00:00Z&to=2026-06-01T00:00:00Z", token: token)
  }

  /// The logs of the series' best sets.
  static func progressSees(
    _ fixture: Fixture, _ trainee: String, _ token: String
  ) throws -> (status: HTTPStatus, records: Set<String>) {
    let answer = try progressRequest(fixture, trainee, token)
    guard answer.status == .ok else { return (answer.status, []) }
    let series = try fixture.read(TraineeProgressDto.self, answer)
    return (.ok, Set(series.bestSets.map { "log:\($0.logId)" }))
  }
}
