import DurableFiles
import Foundation
import RestTimer
import TraineeAPI
import WorkoutSession

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity interactions": each command is applied
// exactly once, in order. A command is deleted after it is applied; a crash between the two leaves
// it pending, and applying it again changes nothing, because every command is checked against the
// state first: the set it completes is done by then, and the rest it moved no longer ends where the
// card showed it.

/// Why a pending command was refused; it changed nothing.
public enum PendingCommandRejection: Error, Equatable, Sendable, CustomStringConvertible {
  /// No workout is running.
  case noWorkout
  /// The command was tapped before the running workout started: it is from an earlier one.
  case fromEarlierWorkout
  /// The set (or its exercise) is no longer in the workout.
  case setRemoved(exerciseId: String, setNumber: Int)
  /// The set was already done.
  case setAlreadyDone(exerciseId: String, setNumber: Int)
  /// Checking the set now would commit other values than the card showed.
  case valuesChanged(shown: CardSetValues, now: CardSetValues)
  /// The set cannot be completed from the card (a value is missing or would be refused).
  case notCompletableFromCard(exerciseId: String, setNumber: Int)
  /// The rest the card showed is over, skipped, moved or replaced.
  case restChanged
  /// The engine refused the action.
  case refused(ActionRefusal)

  /// What happened, for the reason file and the UI.
  public var description: String {
    switch self {
    case .noWorkout: "no workout is running"
    case .fromEarlierWorkout: "tapped on the card of an earlier workout"
    case .setRemoved(let exerciseId, let setNumber):
      "set \(setNumber) of \(exerciseId) is no longer in the workout"
    case .setAlreadyDone(let exerciseId, let setNumber):
      "set \(setNumber) of \(exerciseId) was already done"
    case .valuesChanged(let shown, let now):
      "the set's values changed: shown \(text(shown)), now \(text(now))"
    case .notCompletableFromCard(let exerciseId, let setNumber):
      "set \(setNumber) of \(exerciseId) cannot be completed from the card"
    case .restChanged: "the rest shown on the card is over or was changed"
    case .refused(let refusal): "refused: \(refusal.code)"
    }
  }

  private func text(_ values: CardSetValues) -> String {
    [values.weight, values.reps, values.rir, values.duration, values.distance, values.rpe]
      .compactMap { $0 }.joined(separator: " ")
  }
}

/// What became of one pending-command file.
public struct PendingCommandResult: Equatable, Sendable {
  /// What became of it.
  public enum Outcome: Equatable, Sendable {
    /// Applied; the effects are the engine's (a rest started, a record set).
    case applied(PendingCommand, effects: [WorkoutEffect])
    /// Refused, changing nothing; the file is in `rejected/`.
    case rejected(PendingCommand, PendingCommandRejection)
    /// Not a command; the file is in `malformed/`.
    case malformed(PendingCommandProblem)
  }

  /// The file's name in the queue.
  public var file: String
  /// What became of it.
  public var outcome: Outcome
  /// Why the file could not be deleted or moved aside, when it could not; it stays pending and
  /// is judged again next time (which changes nothing for an applied command).
  public var fileProblem: FileError?

  /// Creates a result.
  public init(file: String, outcome: Outcome, fileProblem: FileError? = nil) {
    self.file = file
    self.outcome = outcome
    self.fileProblem = fileProblem
  }
}

/// Applies the commands waiting in `queue` to `state` at `now`, in tap order, and returns what
/// became of each. On the queue's first drain, temporary files a killed writer left in its
/// directories, older than an hour at `now`, are removed first; later drains of the same queue
/// skip that sweep. Throws only when the queue's directory cannot be listed.
public func applyPendingCommands(
  _ queue: PendingCommandQueue, to state: inout WorkoutState, now: Date
) throws(FileError) -> [PendingCommandResult] {
  try queue.drain(now: now, state: { state }, send: { state.apply($0, now: now) })
}

/// Applies the commands waiting in `queue` through `store` (which saves each to its journal), in
/// tap order, and returns what became of each. Call it when the app starts or returns to the
/// foreground, with `now` from the store's clock. On the queue's first drain, temporary files a
/// killed writer left in its directories, older than an hour at `now`, are removed first; later
/// drains of the same queue (the terminal app drains every second and after each card tap) skip
/// that sweep. Throws only when the queue's directory cannot be listed.
@MainActor
public func applyPendingCommands(
  _ queue: PendingCommandQueue, to store: WorkoutStore, now: Date
) throws(FileError) -> [PendingCommandResult] {
  try queue.drain(now: now, state: { store.state }, send: { store.send($0) })
}

extension PendingCommandQueue {
  func drain(
    now: Date, state: () -> WorkoutState, send: (WorkoutAction) -> [WorkoutEffect]
  ) throws(FileError) -> [PendingCommandResult] {
    // NB: the first drain of a queue is when the app opens it: the moment to sweep what a
    // killed writer left. Later drains come every second; sweeping again would list three
    // directories each time to find what the first sweep already removed.
    removeStaleTemporariesOnce(now: now)
    var results: [PendingCommandResult] = []
    for name in try pendingNames() {
      let command: PendingCommand
      do {
        command = try read(name)
      } catch {
        let problem = fileProblem { () throws(FileError) in
          try setAside(name, into: malformedDirectory, reason: error.description)
        }
        results.append(.init(file: name, outcome: .malformed(error), fileProblem: problem))
        continue
      }
      var outcome: PendingCommandResult.Outcome
      switch action(for: command, in: state(), now: now) {
      case .failure(let rejection):
        outcome = .rejected(command, rejection)
      case .success(let action):
        let effects = send(action)
        if let refusal = effects.lazy.compactMap(refusalOf).first {
          outcome = .rejected(command, .refused(refusal))
        } else {
          outcome = .applied(command, effects: effects)
        }
      }
      let problem = fileProblem { () throws(FileError) in
        if case .rejected(_, let rejection) = outcome {
          try setAside(name, into: rejectedDirectory, reason: rejection.description)
        } else {
          try remove(name)
        }
      }
      results.append(.init(file: name, outcome: outcome, fileProblem: problem))
    }
    return results
  }

  private func fileProblem(
    _ body: () throws(FileError) -> Void
  ) -> FileError? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }
}

private func refusalOf(_ effect: WorkoutEffect) -> ActionRefusal? {
  if case .actionRefused(let refusal) = effect { return refusal }
  return nil
}

/// The engine action `command` asks for in `state`, or why it is refused.
func action(
  for command: PendingCommand, in state: WorkoutState, now: Date
) -> Result<WorkoutAction, PendingCommandRejection> {
  guard let session = state.session, session.started else { return .failure(.noWorkout) }
  // Compared at whole milliseconds, the precision the session's start is saved with: a tap in
  // the very millisecond the workout started is not from an earlier one. The tap's time alone
  // misses a card of an earlier workout that was not ended yet (its end failed, or is still
  // pending) and tapped after this one started; the workout's start the card showed catches
  // it. A command written before commands carried that start is judged by its time alone.
  if let startedAt = session.startedAt {
    if command.issuedAt.milliseconds < startedAt.milliseconds {
      return .failure(.fromEarlierWorkout)
    }
    if let shownStart = command.workoutStartedAt,
      shownStart.milliseconds != startedAt.milliseconds
    {
      return .failure(.fromEarlierWorkout)
    }
  }
  switch command {
  case .completeSet(let command):
    return completeSetAction(command, in: session)
  case .adjustRest(let command):
    // NB: a rest whose end has passed is over: moving it would do nothing (RestTimer.adjust).
    guard showsCurrentRest(state.rest.clock, command.restStartedAt, command.restEndsAt),
      state.rest.clock?.elapsed == false, now < command.restEndsAt
    else { return .failure(.restChanged) }
    return .success(.adjustRest(seconds: command.seconds))
  case .skipRest(let command):
    guard showsCurrentRest(state.rest.clock, command.restStartedAt, command.restEndsAt) else {
      return .failure(.restChanged)
    }
    return .success(.skipRest)
  }
}

private func completeSetAction(
  _ command: CompleteSetCommand, in session: WorkoutSession
) -> Result<WorkoutAction, PendingCommandRejection> {
  let removed = PendingCommandRejection.setRemoved(
    exerciseId: command.exerciseId, setNumber: command.setNumber)
  guard
    let location = SetLocation(
      exerciseId: command.exerciseId, setNumber: command.setNumber, in: session),
    let exercise = location.exercise(in: session)
  else { return .failure(removed) }
  let index = location.setIndex
  // NB: docs/specs/live-activity.md, "Buttons and pending commands": the tap completes the set the
  // card showed.
  // It need not be the set due now (`SetLocation.due(in:)`): a tap queued before the app applied
  // an earlier one, or made on a card the app had not updated yet, still names a set the trainee
  // saw and chose. Open, it is applied; already done, it is refused.
  if exercise.sets[index].done {
    return .failure(.setAlreadyDone(exerciseId: command.exerciseId, setNumber: command.setNumber))
  }
  // NB: the card's values are what checking the set would commit; written again the same way
  // (same language and units), they must read the same, or the trainee changed them since.
  let writer = CardSetWriter(
    language: command.language, sessionUnits: session.units, cardUnits: command.units)
  let now = writer.write(exercise, at: index, rirColumn: session.rirColumn).set
  guard now.values == command.values else {
    return .failure(.valuesChanged(shown: command.values, now: now.values))
  }
  guard now.checkmark == .enabled else {
    return .failure(
      .notCompletableFromCard(exerciseId: command.exerciseId, setNumber: command.setNumber))
  }
  return .success(.toggleSet(exerciseId: command.exerciseId, setNumber: command.setNumber))
}

/// Whether `clock` is the rest the card showed, to the millisecond.
private func showsCurrentRest(_ clock: RestClock?, _ startedAt: Date, _ endsAt: Date) -> Bool {
  guard let clock else { return false }
  return clock.startedAt.milliseconds == startedAt.milliseconds
    && clock.endsAt.milliseconds == endsAt.milliseconds
}
