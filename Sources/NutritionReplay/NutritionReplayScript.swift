import Foundation
import NutritionLog
import TraineeAPI

// NB: `perform nutrition-replay`. The script format is a stable interface, documented
// in docs/replay.md ("Nutrition replay"); change it only by adding.

/// A scripted nutrition session: the device's zone and start time, the coach's plans, what the
/// server holds at the start, and the steps.
public struct NutritionReplayScript: Sendable {
  /// The device's zone until a `setClock` changes it.
  public var timeZone: TimeZone
  /// The device's wall clock at the start.
  public var startAt: Date
  /// The coach's plans (`GET /v1/trainee/nutrition/plans`); when they hold the plan day in
  /// view, the ids an edit names are checked against it.
  public var plans: NutritionPlansDto
  /// The server's days at the start.
  public var serverDays: [CalendarDay: NutritionDaySnapshot]
  /// The actions, in order; an action's index is its place here.
  public var steps: [NutritionReplayStep]

  /// A script of `steps` on a device in `timeZone` whose clock reads `startAt`.
  public init(
    timeZone: TimeZone, startAt: Date, plans: NutritionPlansDto = NutritionPlansDto(plans: []),
    serverDays: [CalendarDay: NutritionDaySnapshot] = [:], steps: [NutritionReplayStep]
  ) {
    self.timeZone = timeZone
    self.startAt = startAt
    self.plans = plans
    self.serverDays = serverDays
    self.steps = steps
  }
}

/// One step of a script.
public enum NutritionReplayStep: Equatable, Sendable {
  /// The tab shows plan `planId`, day `dayId` (`nil` for none): `{ "do": "view" }`.
  case view(planId: String?, dayId: String?)
  /// An edit of the shown day, as its screen would make it (`tick`, `swap`, `portion`...).
  case edit(NutritionEdit)
  /// The nutrition tab mounts: the sync engine starts with the store as it is.
  case mount
  /// The tab shows `date`.
  case selectDate(CalendarDay)
  /// The network goes down (`false`) or comes back (`true`).
  case network(reachable: Bool)
  /// The next `count` requests that reach the server fail with status 500.
  case failNext(count: Int)
  /// Answers take `milliseconds` to reach the app from now on.
  case latency(milliseconds: Int)
  /// A significant time change: the wall clock jumps to `at` and/or the zone becomes `timeZone`.
  case setClock(at: Date?, timeZone: TimeZone?)
  /// `milliseconds` pass; every timer that falls due runs.
  case wait(milliseconds: Int)
}

/// Why a script cannot run: the step (when there is one) and the problem.
public struct NutritionReplayScriptError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The index of the offending action in `actions`, or `nil` for the document itself.
  public var actionIndex: Int?
  /// What is wrong, naming the action and the field: `tick: itemId is missing`.
  public var problem: String

  public init(actionIndex: Int?, problem: String) {
    self.actionIndex = actionIndex
    self.problem = problem
  }

  /// `action 3: tick: itemId is missing`, or the problem alone for the document.
  public var description: String {
    actionIndex.map { "action \($0): \(problem)" } ?? problem
  }
}
