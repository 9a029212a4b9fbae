import Accounts
import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/accounts.md, "What a coach sees": the trainee's switch per studio, and the
// coach's read of a trainee's records through the store's one visibility rule
// (`StudioVisibility`). A trainee the coach's studio cannot see (never linked, the link ended, no
// such trainee) is 404, the same words for all, so a coach cannot probe ids of other studios.

extension TraineeAPIRoutes {
  /// Registers the share switch and the coach's reads of a trainee's records.
  func registerStudioViewRoutes(on router: inout Router) {
    let store = store
    router.add(endpoints.setStudioSharing, roles: .only(.trainee), routes: self) {
      request, admitted, accounts in
      let named = request.pathParameters["studioId"] ?? ""
      let body = try request.decodeJSON(StudioSharingRequestDto.self)
      guard let id = StudioID(named),
        let link = try accounts.setSharesEarlierRecords(
          body.shareEarlierRecords, studio: id, account: admitted.account.id),
        let studio = try accounts.studio(id: id)
      else { throw WorkoutRoutes.notFound("studio link", named) }
      return .json(.ok, StudioMembershipDto(link, studio: studio))
    }
    router.add(endpoints.getTraineeWorkoutsForCoach, roles: .only(.coach), routes: self) {
      request, admitted, accounts in
      let studio = try coachedStudio(admitted, accounts)
      let page = try HistoryPageRequest(request)
      let named = request.pathParameters["traineeId"] ?? ""
      guard let trainee = TraineeID(named),
        let logs = try store.workoutSummaries(
          of: trainee, visibleTo: studio, after: page.after, limit: page.limit + 1)
      else { throw WorkoutRoutes.notFound("trainee", named) }
      return .json(.ok, WorkoutRoutes.historyPage(page, of: logs))
    }
    registerCoachRecordRoutes(on: &router)
    registerNutritionToleranceRoutes(on: &router)
    registerCoachProgressRoutes(on: &router)
  }
}
