import Foundation
import RestTimer
import Testing
import TraineeAPI
import WorkoutSession

@testable import LiveActivity

/// A fresh directory for one test, removed when `body` returns.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("perform-live-activity-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory)
}

struct PendingCommandQueueTests {
  typealias F = CardFixtures
  let now = F.now
  let restStart = F.now - 30
  let restEnd = F.now + 60

  /// Two open sets with entered values, and a rest running.
  var state: WorkoutState {
    F.state(
      F.session([
        F.strength(sets: [
          F.set(1, weight: "72.5", reps: "8"), F.set(2, lastWeight: "70", lastReps: "10"),
        ])
      ]), restStart: restStart, restEnd: restEnd)
  }

  func checkmark(_ state: WorkoutState, at time: Date? = nil) throws -> PendingCommand {
    let content = try #require(F.content(state))
    return .completeSet(try #require(CompleteSetCommand(tapping: content, at: time ?? now - 5)))
  }

  func adjust(_ seconds: Int, endsAt: Date, at time: Date) -> PendingCommand {
    .adjustRest(
      AdjustRestCommand(
        seconds: seconds, restStartedAt: restStart, restEndsAt: endsAt, version: 3,
        issuedAt: time))
  }

  func files(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  @Test func enqueuedCommandReadsBackWholeAndNoTemporaryFileIsLeft() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      #expect(queue.directory.path.hasSuffix("live-activity/pending"))
      let command = try checkmark(state)
      let name = try queue.enqueue(command)
      #expect(name.hasPrefix("001767607795000-"))
      #expect(name.hasSuffix(".json"))
      #expect(files(queue.directory) == [name])
      #expect(try queue.pendingNames() == [name])
      #expect(try queue.read(name) == command)
    }
  }

  @Test func checkmarkCommandCarriesTheShownSetAndVersion() throws {
    let content = try #require(F.content(state, .de))
    let command = try #require(CompleteSetCommand(tapping: content, at: now))
    #expect(
      command
        == CompleteSetCommand(
          exerciseId: "ex_bench", setNumber: 1,
          values: CardSetValues(weight: "72,5 kg", reps: "8 Wdh."), language: .de,
          units: .metric, version: content.version, issuedAt: now,
          workoutStartedAt: F.startedAt))
  }

  @Test func commandsApplyInTapOrderEachExactlyOnce() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      // Written out of order: the second tap saw the end the first one moved.
      try queue.enqueue(adjust(15, endsAt: restEnd + 15, at: now - 2))
      try queue.enqueue(adjust(15, endsAt: restEnd, at: now - 4))
      var current = state
      let results = try applyPendingCommands(queue, to: &current, now: now)
      #expect(results.count == 2)
      #expect(results.allSatisfy { if case .applied = $0.outcome { true } else { false } })
      #expect(current.rest.clock?.endsAt == restEnd + 30)
      #expect(files(queue.directory).isEmpty)
      #expect(try applyPendingCommands(queue, to: &current, now: now).isEmpty)
      #expect(current.rest.clock?.endsAt == restEnd + 30)
    }
  }

  @Test func checkmarkCompletesTheSetWithTheShownValues() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      let name = try queue.enqueue(checkmark(state))
      var current = state
      let results = try applyPendingCommands(queue, to: &current, now: now)
      let set = try #require(current.session?.exercises[0].sets[0])
      #expect(set.done && set.weight == "72.5" && set.reps == "8")
      #expect(results.map(\.file) == [name])
      guard case .applied(_, let effects) = results.first?.outcome else {
        Issue.record("not applied: \(results)")
        return
      }
      #expect(effects.contains { if case .restStarted = $0 { true } else { false } })
      #expect(files(queue.directory).isEmpty)
    }
  }

  @Test func placeholderValuesAreWhatTheCheckmarkCommits() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      var current = state
      _ = current.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: now - 20)
      try queue.enqueue(checkmark(current, at: now - 10))
      _ = try applyPendingCommands(queue, to: &current, now: now)
      let set = try #require(current.session?.exercises[0].sets[1])
      #expect(set.done && set.weight == "70" && set.reps == "10")
    }
  }

  /// A crash after applying and before deleting leaves the file; applying it again changes
  /// nothing.
  @Test func aCommandAppliedBeforeACrashChangesNothingTheSecondTime() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      let commands = [try checkmark(state), adjust(-15, endsAt: restEnd, at: now - 3)]
      var current = state
      for command in commands {
        let name = try queue.enqueue(command)
        let saved = try Data(contentsOf: queue.directory.appendingPathComponent(name))
        _ = try applyPendingCommands(queue, to: &current, now: now)
        let afterFirst = current
        try saved.write(to: queue.directory.appendingPathComponent(name))
        let again = try applyPendingCommands(queue, to: &current, now: now)
        #expect(current == afterFirst)
        guard case .rejected(_, let reason) = again.first?.outcome else {
          Issue.record("applied twice: \(again)")
          continue
        }
        #expect(
          [.setAlreadyDone(exerciseId: "ex_bench", setNumber: 1), .restChanged].contains(reason))
      }
    }
  }

  @Test func aHalfWrittenCommandIsNeverRead() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try FileManager.default.createDirectory(
        at: queue.directory, withIntermediateDirectories: true)
      let partial = queue.directory.appendingPathComponent(".writing-1234.tmp")
      try Data(#"{"command":"completeSet","exerciseId":"ex_be"#.utf8).write(to: partial)
      var current = state
      #expect(try queue.pendingNames().isEmpty)
      #expect(try applyPendingCommands(queue, to: &current, now: now).isEmpty)
      #expect(current == state)
      #expect(FileManager.default.fileExists(atPath: partial.path))
    }
  }

  @Test func applyingTheQueueRemovesTemporariesAKillLeftAndKeepsACommandBeingWritten() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      let command = try checkmark(state)
      let name = try queue.enqueue(command)
      try FileManager.default.createDirectory(
        at: queue.rejectedDirectory, withIntermediateDirectories: true)
      // Killed between create and rename two hours ago (the widget, or the app setting a
      // command aside), and the widget writing a command right now.
      let orphan = ".writing-\(UUID().uuidString).tmp"
      let rejectedOrphan = ".writing-\(UUID().uuidString).tmp"
      let inFlight = ".writing-\(UUID().uuidString).tmp"
      func write(_ name: String, in directory: URL, modified date: Date) throws {
        let url = directory.appendingPathComponent(name)
        try Data(#"{"command":"completeSet","exerciseId":"ex_be"#.utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
      }
      try write(orphan, in: queue.directory, modified: now - 2 * 3600)
      try write(rejectedOrphan, in: queue.rejectedDirectory, modified: now - 2 * 3600)
      try write(inFlight, in: queue.directory, modified: now - 1)

      var current = state
      let results = try applyPendingCommands(queue, to: &current, now: now)

      #expect(results.map(\.file) == [name])
      #expect(results.first.map { if case .applied = $0.outcome { true } else { false } } == true)
      #expect(files(queue.directory) == [inFlight])
      #expect(files(queue.rejectedDirectory) == [])
    }
  }

  @Test func onlyAQueuesFirstDrainSweepsAndACopySharesIt() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try FileManager.default.createDirectory(
        at: queue.directory, withIntermediateDirectories: true)
      func orphan(in directory: URL) throws -> String {
        let name = ".writing-\(UUID().uuidString).tmp"
        let url = directory.appendingPathComponent(name)
        try Data(#"{"command":"skipRest""#.utf8).write(to: url)
        try FileManager.default.setAttributes(
          [.modificationDate: now - 2 * 3600], ofItemAtPath: url.path)
        return name
      }
      _ = try orphan(in: queue.directory)
      var current = state
      #expect(try applyPendingCommands(queue, to: &current, now: now).isEmpty)
      #expect(files(queue.directory) == [])

      // Left by a kill after the first drain: the drains that follow (every second in the
      // terminal app, through a copy of the queue too) list no directory to find it.
      let second = try orphan(in: queue.directory)
      let command = try checkmark(state)
      let name = try queue.enqueue(command)
      let copy = queue
      let results = try applyPendingCommands(copy, to: &current, now: now + 1)
      #expect(results.map(\.file) == [name])
      #expect(try applyPendingCommands(queue, to: &current, now: now + 2).isEmpty)
      #expect(files(queue.directory) == [second])
      #expect(!queue.removeStaleTemporariesOnce(now: now + 3))

      // A queue made anew (the next launch) sweeps on its first drain.
      let relaunched = PendingCommandQueue(dataDirectory: root)
      #expect(try applyPendingCommands(relaunched, to: &current, now: now + 4).isEmpty)
      #expect(files(queue.directory) == [])
    }
  }

  @Test(arguments: [
    (#"{"command":"completeSet","exerciseId":"ex_be"#, "not a command"),
    (#"{"command":"fly","version":1,"issuedAt":1}"#, "unknown command"),
    (#"{"command":"skipRest","version":1,"issuedAt":1}"#, "missing key"),
    (
      #"{"command":"completeSet","exerciseId":"ex_bench","setNumber":0,"values":{},"#
        + #""language":"en","units":"metric","version":1,"issuedAt":1767607790000}"#,
      "invalid setNumber"
    ),
    (
      #"{"command":"adjustRest","seconds":99999,"restStartedAt":1767607770000,"#
        + #""restEndsAt":1767607860000,"version":1,"issuedAt":1767607790000}"#,
      "invalid seconds"
    ),
    (
      #"{"command":"skipRest","restStartedAt":1767607770000,"restEndsAt":1767607860000,"#
        + #""version":1,"issuedAt":1767607790000,"workoutStartedAt":-5}"#,
      "invalid workoutStartedAt"
    ),
    (String(repeating: " ", count: 20_000), "larger than"),
  ])
  func aMalformedFileIsMovedAsideWithItsReason(text: String, reason: String) throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try FileManager.default.createDirectory(
        at: queue.directory, withIntermediateDirectories: true)
      let name = "001767607790000-bad.json"
      try Data(text.utf8).write(to: queue.directory.appendingPathComponent(name))
      var current = state
      let results = try applyPendingCommands(queue, to: &current, now: now)
      #expect(current == state)
      guard case .malformed(let problem) = results.first?.outcome else {
        Issue.record("not set aside: \(results)")
        return
      }
      #expect(problem.description.contains(reason))
      #expect(files(queue.directory).isEmpty)
      #expect(files(queue.malformedDirectory) == [name, name + ".reason"])
      let kept = try Data(contentsOf: queue.malformedDirectory.appendingPathComponent(name))
      #expect(kept == Data(text.utf8))
      let written = try String(
        contentsOf: queue.malformedDirectory.appendingPathComponent(name + ".reason"),
        encoding: .utf8)
      #expect(written == problem.description + "\n")
    }
  }

  @Test func changedValuesAreRejectedAndChangeNothing() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      let name = try queue.enqueue(checkmark(state))
      var current = state
      _ = current.apply(
        .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "75"), now: now - 1)
      let before = current
      let results = try applyPendingCommands(queue, to: &current, now: now)
      #expect(current == before)
      #expect(
        results.first?.outcome
          == .rejected(
            try checkmark(state),
            .valuesChanged(
              shown: CardSetValues(weight: "72.5 kg", reps: "8 reps"),
              now: CardSetValues(weight: "75 kg", reps: "8 reps"))))
      #expect(files(queue.rejectedDirectory) == [name, name + ".reason"])
    }
  }

  /// A cardio set whose duration and distance are entered is completed from the card, once.
  @Test func checkmarkCompletesACardioSetWithTheShownValues() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      let cardio = F.state(F.session([F.cardio(duration: "20", distance: "5", rpe: "7")]))
      let command = try checkmark(cardio)
      guard case .completeSet(let complete) = command else { return }
      #expect(
        complete.values == CardSetValues(duration: "20:00", distance: "5.00 km", rpe: "RPE 7"))
      let name = try queue.enqueue(command)
      let saved = try Data(contentsOf: queue.directory.appendingPathComponent(name))
      var current = cardio
      let results = try applyPendingCommands(queue, to: &current, now: now)
      #expect(results.first.map { if case .applied = $0.outcome { true } else { false } } == true)
      let set = try #require(current.session?.exercises[0].sets[0])
      #expect(set.done && set.duration == "20" && set.distance == "5" && set.rpe == "7")
      #expect(files(queue.directory).isEmpty)

      // Left pending by a crash before the delete: applied again, it changes nothing.
      try saved.write(to: queue.directory.appendingPathComponent(name))
      let afterFirst = current
      let again = try applyPendingCommands(queue, to: &current, now: now)
      #expect(current == afterFirst)
      #expect(
        again.first?.outcome
          == .rejected(command, .setAlreadyDone(exerciseId: "ex_run", setNumber: 1)))
    }
  }

  /// (field changed after the tap, its new value, the values the card would show now)
  @Test(arguments: [
    (SetField.distance, "6", CardSetValues(duration: "20:00", distance: "6.00 km", rpe: "RPE 7")),
    (.duration, "21", CardSetValues(duration: "21:00", distance: "5.00 km", rpe: "RPE 7")),
    (.rpe, "", CardSetValues(duration: "20:00", distance: "5.00 km")),
  ])
  func changedCardioValuesAreRejectedAndChangeNothing(
    _ field: SetField, _ value: String, _ shownNow: CardSetValues
  ) throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      let cardio = F.state(F.session([F.cardio(duration: "20", distance: "5", rpe: "7")]))
      let command = try checkmark(cardio)
      try queue.enqueue(command)
      var current = cardio
      _ = current.apply(
        .setValue(exerciseId: "ex_run", setNumber: 1, field: field, value: value), now: now - 1)
      let before = current
      let results = try applyPendingCommands(queue, to: &current, now: now)
      #expect(current == before)
      #expect(
        results.first?.outcome
          == .rejected(
            command,
            .valuesChanged(
              shown: CardSetValues(duration: "20:00", distance: "5.00 km", rpe: "RPE 7"),
              now: shownNow)))
    }
  }

  /// A card of workout A that was not ended yet (its end failed, or ActivityKit's asynchronous
  /// end is still pending), tapped after workout B started: the same exercise, set and values
  /// are on B's card too, and the tap is still refused.
  @Test func aTapOnAnEarlierWorkoutsCardIsRefusedEvenWithEqualValues() throws {
    let session = F.session([F.strength(sets: [F.set(1, weight: "72.5", reps: "8")])])
    let earlier = try #require(F.content(F.state(session)))
    var laterSession = session
    laterSession.startedAt = F.startedAt + 3600
    let later = F.state(laterSession)
    #expect(F.content(later)?.currentSet == earlier.currentSet)
    let command = PendingCommand.completeSet(
      try #require(CompleteSetCommand(tapping: earlier, at: F.startedAt + 3700)))
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      let name = try queue.enqueue(command)
      var current = later
      let results = try applyPendingCommands(queue, to: &current, now: F.startedAt + 3710)
      #expect(current == later)
      #expect(
        results == [
          PendingCommandResult(file: name, outcome: .rejected(command, .fromEarlierWorkout))
        ])
    }
  }

  /// (milliseconds between the workout's start and the tap, applied)
  @Test(arguments: [(0, true), (-1, false), (1, true)])
  func aTapInTheMillisecondTheWorkoutStartedIsItsOwn(_ offset: Int, _ applied: Bool) throws {
    let state = F.state(F.session([F.strength(sets: [F.set(1, weight: "72.5", reps: "8")])]))
    let content = try #require(F.content(state))
    let tapped = F.startedAt + Double(offset) / 1000
    let command = PendingCommand.completeSet(
      try #require(CompleteSetCommand(tapping: content, at: tapped)))
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try queue.enqueue(command)
      var current = state
      let results = try applyPendingCommands(queue, to: &current, now: now)
      #expect(current.session?.exercises[0].sets[0].done == applied)
      guard case .rejected(_, let reason) = results.first?.outcome else {
        #expect(applied, "\(results)")
        return
      }
      #expect(!applied && reason == .fromEarlierWorkout)
    }
  }

  /// The card's start is compared at whole milliseconds, the precision the session's start is
  /// saved with.
  @Test func aWorkoutStartBelowAMillisecondIsTheSameWorkout() throws {
    var session = F.session([F.strength(sets: [F.set(1, weight: "72.5", reps: "8")])])
    session.startedAt = F.startedAt + 0.0004
    let state = F.state(session)
    let content = try #require(F.content(state))
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      let name = try queue.enqueue(
        .completeSet(try #require(CompleteSetCommand(tapping: content, at: now - 5))))
      #expect(try queue.read(name).workoutStartedAt?.milliseconds == F.startedAt.milliseconds)
      var current = state
      _ = try applyPendingCommands(queue, to: &current, now: now)
      #expect(current.session?.exercises[0].sets[0].done == true)
    }
  }

  /// A command file written before commands carried the workout's start is judged by the tap's
  /// time alone, at whole milliseconds.
  @Test(arguments: [(Int64(1_767_607_200_000), true), (1_767_607_199_999, false)])
  func aCommandWithoutTheWorkoutsStartIsJudgedByItsTapTime(
    _ issuedAt: Int64, _ applied: Bool
  ) throws {
    let state = F.state(F.session([F.strength(sets: [F.set(1, weight: "72.5", reps: "8")])]))
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try FileManager.default.createDirectory(
        at: queue.directory, withIntermediateDirectories: true)
      let text =
        #"{"command":"completeSet","exerciseId":"ex_bench","setNumber":1,"#
        + #""values":{"weight":"72.5 kg","reps":"8 reps"},"language":"en","units":"metric","#
        + #""version":1,"issuedAt":\#(issuedAt)}"#
      let name = "00\(issuedAt)-0000abcd.json"
      try Data(text.utf8).write(to: queue.directory.appendingPathComponent(name))
      #expect(try queue.read(name).workoutStartedAt == nil)
      var current = state
      let results = try applyPendingCommands(queue, to: &current, now: now)
      #expect(current.session?.exercises[0].sets[0].done == applied)
      guard case .rejected(_, let reason) = results.first?.outcome else {
        #expect(applied, "\(results)")
        return
      }
      #expect(!applied && reason == .fromEarlierWorkout)
    }
  }

  @Test func refusedCommandsChangeNothing() throws {
    var done = state
    _ = done.apply(.toggleSet(exerciseId: "ex_bench", setNumber: 1), now: now - 20)
    var removed = state
    _ = removed.apply(.removeSet(exerciseId: "ex_bench", setNumber: 1), now: now - 20)
    var skipped = state
    _ = skipped.apply(.skipRest, now: now - 20)
    var noSession = state
    noSession.session = nil
    let missing = F.state(F.session([F.strength(sets: [F.set(1, weight: "60")])]))
    let cardio = F.state(F.session([F.cardio(duration: "20", rpe: "7")]))
    let skip = PendingCommand.skipRest(
      SkipRestCommand(restStartedAt: restStart, restEndsAt: restEnd, version: 1, issuedAt: now))
    // The same rest on the card of a workout that started a day earlier.
    let earlierSkip = PendingCommand.skipRest(
      SkipRestCommand(
        restStartedAt: restStart, restEndsAt: restEnd, version: 1, issuedAt: now,
        workoutStartedAt: F.startedAt - 86_400))
    let earlierAdjust = PendingCommand.adjustRest(
      AdjustRestCommand(
        seconds: 15, restStartedAt: restStart, restEndsAt: restEnd, version: 1, issuedAt: now,
        workoutStartedAt: F.startedAt - 86_400))
    let cases: [(WorkoutState, PendingCommand, PendingCommandRejection)] = [
      (done, try checkmark(state), .setAlreadyDone(exerciseId: "ex_bench", setNumber: 1)),
      (removed, try checkmark(state), .setRemoved(exerciseId: "ex_bench", setNumber: 1)),
      (
        missing, try checkmark(missing),
        .notCompletableFromCard(exerciseId: "ex_bench", setNumber: 1)
      ),
      (cardio, try checkmark(cardio), .notCompletableFromCard(exerciseId: "ex_run", setNumber: 1)),
      (state, try checkmark(state, at: F.startedAt - 60), .fromEarlierWorkout),
      (noSession, try checkmark(state), .noWorkout),
      (skipped, adjust(15, endsAt: restEnd, at: now - 3), .restChanged),
      (state, adjust(15, endsAt: restEnd - 15, at: now - 3), .restChanged),
      (skipped, skip, .restChanged),
      (state, earlierSkip, .fromEarlierWorkout),
      (state, earlierAdjust, .fromEarlierWorkout),
    ]
    for (start, command, reason) in cases {
      try withTemporaryDirectory { root in
        let queue = PendingCommandQueue(dataDirectory: root)
        let name = try queue.enqueue(command)
        var current = start
        let results = try applyPendingCommands(queue, to: &current, now: now)
        #expect(current == start)
        #expect(results == [PendingCommandResult(file: name, outcome: .rejected(command, reason))])
        let written = try String(
          contentsOf: queue.rejectedDirectory.appendingPathComponent(name + ".reason"),
          encoding: .utf8)
        #expect(written == reason.description + "\n")
      }
    }
  }

  @Test func aRestThatEndedBeforeTheAppRanIsNotMoved() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try queue.enqueue(adjust(15, endsAt: restEnd, at: now - 3))
      var current = state
      let results = try applyPendingCommands(queue, to: &current, now: restEnd + 5)
      #expect(current == state)
      #expect(
        results.first?.outcome == .rejected(adjust(15, endsAt: restEnd, at: now - 3), .restChanged))
    }
  }

  @Test func skipEndsTheRestItWasTappedOn() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try queue.enqueue(
        .skipRest(
          SkipRestCommand(restStartedAt: restStart, restEndsAt: restEnd, version: 2, issuedAt: now))
      )
      var current = state
      _ = try applyPendingCommands(queue, to: &current, now: now)
      #expect(current.rest.clock == nil)
    }
  }

  @MainActor
  @Test func theStoreAppliesAndSavesThroughItsActions() throws {
    try withTemporaryDirectory { root in
      let queue = PendingCommandQueue(dataDirectory: root)
      try queue.enqueue(checkmark(state))
      let time = now
      let store = WorkoutStore(state: state, journal: nil, now: { time })
      let results = try applyPendingCommands(queue, to: store, now: time)
      #expect(results.count == 1)
      #expect(store.session?.exercises[0].sets[0].done == true)
      #expect(files(queue.directory).isEmpty)
    }
  }
}
