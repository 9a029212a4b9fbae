import Foundation
import RestTimer
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveActivity

/// A host that records every request and keeps the activities it was asked to show.
@MainActor
final class RecordingActivityHost: LiveActivityHost {
  enum Call: Equatable {
    case start(WorkoutActivityContent, staleDate: Date)
    case update(LiveActivityID, WorkoutActivityContent, staleDate: Date)
    case end(LiveActivityID, WorkoutActivityContent?, ActivityDismissal)
  }

  var activitiesEnabled = true
  var runningActivities: [RunningLiveActivity] = []
  var calls: [Call] = []
  var activityEnded: (@MainActor (LiveActivityID) -> Void)?
  /// Thrown by every request while set.
  var failure: LiveActivityHostError?
  private var started = 0

  func start(
    _ content: WorkoutActivityContent, staleDate: Date
  ) throws(LiveActivityHostError) -> LiveActivityID {
    if let failure { throw failure }
    started += 1
    let id = LiveActivityID(rawValue: "activity-\(started)")
    calls.append(.start(content, staleDate: staleDate))
    runningActivities.append(RunningLiveActivity(id: id, content: content, staleDate: staleDate))
    return id
  }

  func update(
    _ id: LiveActivityID, content: WorkoutActivityContent, staleDate: Date
  ) throws(LiveActivityHostError) {
    if let failure { throw failure }
    calls.append(.update(id, content, staleDate: staleDate))
    for index in runningActivities.indices where runningActivities[index].id == id {
      runningActivities[index].content = content
    }
  }

  func end(
    _ id: LiveActivityID, finalContent: WorkoutActivityContent?, dismissal: ActivityDismissal
  ) throws(LiveActivityHostError) {
    if let failure { throw failure }
    calls.append(.end(id, finalContent, dismissal))
    runningActivities.removeAll { $0.id == id }
  }

  /// The person swipes activity `id` away: the system lists it no more and reports it dismissed.
  func dismiss(_ id: LiveActivityID) {
    runningActivities.removeAll { $0.id == id }
    activityEnded?(id)
  }

  /// The versions of the contents started and updated, in order.
  var versions: [Int] {
    calls.compactMap {
      switch $0 {
      case .start(let content, _), .update(_, let content, _): content.version
      case .end: nil
      }
    }
  }
}

@MainActor
struct WorkoutActivityControllerTests {
  typealias F = CardFixtures
  let now = F.now
  let host = RecordingActivityHost()
  let controller: WorkoutActivityController

  init() {
    controller = WorkoutActivityController(host: host, language: .en, units: .metric)
  }

  /// A started workout of two sets.
  var state: WorkoutState {
    F.state(
      F.session([
        F.strength(sets: [F.set(1, weight: "72.5", reps: "8"), F.set(2, weight: "72.5", reps: "8")])
      ]))
  }

  func content(_ state: WorkoutState, version: Int) throws -> WorkoutActivityContent {
    var content = try #require(F.content(state))
    content.version = version
    return content
  }

  @Test func startsWhenTheSessionStartsWithAnEightHourStaleDate() throws {
    var unstarted = state
    unstarted.session?.started = false
    unstarted.session?.startedAt = nil
    controller.sync(unstarted, now: now)
    #expect(host.calls.isEmpty)
    controller.sync(state, now: now)
    #expect(host.calls == [.start(try content(state, version: 1), staleDate: now + 8 * 3600)])
    #expect(controller.activityID == LiveActivityID(rawValue: "activity-1"))
  }

  @Test func updatesOnlyWhenTheCardChangesEachWithANewVersion() throws {
    var current = state
    controller.sync(current, now: now)
    controller.sync(current, now: now + 1)
    _ = current.apply(.tick, now: now + 2)
    controller.sync(current, now: now + 2)
    #expect(host.calls.count == 1)

    let edits: [WorkoutAction] = [
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "75"),
      .addSet(exerciseId: "ex_bench"),
      .removeSet(exerciseId: "ex_bench", setNumber: 3),
      .toggleSet(exerciseId: "ex_bench", setNumber: 1),
      .adjustRest(seconds: 15),
      .skipRest,
    ]
    for (offset, action) in edits.enumerated() {
      let time = now + 10 + Double(offset)
      _ = current.apply(action, now: time)
      controller.sync(current, now: time)
    }
    #expect(host.versions == Array(1...7))
    let stale = now + 8 * 3600
    #expect(
      host.calls.last
        == .update(
          LiveActivityID(rawValue: "activity-1"), try content(current, version: 7), staleDate: stale
        ))
  }

  /// The card ends the moment the trainee finishes or discards, not when the server accepts
  /// the log (`reset`) (docs/decisions/the-live-workout.md, "Finishing and discarding").
  @Test(arguments: [WorkoutAction.finish, .discard, .reset])
  func endsWhenTheWorkoutIsFinishedOrDiscarded(_ closing: WorkoutAction) throws {
    var current = state
    controller.sync(current, now: now)
    _ = current.apply(closing, now: now + 60)
    controller.sync(current, now: now + 60)
    let id = LiveActivityID(rawValue: "activity-1")
    #expect(host.calls.last == .end(id, try content(state, version: 1), .immediate))
    #expect(host.runningActivities.isEmpty)
    #expect(controller.activityID == nil)
    controller.sync(current, now: now + 61)
    #expect(host.calls.count == 2)
  }

  @Test func aCardLeftFromACrashIsEndedWhenTheNextWorkoutStarts() throws {
    var earlier = try content(state, version: 41)
    earlier.workoutStartedAt = F.startedAt - 86_400
    let leftover = LiveActivityID(rawValue: "left-over")
    host.runningActivities = [
      RunningLiveActivity(id: leftover, content: earlier, staleDate: F.startedAt - 50_000)
    ]
    controller.sync(state, now: now)
    #expect(
      host.calls == [
        .end(leftover, nil, .immediate),
        .start(try content(state, version: 42), staleDate: now + 8 * 3600),
      ])
  }

  @Test func aRelaunchMidWorkoutAdoptsItsOwnCard() throws {
    let own = LiveActivityID(rawValue: "own")
    let startedAt = now - 3600
    host.runningActivities = [
      RunningLiveActivity(
        id: own, content: try content(state, version: 9), staleDate: startedAt + 8 * 3600)
    ]
    controller.sync(state, now: now)
    #expect(
      host.calls == [.update(own, try content(state, version: 10), staleDate: startedAt + 8 * 3600)]
    )
    #expect(controller.activityID == own)
  }

  /// Relaunched more than eight hours into the workout: its own card is past its stale date, so
  /// it is ended and no new one is started for that workout.
  @Test func aRelaunchPastTheStaleDateStartsNoNewCard() throws {
    let own = LiveActivityID(rawValue: "own")
    host.runningActivities = [
      RunningLiveActivity(id: own, content: try content(state, version: 9), staleDate: now - 3600)
    ]
    var current = state
    controller.sync(current, now: now)
    #expect(host.calls == [.end(own, nil, .immediate)])
    #expect(controller.activityID == nil)
    _ = current.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: now + 5)
    controller.sync(current, now: now + 5)
    _ = current.apply(.reset, now: now + 6)
    controller.sync(current, now: now + 6)
    #expect(host.calls == [.end(own, nil, .immediate)])
    // The next workout gets a card again.
    var next = state
    next.session?.startedAt = now + 3600
    controller.sync(next, now: now + 3600)
    #expect(host.versions == [10])
  }

  @Test func aCardPastItsStaleDateIsNeitherUpdatedNorStartedAgain() throws {
    var current = state
    controller.sync(current, now: now)
    let stale = now + 8 * 3600
    _ = current.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: stale)
    controller.sync(current, now: stale)
    #expect(host.calls.count == 1)
    // Past twelve hours the system has removed it: nothing to end.
    host.runningActivities = []
    controller.sync(current, now: now + 12 * 3600)
    _ = current.apply(.reset, now: now + 12 * 3600 + 1)
    controller.sync(current, now: now + 12 * 3600 + 1)
    #expect(host.calls.count == 1)
    // The next workout gets a card again.
    var next = state
    next.session?.startedAt = now + 13 * 3600
    controller.sync(next, now: now + 13 * 3600)
    #expect(host.calls.count == 2)
    #expect(host.versions == [1, 2])
  }

  @Test func aWorkoutEndedAfterTheStaleDateStillEndsItsCard() throws {
    var current = state
    controller.sync(current, now: now)
    _ = current.apply(.reset, now: now + 9 * 3600)
    controller.sync(current, now: now + 9 * 3600)
    #expect(
      host.calls.last
        == .end(LiveActivityID(rawValue: "activity-1"), try content(state, version: 1), .immediate))
  }

  @Test func switchedOffLiveActivitiesLeaveTheWorkoutAlone() throws {
    host.activitiesEnabled = false
    var current = state
    controller.sync(current, now: now)
    let before = current
    _ = current.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: now + 5)
    controller.sync(current, now: now + 5)
    #expect(host.calls.isEmpty)
    #expect(current.session?.exercises[0].sets[0].done == true)
    #expect(before.session?.exercises[0].sets[0].done == false)
    // Switched on mid-workout: the card appears at the next sync.
    host.activitiesEnabled = true
    controller.sync(current, now: now + 6)
    #expect(host.calls == [.start(try content(current, version: 1), staleDate: now + 6 + 8 * 3600)])
  }

  @Test func aFailingHostIsReportedAndRetriedAtTheNextChange() throws {
    host.failure = .failed(reason: "denied")
    var current = state
    controller.sync(current, now: now)
    #expect(controller.lastProblem == .failed(reason: "denied"))
    #expect(controller.activityID == nil)
    host.failure = nil
    _ = current.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: now + 5)
    controller.sync(current, now: now + 5)
    #expect(controller.lastProblem == nil)
    #expect(host.versions == [2])
  }

  @Test func anotherWorkoutReplacingTheFirstEndsItsCard() throws {
    controller.sync(state, now: now)
    var next = state
    next.session?.dayId = "day_2"
    controller.sync(next, now: now + 60)
    #expect(host.calls.count == 3)
    #expect(
      host.calls[1]
        == .end(LiveActivityID(rawValue: "activity-1"), try content(state, version: 1), .immediate))
    #expect(host.runningActivities.map(\.id) == [LiveActivityID(rawValue: "activity-2")])
    #expect(host.versions == [1, 2])
  }

  // MARK: Whether the card is current

  /// From its stale date (8 hours) the controller keeps the card (to end it with the workout),
  /// but no longer updates it: a rest started then never appears on it, so it does not count.
  @Test func theCardIsCurrentOnlyBeforeItsStaleDate() throws {
    #expect(!controller.cardIsCurrent(now: now))
    controller.sync(state, now: now)
    #expect(controller.cardIsCurrent(now: now))
    #expect(controller.cardIsCurrent(now: now + 8 * 3600 - 1))
    #expect(!controller.cardIsCurrent(now: now + 8 * 3600))
    var current = state
    _ = current.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: now + 9 * 3600)
    controller.sync(current, now: now + 9 * 3600)
    #expect(controller.activityID == LiveActivityID(rawValue: "activity-1"))
    #expect(!controller.cardIsCurrent(now: now + 9 * 3600))
    #expect(host.calls.count == 1)
  }

  // MARK: A card swiped away

  /// The host reports the card dismissed: it no longer counts as visible, is not ended (it is
  /// gone) and is not started again for this workout; the next workout gets one.
  @Test func aCardSwipedAwayIsGoneAndNotStartedAgainForThatWorkout() throws {
    var current = state
    controller.sync(current, now: now)
    let id = LiveActivityID(rawValue: "activity-1")
    host.dismiss(id)
    #expect(!controller.cardIsCurrent(now: now + 1))
    #expect(controller.activityID == nil)

    _ = current.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: now + 5)
    controller.sync(current, now: now + 5)
    #expect(host.calls.count == 1)
    #expect(!controller.cardIsCurrent(now: now + 5))

    _ = current.apply(.reset, now: now + 6)
    controller.sync(current, now: now + 6)
    #expect(host.calls.count == 1)
    var next = state
    next.session?.startedAt = now + 3600
    controller.sync(next, now: now + 3600)
    #expect(host.versions == [1, 2])
    #expect(controller.cardIsCurrent(now: now + 3600))
  }

  /// Reports of activities that are not the current card (one the controller ended itself, one
  /// left from a crash) change nothing.
  @Test func aReportOfAnotherActivityIsIgnored() throws {
    controller.sync(state, now: now)
    host.activityEnded?(LiveActivityID(rawValue: "left-over"))
    #expect(controller.cardIsCurrent(now: now))
    #expect(controller.activityID == LiveActivityID(rawValue: "activity-1"))
  }

  // MARK: A workout begun 8 hours ago or more

  /// A relaunch 13 hours into the workout with no card listed (removed by the system, swiped
  /// away, or a host that keeps none across launches) starts no card for it.
  @Test(arguments: [8.0, 13.0])
  func aWorkoutBegunEightHoursAgoGetsNoNewCard(hours: Double) throws {
    let late = F.startedAt + hours * 3600
    var current = state
    controller.sync(current, now: late)
    #expect(host.calls.isEmpty)
    #expect(!controller.cardIsCurrent(now: late))
    _ = current.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: late + 5)
    controller.sync(current, now: late + 5)
    #expect(host.calls.isEmpty)
    // The next workout gets a card again.
    var next = state
    next.session?.startedAt = late + 60
    controller.sync(next, now: late + 60)
    #expect(host.versions == [1])
  }

  /// Just before 8 hours a card is still started (switched on late, or a relaunch).
  @Test func aWorkoutBegunLessThanEightHoursAgoStillGetsACard() throws {
    let late = F.startedAt + 8 * 3600 - 1
    controller.sync(state, now: late)
    #expect(host.calls == [.start(try content(state, version: 1), staleDate: late + 8 * 3600)])
  }
}
