import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage":
// `GET /v1/trainee/home?planId=&dayId=` answers today in the request's `X-Timezone`, the next
// workout, and the nutrition day's targets and eaten sums. The hinted plan day is used when the
// plans have it (a stale hint falls back, it is only a hint); without one, the day today's snapshot
// names most, else the first plan day. The next workout is the program day after the one last
// logged (wrapping to the first), else the first day.

extension TraineeAPIRoutes {
  /// `GET /v1/trainee/home?planId=&dayId=`.
  func homeAnswer(_ request: HTTPRequest, for trainee: TraineeID) throws -> HTTPResponse {
    let zone = try requestTimeZone(request)
    let hint = try planDayHint(request)
    let today = CalendarDate(now(), in: zone)
    let diary = try diary(today, hint: hint, for: trainee)
    let plans = try readablePlans(for: trainee)
    var nutrition: HomeNutritionDto?
    if let planId = diary.planId, let dayId = diary.dayId {
      let day = plans.first { $0.id == planId }?.days.first { $0.id == dayId }
      nutrition = HomeNutritionDto(
        planId: planId, dayId: dayId, targets: day?.targets ?? NutritionTargetsDto(),
        eaten: diary.eaten)
    }
    let next = try nextWorkout(of: trainee, programs: try store.programs(for: trainee))
    return .json(
      .ok, HomeDto(date: today.description, nextWorkout: next, nutrition: nutrition))
  }

  // NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
  // answers, group commit and paged history", "A per-trainee answer version" and "the first read
  // after a write": the history is read from the kept summaries a page at a time, the latest done
  // first (the history list's order, so an imported older workout is not "last time"), and only
  // until a log of a day the programs still have; that is the first page unless the trainee's
  // latest logs are all of days since removed from the programs. No payload is decoded.

  /// The day after the latest logged one the programs still have, reading the history only as
  /// far as it needs.
  func nextWorkout(
    of trainee: TraineeID, programs: TrainingProgramsDto?
  ) throws -> NextWorkoutDto? {
    guard let programs else { return nil }
    let pageSize = 20
    var after: WorkoutHistoryCursor?
    while true {
      let page = try store.workoutSummaries(for: trainee, after: after, limit: pageSize)
      if let logged = page.first(where: {
        Self.programDay(programId: $0.programId, dayId: $0.dayId, in: programs) != nil
      }) {
        return Self.nextWorkout(programs, lastDay: (logged.programId, logged.dayId))
      }
      guard page.count == pageSize, let last = page.last else {
        return Self.nextWorkout(programs, lastDay: nil)
      }
      after = last.cursor
    }
  }

  /// The plan and the index of the day `programId` and `dayId` name, when the programs still have
  /// that day.
  private static func programDay(
    programId: String?, dayId: String?, in programs: TrainingProgramsDto
  ) -> (plan: ProgramPlanDto, index: Int)? {
    guard let plan = programs.plans.first(where: { $0.id == programId }),
      let index = plan.days.firstIndex(where: { $0.id == dayId })
    else { return nil }
    return (plan, index)
  }

  /// The day after `lastDay` in its program (when the programs have it), else the first program
  /// day.
  static func nextWorkout(
    _ programs: TrainingProgramsDto?, lastDay: (programId: String?, dayId: String?)?
  ) -> NextWorkoutDto? {
    guard let programs else { return nil }
    func workout(_ plan: ProgramPlanDto, _ day: ProgramDayDto) -> NextWorkoutDto {
      NextWorkoutDto(planId: plan.id, dayId: day.id, title: day.title ?? day.label ?? day.id)
    }
    if let lastDay,
      let (plan, index) = programDay(
        programId: lastDay.programId, dayId: lastDay.dayId, in: programs)
    {
      return workout(plan, plan.days[(index + 1) % plan.days.count])
    }
    guard let plan = programs.plans.first(where: { !$0.days.isEmpty }) else { return nil }
    return workout(plan, plan.days[0])
  }
}
