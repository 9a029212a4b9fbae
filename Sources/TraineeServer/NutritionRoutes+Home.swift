import Foundation
import TraineeAPI

// NB: docs/decisions.md, "The server: HTTP, routes and storage": `GET
// /v1/trainee/home?planId=&dayId=` answers today in the request's `X-Timezone`, the next workout,
// and the nutrition day's targets and eaten sums. The hinted plan day is used when the plans have
// it (a stale hint falls back, it is only a hint); without one, the day today's snapshot names
// most, else the first plan day. The next workout is the program day after the one last logged
// (wrapping to the first), else the first day.

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

  // NB: docs/decisions.md "Throughput: kept answers, group commit and paged history", "a cost that
  // does not grow with history": the history is read a page at a time, newest first, and only until
  // a log of a day the programs still have; that is the first page unless the trainee's latest logs
  // are all of days since removed from the programs.

  /// `nextWorkout(_:history:)` over the trainee's history, read only as far as it needs.
  func nextWorkout(
    of trainee: TraineeID, programs: TrainingProgramsDto?
  ) throws -> NextWorkoutDto? {
    guard let programs else { return nil }
    let pageSize = 20
    var before: WorkoutLogID?
    while true {
      let page = try store.workoutHistory(for: trainee, before: before, limit: pageSize)
      if let logged = page.first(where: { Self.programDay(of: $0, in: programs) != nil }) {
        return Self.nextWorkout(programs, history: [logged])
      }
      guard page.count == pageSize, let last = page.last else {
        return Self.nextWorkout(programs, history: [])
      }
      before = last.id
    }
  }

  /// The plan and the index of the day of `record`, when the programs still have that day.
  private static func programDay(
    of record: WorkoutLogRecord, in programs: TrainingProgramsDto
  ) -> (plan: ProgramPlanDto, index: Int)? {
    guard let plan = programs.plans.first(where: { $0.id == record.payload.programId }),
      let index = plan.days.firstIndex(where: { $0.id == record.payload.dayId })
    else { return nil }
    return (plan, index)
  }

  /// The day after the last logged one in its program, else the first program day.
  static func nextWorkout(
    _ programs: TrainingProgramsDto?, history: [WorkoutLogRecord]
  ) -> NextWorkoutDto? {
    guard let programs else { return nil }
    func workout(_ plan: ProgramPlanDto, _ day: ProgramDayDto) -> NextWorkoutDto {
      NextWorkoutDto(planId: plan.id, dayId: day.id, title: day.title ?? day.label ?? day.id)
    }
    for record in history {
      guard let (plan, index) = programDay(of: record, in: programs) else { continue }
      return workout(plan, plan.days[(index + 1) % plan.days.count])
    }
    guard let plan = programs.plans.first(where: { !$0.days.isEmpty }) else { return nil }
    return workout(plan, plan.days[0])
  }
}
