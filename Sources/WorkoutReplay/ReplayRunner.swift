import Foundation
import TraineeAPI
import WorkoutSession

/// Runs a script through the real store, journal included, on a scripted clock.
@MainActor
public struct ReplayRunner {
  /// The directory of the run's crash-recovery journal (`perform replay --data-dir DIR` uses
  /// `DIR/workout`, as the app does); a fresh temporary directory, deleted after, when `nil`.
  public var journalDirectory: URL?

  public init(journalDirectory: URL? = nil) {
    self.journalDirectory = journalDirectory
  }

  /// Runs `script` and returns what it produced. Throws when a step names an exercise or set
  /// the workout does not have, or the journal cannot be written.
  public func run(_ script: ReplayScript) throws -> ReplayResult {
    let clock = ScriptClock(script.startAt)
    let directory =
      journalDirectory
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-replay-\(UUID().uuidString)")
    defer {
      if journalDirectory == nil { try? FileManager.default.removeItem(at: directory) }
    }
    let journal = SessionJournal(directory: directory)
    let (store, notices) = try WorkoutStore.restoring(from: journal, now: { clock.now })
    defer { journal.close() }

    var effects: [ReplayEffect] = []
    var log: LogWorkoutPayload?
    for (index, step) in script.steps.enumerated() {
      let action: WorkoutAction
      switch step {
      case .wait(let seconds):
        clock.advance(by: seconds)
        continue
      case .finish:
        guard let session = store.session else {
          throw ReplayScriptError(actionIndex: index, problem: "finish: no workout is open")
        }
        log = logPayload(session, now: clock.now)
        continue
      case .start:
        action = .start(
          getLiveWorkout(
            script.workouts, dayId: script.dayId, planId: script.planId, units: script.units),
          units: script.units)
      case .action(let scripted):
        action = scripted
      }
      for effect in store.send(action) {
        if case .actionRefused(let refusal) = effect {
          switch refusal {
          case .unknownExercise, .unknownSet:
            throw ReplayScriptError(
              actionIndex: index, problem: "\(action.name): \(refusal.message)")
          default:
            break
          }
        }
        effects.append(ReplayEffect(at: clock.now, actionIndex: index, effect: effect))
      }
    }
    if let problem = store.saveProblem { throw problem }
    let session = store.session
    return ReplayResult(
      session: session, stats: sessionStats(session),
      nextExercise: nextExercise(session)?.exerciseId,
      placeholders: computePlaceholders(session?.exercises ?? []), effects: effects, log: log,
      notices: notices)
  }
}

/// The scripted clock: starts at the script's `startAt` and moves only on `wait`.
final class ScriptClock: @unchecked Sendable {
  // @unchecked: `current` is only touched under `lock`.
  private let lock = NSLock()
  private var current: Date

  init(_ start: Date) { current = start }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  func advance(by seconds: Double) {
    lock.lock()
    current += seconds
    lock.unlock()
  }
}
