import Foundation
import Testing
import TraineeAPI

@testable import WorkoutSession

/// `SessionJournal.read(directory:)`: the workout another process holds, read without its lock.
struct SessionJournalReadingTests {
  @Test func aLockedJournalReadsAsItsOwnerHoldsItAndNothingChanges() throws {
    try withReadingScratch { directory in
      let owner = SessionJournal(directory: directory, compactAfter: 4)
      _ = try owner.restore(now: SampleWorkouts.openedAt)
      defer { owner.close() }
      let state = try readingRecord(readingScript(), in: owner)
      owner.waitForPendingWrites()
      let before = try readingContents(of: directory)

      #expect(try SessionJournal.read(directory: directory) == state)
      #expect(try readingContents(of: directory) == before)
    }
  }

  @Test func anAppendUnderWayIsLeftOutAndNotCutOff() throws {
    try withReadingScratch { directory in
      let owner = SessionJournal(directory: directory)
      _ = try owner.restore(now: SampleWorkouts.openedAt)
      defer { owner.close() }
      let state = try readingRecord(readingScript(), in: owner)
      owner.waitForPendingWrites()
      let journal = try #require(
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
          .first { $0.hasPrefix("journal-") })
      let handle = try FileHandle(forWritingTo: directory.appendingPathComponent(journal))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(#"{"v":1,"seq":99,"at":17676"#.utf8))
      try handle.close()
      let before = try readingContents(of: directory)

      #expect(try SessionJournal.read(directory: directory) == state)
      #expect(try readingContents(of: directory) == before)
    }
  }

  @Test func aMissingDirectoryIsNoWorkoutAndADamagedSnapshotThrows() throws {
    try withReadingScratch { directory in
      #expect(try SessionJournal.read(directory: directory) == WorkoutState())
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(#"{"schemaVersion":1,"seq"#.utf8)
        .write(to: directory.appendingPathComponent("session.json"))
      let error = #expect(throws: SessionJournalReadError.self) {
        try SessionJournal.read(directory: directory)
      }
      #expect(error?.reason.hasPrefix("session.json: ") == true)
    }
  }
}

private func readingScript() -> [WorkoutAction] {
  [
    .start(SampleWorkouts.pushDay(), units: .metric), .begin,
    .toggleSet(exerciseId: SampleWorkouts.benchPress().exerciseId, setNumber: 1),
    .addSet(exerciseId: SampleWorkouts.benchPress().exerciseId),
    .toggleSet(exerciseId: SampleWorkouts.benchPress().exerciseId, setNumber: 2),
    .addSet(exerciseId: SampleWorkouts.seatedRow().exerciseId),
  ]
}

private func readingRecord(
  _ actions: [WorkoutAction], in journal: SessionJournal
) throws -> WorkoutState {
  var state = WorkoutState()
  for action in actions {
    let at = SampleWorkouts.openedAt.addingTimeInterval(Double(journal.sequence))
    _ = state.apply(action, now: at)
    try journal.record(action, at: at, state: state)
  }
  return state
}

private func withReadingScratch(_ body: (URL) throws -> Void) throws {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("SessionJournalReadingTests-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: root) }
  try body(root.appendingPathComponent("workout-session"))
}

private func readingContents(of directory: URL) throws -> [String: Data] {
  var contents: [String: Data] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
    contents[name] = try Data(contentsOf: directory.appendingPathComponent(name))
  }
  return contents
}
