import Foundation
import TraineeAPI

@testable import HTTPServer
@testable import TraineeServer

// The coach's nutrition tolerance in the attack matrix (docs/decisions/the-coachs-roster.md,
// "Nutrition within tolerance"): no record of the trainee's, like the notes. A coach reads the
// default or what their own studio set, never another studio's, and sets it only while the
// trainee's link to their studio lasts.

extension CoachRead {
  static let getNutritionTolerance = CoachRead(
    name: "getNutritionTolerance", kind: "tolerance",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.getNutritionTolerance, ["traineeId": trainee], token: token)
    },
    sees: { fixture, trainee, _, token in
      let answer = try fixture.send(
        fixture.endpoints.getNutritionTolerance, ["traineeId": trainee], token: token)
      guard answer.status == .ok else { return (answer.status, []) }
      let tolerance = try fixture.read(NutritionToleranceDto.self, answer)
      let standard = NutritionToleranceDto(kcalWithinPercent: 10, proteinAtLeastPercent: 90)
      guard tolerance == standard || tolerance == toleranceOf(token) else {
        throw UnexpectedAnswer(response: answer)
      }
      return (.ok, [])
    })

  static let setNutritionTolerance = CoachRead(
    name: "setNutritionTolerance", kind: "tolerance",
    request: { fixture, trainee, token in
      try fixture.send(
        fixture.endpoints.setNutritionTolerance, ["traineeId": trainee], token: token,
        json: NutritionToleranceDto(kcalWithinPercent: 10, proteinAtLeastPercent: 90))
    },
    sees: { fixture, trainee, _, token in
      let answer = try fixture.send(
        fixture.endpoints.setNutritionTolerance, ["traineeId": trainee], token: token,
        json: toleranceOf(token))
      guard answer.status == .ok else { return (answer.status, []) }
      guard try fixture.read(NutritionToleranceDto.self, answer) == toleranceOf(token) else {
        throw UnexpectedAnswer(response: answer)
      }
      return (.ok, [])
    })

  /// The tolerance a coach (by token) sets: each coach's own.
  private static func toleranceOf(_ token: String) -> NutritionToleranceDto {
    let seed = token.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
    return NutritionToleranceDto(
      kcalWithinPercent: 11 + seed % 89, proteinAtLeastPercent: 91 + seed % 109)
  }
}
