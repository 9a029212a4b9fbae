import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The store's side of crash recovery: what it journals, and what it does when the disk refuses.
@MainActor
struct WorkoutStoreTests {
  @Test func sendJournalsOnlyActionsThatChangeTheState() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      let (store, notices) = try WorkoutStore.restoring(from: journal, now: { storeNow })
      #expect(notices == [])
      store.send(.start(storeWorkout(), units: .metric))
      store.send(.begin)
      store.send(.setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "60"))
      #expect(journal.sequence == 3)
      let saved = try Data(contentsOf: directory.appendingPathComponent("journal-1.jsonl"))
      let state = store.state

      let refused: [WorkoutAction] = [
        .toggleSet(exerciseId: "ex_missing", setNumber: 1),
        .removeSet(exerciseId: "ex_bench", setNumber: 9),
        .dismissCoachFeedback(exerciseId: "ex_bench"),
        .start(LiveWorkout(dayId: "day_pull", programId: "plan_1"), units: .metric),
      ]
      for action in refused {
        let effects = store.send(action)
        #expect(effects.contains { if case .actionRefused = $0 { true } else { false } })
      }
      let unchanged: [WorkoutAction] = [
        .begin,
        .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "60"),
        .start(storeWorkout(), units: .metric),
      ]
      for action in unchanged { #expect(store.send(action) == []) }

      #expect(store.state == state)
      #expect(journal.sequence == 3)
      #expect(try Data(contentsOf: directory.appendingPathComponent("journal-1.jsonl")) == saved)
      #expect(store.saveProblem == nil)
    }
  }

  @Test func restoringStoreResumesTheWorkoutTheLastOneSaved() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory, compactAfter: 3)
      let (store, _) = try WorkoutStore.restoring(from: journal, now: { storeNow })
      for action in storeScript() { store.send(action) }
      journal.close()

      let (resumed, notices) = try WorkoutStore.restoring(
        from: SessionJournal(directory: directory), now: { storeNow })

      #expect(notices == [])
      #expect(resumed.state == store.state)
      #expect(resumed.session?.started == true)
    }
  }

  @Test func theTraineesNotesComeBackAfterACrash() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      let (store, _) = try WorkoutStore.restoring(from: journal, now: { storeNow })
      for action in storeScript().prefix(2) { store.send(action) }
      store.send(.writeWorkoutNote(text: "Slept badly."))
      store.send(.writeSetNote(exerciseId: "ex_bench", setNumber: 2, text: "Grip wider"))
      #expect(journal.sequence == 4)
      journal.close()

      let (resumed, _) = try WorkoutStore.restoring(
        from: SessionJournal(directory: directory), now: { storeNow })

      #expect(resumed.session?.note == "Slept badly.")
      #expect(resumed.session?.exercises[0].sets[1].note == "Grip wider")
      #expect(resumed.state == store.state)
    }
  }

  @Test func writeTheDiskRefusesSetsSaveProblemAndTheNextSaveIsACheckpoint() throws {
    try withScratchDirectory { directory in
      // A regular file where the data directory should be: every open under it fails, as root
      // too, with ENOTDIR.
      let parent = directory.deletingLastPathComponent()
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
      try Data("not a directory".utf8).write(to: directory)
      let journal = SessionJournal(directory: directory.appendingPathComponent("workout"))
      let store = WorkoutStore(journal: journal, now: { storeNow })
      let script = storeScript()

      store.send(script[0])
      #expect(store.saveProblem?.code == ENOTDIR)
      store.send(script[1])
      #expect(store.saveProblem?.code == ENOTDIR)
      #expect(store.session?.started == true)

      try FileManager.default.removeItem(at: directory)
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent("workout"), withIntermediateDirectories: true)
      store.send(script[2])
      #expect(store.saveProblem == nil)
      let checkpointed = store.state
      for action in script[3...] { store.send(action) }
      #expect(store.saveProblem == nil)
      journal.close()

      let restored = try SessionJournal(directory: directory.appendingPathComponent("workout"))
        .restore(now: storeNow)
      #expect(restored == Restored(state: store.state, notices: []))
      #expect(restored.state != checkpointed)
    }
  }

  @Test func fullDiskMidWorkoutKeepsEveryActionInMemoryUntilTheCheckpointLands() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory, compactAfter: 3)
      let (store, _) = try WorkoutStore.restoring(from: journal, now: { storeNow })
      let script = storeScript()
      // The journal rotates to journal-4.jsonl after the third action; it is a link to
      // /dev/full, where every write fails with ENOSPC, as root too.
      let full = directory.appendingPathComponent("journal-4.jsonl")
      try FileManager.default.createSymbolicLink(
        atPath: full.path, withDestinationPath: "/dev/full")
      for action in script[..<3] { store.send(action) }
      #expect(store.saveProblem == nil)

      store.send(script[3])
      #expect(store.saveProblem?.isOutOfSpace == true)
      let inMemory = store.state
      #expect(inMemory.session?.exercises[0].sets[0].weight == "60")

      try FileManager.default.removeItem(at: full)
      store.send(script[4])
      #expect(store.saveProblem == nil)
      for action in script[5...] { store.send(action) }
      #expect(store.saveProblem == nil)
      #expect(journal.sequence == 5)
      journal.close()

      let restored = try SessionJournal(directory: directory).restore(now: storeNow)
      #expect(restored == Restored(state: store.state, notices: []))
    }
  }

  @Test func deletedDataDirectoryMidWorkoutIsASaveProblemNotASilentLoss() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      let (store, _) = try WorkoutStore.restoring(from: journal, now: { storeNow })
      let script = storeScript()
      for action in script[..<3] { store.send(action) }

      try FileManager.default.removeItem(at: directory)
      store.send(script[3])
      #expect(store.saveProblem != nil)

      for action in script[4...] { store.send(action) }
      #expect(store.saveProblem == nil)
      journal.close()
      let restored = try SessionJournal(directory: directory).restore(now: storeNow)
      #expect(restored == Restored(state: store.state, notices: []))
    }
  }

  @Test func checkpointWritesTheWholeStateAndEmptiesTheJournal() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      let (store, _) = try WorkoutStore.restoring(from: journal, now: { storeNow })
      for action in storeScript() { store.send(action) }

      store.checkpoint()

      #expect(store.saveProblem == nil)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      let journals = names.filter { $0.hasPrefix("journal-") }
      #expect(journals == ["journal-\(journal.sequence + 1).jsonl"])
      let left = try Data(contentsOf: directory.appendingPathComponent(journals[0]))
      #expect(left.isEmpty)
      journal.close()
      let restored = try SessionJournal(directory: directory).restore(now: storeNow)
      #expect(restored == Restored(state: store.state, notices: []))
    }
  }
}

// MARK: - Fixtures

/// 2026-01-05T10:00:00Z: the store's clock, fixed.
private let storeNow = Date(timeIntervalSince1970: 1_767_607_200)

private func storeWorkout() -> LiveWorkout {
  LiveWorkout(
    dayId: "day_push", programId: "plan_1", title: "Push",
    exercises: [
      WorkoutExercise(
        id: "row_1", exerciseId: "ex_bench", name: "Bench press", restSeconds: 90,
        best: BestDto(weight: 60, reps: 5),
        sets: (1...3).map { ExerciseSet(setNumber: $0, lastWeight: "57.5", lastReps: "10") })
    ])
}

/// Seven actions, each of which changes the workout.
private func storeScript() -> [WorkoutAction] {
  [
    .start(storeWorkout(), units: .metric),
    .begin,
    .setValue(exerciseId: "ex_bench", setNumber: 1, field: .reps, value: "8"),
    .setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "60"),
    .toggleSet(exerciseId: "ex_bench", setNumber: 1),
    .addSet(exerciseId: "ex_bench"),
    .removeSet(exerciseId: "ex_bench", setNumber: 2),
  ]
}

private func withScratchDirectory(_ body: (URL) throws -> Void) throws {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("WorkoutStoreTests-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: root) }
  try body(root.appendingPathComponent("workout"))
}
