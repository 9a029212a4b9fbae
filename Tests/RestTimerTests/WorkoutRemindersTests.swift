import Foundation
import Testing

@testable import RestTimer

/// The moment the workouts in these tests start.
private let t0 = Date(timeIntervalSince1970: 1_767_225_600)

/// `minutes` after `t0`.
private func at(_ minutes: TimeInterval) -> Date {
  t0 + minutes * 60
}

/// A started workout with `done` sets checked and some left.
private func training(_ done: Int) -> WorkoutReminders.Progress {
  WorkoutReminders.Progress(started: true, completedSets: done, allSetsDone: false)
}

/// A started workout with every one of its `done` sets checked.
private func allDone(_ done: Int) -> WorkoutReminders.Progress {
  WorkoutReminders.Progress(started: true, completedSets: done, allSetsDone: true)
}

/// One update of the reminders, `minute` minutes after `t0`, and what it should change.
struct ReminderStep: Sendable {
  var progress: WorkoutReminders.Progress
  var minute: TimeInterval
  var idleEnabled = true
  var unfinishedEnabled = true
  var effects: [ReminderEffect]
}

/// A named sequence of updates.
struct ReminderScenario: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let steps: [ReminderStep]
}

/// The idle and unfinished reminders as a policy of the workout's progress.
struct WorkoutRemindersTests {
  static let scenarios = [
    ReminderScenario(
      testDescription: "starting a workout schedules idle an hour later",
      steps: [
        ReminderStep(
          progress: training(0), minute: 0, effects: [.schedule(.workoutIdle, at: at(60))])
      ]),
    ReminderScenario(
      testDescription: "nothing without a started workout",
      steps: [
        ReminderStep(progress: .closed, minute: 0, effects: []),
        ReminderStep(
          progress: WorkoutReminders.Progress(started: false, completedSets: 2, allSetsDone: false),
          minute: 1, effects: []),
        ReminderStep(
          progress: WorkoutReminders.Progress(started: false, completedSets: 4, allSetsDone: true),
          minute: 2, effects: []),
      ]),
    ReminderScenario(
      testDescription: "every change of the count reschedules idle, the same count does not",
      steps: [
        ReminderStep(
          progress: training(0), minute: 0, effects: [.schedule(.workoutIdle, at: at(60))]),
        ReminderStep(progress: training(0), minute: 5, effects: []),
        ReminderStep(
          progress: training(1), minute: 7, effects: [.schedule(.workoutIdle, at: at(67))]),
        ReminderStep(progress: training(1), minute: 9, effects: []),
        ReminderStep(
          progress: training(2), minute: 20, effects: [.schedule(.workoutIdle, at: at(80))]),
        ReminderStep(
          progress: training(1), minute: 21, effects: [.schedule(.workoutIdle, at: at(81))]),
      ]),
    ReminderScenario(
      testDescription: "all done cancels idle and schedules unfinished once",
      steps: [
        ReminderStep(
          progress: training(3), minute: 0, effects: [.schedule(.workoutIdle, at: at(60))]),
        ReminderStep(
          progress: allDone(4), minute: 12,
          effects: [.cancel(.workoutIdle), .schedule(.workoutUnfinished, at: at(27))]),
        ReminderStep(progress: allDone(4), minute: 20, effects: []),
        ReminderStep(progress: allDone(4), minute: 40, effects: []),
      ]),
    ReminderScenario(
      testDescription: "unchecking a set cancels unfinished and schedules idle",
      steps: [
        ReminderStep(
          progress: allDone(4), minute: 0, effects: [.schedule(.workoutUnfinished, at: at(15))]),
        ReminderStep(
          progress: training(3), minute: 5,
          effects: [.schedule(.workoutIdle, at: at(65)), .cancel(.workoutUnfinished)]),
        ReminderStep(
          progress: allDone(4), minute: 6,
          effects: [.cancel(.workoutIdle), .schedule(.workoutUnfinished, at: at(21))]),
      ]),
    ReminderScenario(
      testDescription: "closing while training cancels idle",
      steps: [
        ReminderStep(
          progress: training(2), minute: 0, effects: [.schedule(.workoutIdle, at: at(60))]),
        ReminderStep(progress: .closed, minute: 30, effects: [.cancel(.workoutIdle)]),
        ReminderStep(progress: .closed, minute: 31, effects: []),
      ]),
    ReminderScenario(
      testDescription: "closing with every set done cancels unfinished",
      steps: [
        ReminderStep(
          progress: training(3), minute: 0, effects: [.schedule(.workoutIdle, at: at(60))]),
        ReminderStep(
          progress: allDone(4), minute: 10,
          effects: [.cancel(.workoutIdle), .schedule(.workoutUnfinished, at: at(25))]),
        ReminderStep(progress: .closed, minute: 11, effects: [.cancel(.workoutUnfinished)]),
        ReminderStep(progress: .closed, minute: 12, effects: []),
      ]),
    ReminderScenario(
      testDescription: "the next workout after a closed one schedules idle again",
      steps: [
        ReminderStep(
          progress: training(2), minute: 0, effects: [.schedule(.workoutIdle, at: at(60))]),
        ReminderStep(progress: .closed, minute: 10, effects: [.cancel(.workoutIdle)]),
        ReminderStep(
          progress: training(0), minute: 20, effects: [.schedule(.workoutIdle, at: at(80))]),
      ]),
    ReminderScenario(
      testDescription: "a disabled idle reminder is never scheduled",
      steps: [
        ReminderStep(progress: training(0), minute: 0, idleEnabled: false, effects: []),
        ReminderStep(progress: training(1), minute: 5, idleEnabled: false, effects: []),
        ReminderStep(
          progress: allDone(2), minute: 10, idleEnabled: false,
          effects: [.schedule(.workoutUnfinished, at: at(25))]),
        ReminderStep(
          progress: training(1), minute: 11, idleEnabled: false,
          effects: [.cancel(.workoutUnfinished)]),
      ]),
    ReminderScenario(
      testDescription: "a disabled unfinished reminder is never scheduled",
      steps: [
        ReminderStep(
          progress: training(0), minute: 0, unfinishedEnabled: false,
          effects: [.schedule(.workoutIdle, at: at(60))]),
        ReminderStep(
          progress: allDone(1), minute: 5, unfinishedEnabled: false,
          effects: [.cancel(.workoutIdle)]),
        ReminderStep(progress: allDone(1), minute: 6, unfinishedEnabled: false, effects: []),
      ]),
    ReminderScenario(
      testDescription: "a scheduled idle reminder is cancelled when it becomes disabled",
      steps: [
        ReminderStep(
          progress: training(1), minute: 0, effects: [.schedule(.workoutIdle, at: at(60))]),
        ReminderStep(
          progress: training(1), minute: 3, idleEnabled: false, effects: [.cancel(.workoutIdle)]),
        ReminderStep(progress: training(2), minute: 4, idleEnabled: false, effects: []),
      ]),
    ReminderScenario(
      testDescription: "a scheduled unfinished reminder is cancelled when it becomes disabled",
      steps: [
        ReminderStep(
          progress: allDone(3), minute: 0, effects: [.schedule(.workoutUnfinished, at: at(15))]),
        ReminderStep(
          progress: allDone(3), minute: 2, unfinishedEnabled: false,
          effects: [.cancel(.workoutUnfinished)]),
        ReminderStep(progress: allDone(3), minute: 3, unfinishedEnabled: false, effects: []),
      ]),
  ]

  @Test func theDelaysAreTheSpecs() {
    #expect(idleReminderDelay == 60 * 60)
    #expect(unfinishedReminderDelay == 15 * 60)
  }

  @Test(arguments: scenarios)
  func remindersFollowTheWorkout(_ scenario: ReminderScenario) {
    var reminders = WorkoutReminders()

    for (index, step) in scenario.steps.enumerated() {
      let effects = reminders.update(
        step.progress, now: at(step.minute), idleEnabled: step.idleEnabled,
        unfinishedEnabled: step.unfinishedEnabled)
      #expect(effects == step.effects, "step \(index)")
    }
  }

  @Test func theScheduledRemindersSurviveARestart() throws {
    var reminders = WorkoutReminders()
    _ = reminders.update(training(2), now: at(0))
    let persisted = try JSONEncoder().encode(reminders)

    var relaunched = try JSONDecoder().decode(WorkoutReminders.self, from: persisted)

    #expect(relaunched == reminders)
    #expect(relaunched.update(training(2), now: at(5)) == [])
    #expect(relaunched.update(training(3), now: at(6)) == [.schedule(.workoutIdle, at: at(66))])
  }
}
