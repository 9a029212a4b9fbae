import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// The crash-recovery journal on a real disk: what a restore reads back after clean runs, kills
/// and damaged files.
struct SessionJournalTests {
  @Test func restoringAnEmptyDirectoryFindsNoWorkoutAndNoNotices() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)

      let restored = try journal.restore(now: restoredAt)

      #expect(restored == Restored(state: WorkoutState(), notices: []))
      #expect(journal.sequence == 0)
      #expect(FileManager.default.fileExists(atPath: directory.path))
    }
  }

  @Test(arguments: [1, 2, 17, 60])
  func recordedActionsRestoreToTheSameStateInANewJournal(count: Int) throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let state = try record(journalScript(count), in: journal)
      journal.close()

      let restored = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(restored == Restored(state: state, notices: []))
    }
  }

  @Test func aSecondJournalOnALockedDirectoryIsRefusedAndChangesNothing() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let state = try record(journalScript(5), in: journal)
      journal.waitForPendingWrites()
      let before = try contentsOfFiles(in: directory)

      let intruder = SessionJournal(directory: directory)
      let error = #expect(throws: FileError.self) { try intruder.restore(now: restoredAt) }
      #expect(error?.isInUse == true)
      #expect(try contentsOfFiles(in: directory) == before)

      journal.close()
      #expect(try intruder.restore(now: restoredAt) == Restored(state: state, notices: []))
      intruder.close()
    }
  }

  @Test func compactionLeavesASnapshotAndAShortJournalThatRestoreExactly() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory, compactAfter: 3)
      _ = try journal.restore(now: restoredAt)
      let state = try record(journalScript(10), in: journal)
      journal.waitForPendingWrites()
      journal.close()

      // Snapshots after entries 3, 6 and 9; entry 10 is the only one left to replay.
      #expect(try fileNames(in: directory) == ["journal-10.jsonl", "session.json"])
      #expect(try lines(of: directory.appendingPathComponent("journal-10.jsonl")).count == 1)
      let second = SessionJournal(directory: directory, compactAfter: 3)
      #expect(try second.restore(now: restoredAt) == Restored(state: state, notices: []))

      let more = try record(journalScript(17).suffix(7), in: second, from: state)
      second.waitForPendingWrites()
      second.close()
      let third = try SessionJournal(directory: directory).restore(now: restoredAt)
      #expect(third == Restored(state: more, notices: []))
    }
  }

  @Test func killBeforeTheCompactionSnapshotLandedRestoresFromTheRotatedJournals() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let state = try record(journalScript(5), in: journal)
      journal.close()
      // The layout a kill leaves when the journal was rotated at entry 4 but the snapshot of
      // entries 1 to 3 was never written.
      let entries = try lines(of: directory.appendingPathComponent("journal-1.jsonl"))
      try write(entries[..<3], to: directory.appendingPathComponent("journal-1.jsonl"))
      try write(entries[3...], to: directory.appendingPathComponent("journal-4.jsonl"))

      let restored = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(restored == Restored(state: state, notices: []))
    }
  }

  @Test func killBeforeCoveredJournalsWereDeletedReplaysNothingTwice() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let script = journalScript(12)
      let halfway = try record(script.prefix(6), in: journal)
      let covered = try Data(contentsOf: directory.appendingPathComponent("journal-1.jsonl"))
      try journal.checkpoint(halfway)
      // The snapshot of entries 1 to 6 landed, the kill came before journal-1 was deleted.
      try covered.write(to: directory.appendingPathComponent("journal-1.jsonl"))
      let state = try record(script.suffix(6), in: journal, from: halfway)
      journal.close()

      let restored = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(restored == Restored(state: state, notices: []))
    }
  }

  @Test func tornLastLineIsDroppedAndTheNextEntryIsReadable() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let script = journalScript(7)
      let state = try record(script.prefix(5), in: journal)
      journal.close()
      try append(#"{"v":1,"seq":6,"at":1767607"#, to: "journal-1.jsonl", in: directory)

      let second = SessionJournal(directory: directory)
      let restored = try second.restore(now: restoredAt)
      #expect(
        restored
          == Restored(state: state, notices: [.incompleteEntryDropped(file: "journal-1.jsonl")]))
      let next = try record(script.suffix(2), in: second, from: state)
      second.close()

      let third = SessionJournal(directory: directory)
      #expect(try third.restore(now: restoredAt) == Restored(state: next, notices: []))
      #expect(third.sequence == 7)
      third.close()
      let fourth = try SessionJournal(directory: directory).restore(now: restoredAt)
      #expect(fourth == Restored(state: next, notices: []))
    }
  }

  @Test func corruptLineInTheMiddleMovesTheJournalAsideAndKeepsTheEntriesBeforeIt() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let script = journalScript(6)
      let state = try record(script.prefix(2), in: journal)
      _ = try record(script.suffix(4), in: journal, from: state)
      journal.close()
      let url = directory.appendingPathComponent("journal-1.jsonl")
      var entries = try lines(of: url)
      entries[2] = "{ not a journal entry"
      try write(entries[...], to: url)
      let damaged = try Data(contentsOf: url)

      let restored = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(restored.state == state)
      let (files, reason) = try #require(movedAside(restored.notices))
      #expect(files.count == 1)
      #expect(files.first?.hasPrefix("journal-1.jsonl.unreadable-") == true)
      #expect(reason.hasPrefix("journal-1.jsonl line 3: "))
      #expect(try Data(contentsOf: directory.appendingPathComponent(files[0])) == damaged)
      #expect(!FileManager.default.fileExists(atPath: url.path))
      let again = try SessionJournal(directory: directory).restore(now: restoredAt)
      #expect(again == Restored(state: state, notices: []))
    }
  }

  @Test func entryOfAFutureVersionMovesTheJournalAsideNamingTheVersion() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let script = journalScript(4)
      let state = try record(script.prefix(3), in: journal)
      _ = try record(script.suffix(1), in: journal, from: state)
      journal.close()
      let url = directory.appendingPathComponent("journal-1.jsonl")
      var entries = try lines(of: url)
      entries[3] = entries[3].replacingOccurrences(of: #""v":1"#, with: #""v":99"#)
      try write(entries[...], to: url)

      let restored = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(restored.state == state)
      let (files, reason) = try #require(movedAside(restored.notices))
      #expect(files.count == 1)
      #expect(reason.hasPrefix("journal-1.jsonl line 4: "))
      #expect(reason.contains("format 99"))
    }
  }

  @Test func corruptSnapshotIsMovedAsideWithItsJournalsNeverDeleted() throws {
    try withScratchDirectory { directory in
      let snapshot = directory.appendingPathComponent("session.json")
      try saveCheckpointedWorkout(in: directory)
      try Data(#"{"schemaVersion":1,"sequence":4,"state":{"sess"#.utf8).write(to: snapshot)
      let damaged = try contentsOfFiles(in: directory)

      let restored = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(restored.state == WorkoutState())
      let (files, reason) = try #require(movedAside(restored.notices))
      #expect(reason.hasPrefix("session.json: "))
      let originals = files.map { $0.components(separatedBy: ".unreadable-")[0] }
      #expect(originals.sorted() == damaged.keys.sorted())
      for (file, original) in zip(files, originals) {
        #expect(try Data(contentsOf: directory.appendingPathComponent(file)) == damaged[original])
      }
    }
  }

  @Test func snapshotOfAFutureVersionIsMovedAsideNamingTheVersion() throws {
    try withScratchDirectory { directory in
      let snapshot = directory.appendingPathComponent("session.json")
      try saveCheckpointedWorkout(in: directory)
      var document = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: snapshot)) as? [String: Any])
      document["schemaVersion"] = 99
      let future = try JSONSerialization.data(withJSONObject: document)
      try future.write(to: snapshot)

      let restored = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(restored.state == WorkoutState())
      let (files, reason) = try #require(movedAside(restored.notices))
      #expect(reason.hasPrefix("session.json: "))
      #expect(reason.contains("format 99"))
      let kept = try #require(files.first { $0.hasPrefix("session.json.unreadable-") })
      #expect(try Data(contentsOf: directory.appendingPathComponent(kept)) == future)
    }
  }

  @Test func fileMovedAsideTwiceAtTheSameTimeKeepsBothCopies() throws {
    try withScratchDirectory { directory in
      let snapshot = directory.appendingPathComponent("session.json")
      var kept: [String] = []
      for attempt in 1...2 {
        try saveCheckpointedWorkout(in: directory)
        try Data("damaged \(attempt)".utf8).write(to: snapshot)
        let restored = try SessionJournal(directory: directory).restore(now: restoredAt)
        let (files, _) = try #require(movedAside(restored.notices))
        kept += files.filter { $0.hasPrefix("session.json.") }
      }

      #expect(kept.count == 2)
      #expect(Set(kept).count == 2)
      let contents = try kept.map {
        String(decoding: try Data(contentsOf: directory.appendingPathComponent($0)), as: UTF8.self)
      }
      #expect(contents == ["damaged 1", "damaged 2"])
    }
  }

  @Test func sequenceGapIsReportedAndTheEntriesBeforeItAreKept() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let script = journalScript(5)
      let state = try record(script.prefix(2), in: journal)
      _ = try record(script.suffix(3), in: journal, from: state)
      journal.close()
      let url = directory.appendingPathComponent("journal-1.jsonl")
      var entries = try lines(of: url)
      entries.remove(at: 2)
      try write(entries[...], to: url)

      let second = SessionJournal(directory: directory)
      let restored = try second.restore(now: restoredAt)

      #expect(restored.state == state)
      let (files, reason) = try #require(movedAside(restored.notices))
      #expect(reason == "journal-1.jsonl line 3: entry 4 follows 2")
      #expect(files.count == 1)
      #expect(second.sequence == 2)
    }
  }

  @Test func restoreIsIdempotent() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory, compactAfter: 4)
      _ = try journal.restore(now: restoredAt)
      let state = try record(journalScript(11), in: journal)
      journal.close()

      let first = SessionJournal(directory: directory)
      let once = try first.restore(now: restoredAt)
      let twice = try first.restore(now: restoredAt)
      first.close()
      let files = try fileNames(in: directory)
      let thrice = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(once == Restored(state: state, notices: []))
      #expect(twice == once)
      #expect(thrice == once)
      #expect(files == ["journal-12.jsonl", "session.json"])
      #expect(try fileNames(in: directory) == files)
    }
  }

  @Test func restoreRemovesASnapshotTemporaryAKillLeftAndKeepsAFreshOne() throws {
    try withScratchDirectory { directory in
      let journal = SessionJournal(directory: directory)
      _ = try journal.restore(now: restoredAt)
      let state = try record(journalScript(5), in: journal)
      journal.close()
      // A kill between the temporary file's creation and its rename, two hours ago; and a write
      // a minute old, which may still be in flight.
      let orphan = ".writing-\(UUID().uuidString).tmp"
      let inFlight = ".writing-\(UUID().uuidString).tmp"
      try writeFile(orphan, in: directory, modified: restoredAt - 2 * 3600)
      try writeFile(inFlight, in: directory, modified: restoredAt - 60)

      let restored = try SessionJournal(directory: directory).restore(now: restoredAt)

      #expect(restored == Restored(state: state, notices: []))
      #expect(try fileNames(in: directory) == [inFlight, "journal-6.jsonl", "session.json"])
    }
  }
}

// MARK: - Fixtures

/// 2026-01-05T10:00:00Z, when the journal's actions start; every saved date has whole ms.
private let startedAt = Date(timeIntervalSince1970: 1_767_607_200)
private let restoredAt = Date(timeIntervalSince1970: 1_767_610_800)

private func journalWorkout() -> LiveWorkout {
  func sets(_ count: Int) -> [ExerciseSet] {
    (1...count).map { ExerciseSet(setNumber: $0, lastWeight: "57.5", lastReps: "10") }
  }
  return LiveWorkout(
    dayId: "day_push", programId: "plan_1", dayLabel: "Day 1", title: "Push",
    exercises: [
      WorkoutExercise(
        id: "row_1", exerciseId: "ex_bench", name: "Bench press", restSeconds: 90,
        best: BestDto(weight: 60, reps: 5), sets: sets(3)),
      WorkoutExercise(
        id: "row_2", exerciseId: "ex_row", name: "Seated row", restSeconds: 60,
        videoRequired: true, sets: sets(2)),
    ])
}

/// `count` actions that each change the workout: a start, a begin, then entries, checks and
/// added sets on both exercises.
private func journalScript(_ count: Int) -> [WorkoutAction] {
  var actions: [WorkoutAction] = [.start(journalWorkout(), units: .metric), .begin]
  var step = 0
  while actions.count < count {
    let exercise = step % 2 == 0 ? "ex_bench" : "ex_row"
    switch step % 4 {
    case 0:
      actions.append(
        .setValue(exerciseId: exercise, setNumber: 1, field: .weight, value: "\(40 + step)"))
    case 1:
      actions.append(.toggleSet(exerciseId: exercise, setNumber: 1))
    case 2:
      actions.append(.addSet(exerciseId: exercise))
    default:
      actions.append(
        .setValue(exerciseId: exercise, setNumber: 2, field: .reps, value: "\(step)"))
    }
    step += 1
  }
  return Array(actions.prefix(count))
}

/// Applies and records `actions`, one second apart, and returns the state after them.
private func record(
  _ actions: some Collection<WorkoutAction>, in journal: SessionJournal,
  from state: WorkoutState = WorkoutState()
) throws -> WorkoutState {
  var state = state
  for action in actions {
    let at = startedAt.addingTimeInterval(Double(journal.sequence))
    _ = state.apply(action, now: at)
    try journal.record(action, at: at, state: state)
  }
  return state
}

/// Saves a workout of a snapshot at entry 4 and a journal of entries 5 and 6.
private func saveCheckpointedWorkout(in directory: URL) throws {
  let journal = SessionJournal(directory: directory)
  _ = try journal.restore(now: restoredAt)
  let script = journalScript(6)
  let state = try record(script.prefix(4), in: journal)
  try journal.checkpoint(state)
  _ = try record(script.suffix(2), in: journal, from: state)
  journal.close()
}

private func movedAside(_ notices: [RecoveryNotice]) -> (files: [String], reason: String)? {
  guard notices.count == 1, case .movedAside(let files, let reason) = notices[0] else {
    return nil
  }
  return (files, reason)
}

// MARK: - Files

private func withScratchDirectory(_ body: (URL) throws -> Void) throws {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("SessionJournalTests-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: root) }
  try body(root.appendingPathComponent("workout"))
}

/// Writes a partial file `name` in `directory`, last modified at `date`.
private func writeFile(_ name: String, in directory: URL, modified date: Date) throws {
  let url = directory.appendingPathComponent(name)
  try Data(#"{"schemaVersion":1,"seq"#.utf8).write(to: url)
  try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
}

/// The directory's files, less the lock file, which holds no state.
private func fileNames(in directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != ".lock" }
    .sorted()
}

private func contentsOfFiles(in directory: URL) throws -> [String: Data] {
  var contents: [String: Data] = [:]
  for name in try fileNames(in: directory) {
    contents[name] = try Data(contentsOf: directory.appendingPathComponent(name))
  }
  return contents
}

/// The lines of a journal file, each without its newline.
private func lines(of url: URL) throws -> [String] {
  let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
  return text.split(separator: "\n").map(String.init)
}

/// Writes `lines` as a journal file, each line ended by a newline.
private func write(_ lines: ArraySlice<String>, to url: URL) throws {
  try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
}

/// Appends `text` as it is, without a newline: what a write cut short leaves.
private func append(_ text: String, to name: String, in directory: URL) throws {
  let handle = try FileHandle(forWritingTo: directory.appendingPathComponent(name))
  defer { try? handle.close() }
  try handle.seekToEnd()
  try handle.write(contentsOf: Data(text.utf8))
}
