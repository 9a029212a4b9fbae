import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-coachs-roster.md, "Nutrition within tolerance": the coach's studio sets
// its tolerance of one trainee while the trainee's link lasts (an unseen trainee is the 404 of
// every coach read); a body with bad values is 400 `invalid_body` naming each, and changes
// nothing. docs/decisions/what-the-coach-sees.md, "Plan against eaten": each day of the coach's
// nutrition days carries its kept plan against eaten, judged by the same tolerance.

extension TraineeAPIRoutes {
  /// Registers the coach's nutrition tolerance of a trainee.
  func registerNutritionToleranceRoutes(on router: inout Router) {
    router.add(endpoints.getNutritionTolerance, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      guard let tolerance = try accounts.nutritionTolerance(of: trainee, by: studio) else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      return .json(.ok, NutritionToleranceDto(tolerance))
    }
    router.add(endpoints.setNutritionTolerance, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let trainee = try Self.coachedTrainee(request)
      let tolerance: NutritionTolerance
      switch NutritionTolerance.read(try request.decodeJSON(JSONValue.self)) {
      case .success(let read): tolerance = read
      case .failure(let refusal):
        throw HTTPError(.badRequest, code: "invalid_body", message: refusal.message)
      }
      guard try accounts.setNutritionTolerance(tolerance, of: trainee, by: studio) else {
        throw WorkoutRoutes.notFound("trainee", request.pathParameters["traineeId"])
      }
      return .json(.ok, NutritionToleranceDto(tolerance))
    }
  }

  /// `{"days":[{"data":<as stored>,"date":"YYYY-MM-DD","planAgainstEaten":…},…],"tolerance":…}`:
  /// each day as the trainee's own day read answers it, the snapshot byte for byte as stored,
  /// with its plan against eaten judged by the studio's tolerance.
  static func daysDocument(_ read: CoachNutritionDays) -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func json(_ value: some Encodable) -> Data { (try? encoder.encode(value)) ?? Data("null".utf8) }
    var body = Data("{\"days\":[".utf8)
    for (index, day) in read.days.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body.append(Data("{\"data\":".utf8))
      body.append(Data(day.json.utf8))
      body.append(Data(",\"date\":\"\(day.date)\",\"planAgainstEaten\":".utf8))
      body.append(json(day.totals.map { PlanAgainstEatenDto($0, tolerance: read.tolerance) }))
      body.append(UInt8(ascii: "}"))
    }
    body.append(Data("],\"tolerance\":".utf8))
    body.append(json(NutritionToleranceDto(read.tolerance)))
    body.append(UInt8(ascii: "}"))
    return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: body)
  }
}

extension NutritionToleranceDto {
  /// A tolerance as the wire writes it.
  init(_ tolerance: NutritionTolerance) {
    self.init(
      kcalWithinPercent: tolerance.kcalWithinPercent,
      proteinAtLeastPercent: tolerance.proteinAtLeastPercent)
  }
}

extension PlanAgainstEatenDto {
  /// A day's kept totals as the wire writes them, judged by `tolerance`.
  init(_ totals: KeptDayTotals, tolerance: NutritionTolerance) {
    let hasTargets = totals.targetKcalTenths != nil || totals.targetProteinTenths != nil
    self.init(
      targets: hasTargets
        ? DayTargetsDto(kcal: totals.targetKcal, protein: totals.targetProtein) : nil,
      eaten: totals.eaten, withinTolerance: tolerance.holds(for: totals))
  }
}
