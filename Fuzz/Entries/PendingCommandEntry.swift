import Foundation
import LiveActivity
import RestTimer
import TraineeAPI
import WorkoutSession

// NB: the widget writes a pending command in its own process, so its file is outside input to
// the app: it is read, validated and applied to the live workout by `applyPendingCommands`,
// and moved aside when refused or malformed. The workout it meets has a set done, a rest
// running and open sets, so a command that decodes can reach every rule.

/// One pending-command file, drained into a live workout.
enum PendingCommandEntry {
  /// 2026-01-05 08:00 UTC: the workout's start.
  static let startedAt = Date(timeIntervalSince1970: 1_767_600_000)
  /// Twenty seconds into the rest that began a minute after the start.
  static let now = startedAt + 80

  /// The live workout every command meets.
  static let state: WorkoutState = {
    let day = ProgramDayDto(
      id: "day_push", label: "Day 1", title: "Push",
      strength: [
        StrengthDto(
          id: "row_bench", exerciseId: "ex_bench", name: "Bench press", sets: "3", reps: "5",
          weight: "80", rest: "1:30"),
        StrengthDto(
          id: "row_ohp", exerciseId: "ex_ohp", name: "Overhead press", sets: "2", reps: "8",
          weight: "40", rest: "60"),
      ])
    var state = WorkoutState()
    let workout = dayToLive(day, planId: "plan_ppl", units: .metric)
    _ = state.apply(.start(workout, units: .metric), now: startedAt)
    _ = state.apply(.begin, now: startedAt)
    _ = state.apply(
      .setValue(exerciseId: "ex_bench", setNumber: 1, field: .reps, value: "5"),
      now: startedAt + 50)
    _ = state.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: startedAt + 60)
    return state
  }()

  static func run(_ input: Data) throws(FuzzFinding) {
    try ScratchDirectory.with { root throws(FuzzFinding) in
      let queue = PendingCommandQueue(dataDirectory: root)
      do {
        try FileManager.default.createDirectory(
          at: queue.directory, withIntermediateDirectories: true)
      } catch {
        preconditionFailure("cannot create \(queue.directory.path): \(error)")
      }
      ScratchDirectory.write(input, to: queue.directory.appendingPathComponent(fileName))
      var state = Self.state
      let results: [PendingCommandResult]
      do {
        results = try applyPendingCommands(queue, to: &state, now: now)
      } catch {
        throw FuzzFinding("the queue could not be drained: \(error)")
      }
      guard results.count == 1, results[0].fileProblem == nil else {
        throw FuzzFinding("one command file gave \(results)")
      }
    }
  }

  /// A name as the widget writes them: the tap's milliseconds, zero-padded, and a random part.
  static let fileName = "001767600070000-0badf00d.json"
}

extension PendingCommandEntry {
  /// Commands as the widget writes them for the workout every input meets: the checkmark of
  /// the card in each language, both rest buttons, and the skip; for seeding a corpus.
  public static func seeds() -> [Data] {
    var commands: [PendingCommand] = []
    for language in ActivityLanguage.allCases {
      if let content = activityContent(
        state: state, language: language, units: .metric, now: now - 5, version: 1),
        let tap = CompleteSetCommand(tapping: content, at: now - 5)
      {
        commands.append(.completeSet(tap))
      }
    }
    if let clock = state.rest.clock {
      for seconds in [-15, 15] {
        commands.append(
          .adjustRest(
            AdjustRestCommand(
              seconds: seconds, restStartedAt: clock.startedAt, restEndsAt: clock.endsAt,
              version: 1, issuedAt: now - 2, workoutStartedAt: startedAt)))
      }
      commands.append(
        .skipRest(
          SkipRestCommand(
            restStartedAt: clock.startedAt, restEndsAt: clock.endsAt, version: 1,
            issuedAt: now - 1, workoutStartedAt: startedAt)))
    }
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .millisecondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    return commands.compactMap { try? encoder.encode($0) }
  }
}
