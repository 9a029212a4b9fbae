import Foundation
import TerminalScreens
import TraineeAPI
import TraineeClient

/// What the Today tab reads: home (today's next workout and nutrition) through its kept copy.
public protocol TodayAPI: Sendable {
  /// `GET /v1/trainee/home` with the home day hint, or its last good copy, marked.
  func keptHome(hint: PlanDayHint?) async throws(TraineeAPIError) -> KeptAnswer<HomeDto>
  /// The nutrition plans (for the plan day's name), or their last good copy.
  func keptNutritionPlans() async throws(TraineeAPIError) -> KeptAnswer<NutritionPlansDto>
}

/// The Today tab's reads through the kept answers of `KeptReads`.
public struct KeptTodayAPI: TodayAPI {
  let reads: KeptReads

  public init(reads: KeptReads) { self.reads = reads }

  public func keptHome(hint: PlanDayHint?) async throws(TraineeAPIError) -> KeptAnswer<HomeDto> {
    try await reads.read(.home(hint: hint))
  }

  public func keptNutritionPlans() async throws(TraineeAPIError) -> KeptAnswer<NutritionPlansDto> {
    try await reads.read(.nutritionPlans)
  }
}
