import DurableFiles
import Foundation
import TraineeAPI

/// A failed file operation of the crash-recovery store, naming the file and the system's reason.
///
/// It is `DurableFiles.FileError`, which the package's file primitives throw; this name keeps it
/// part of `WorkoutSession`'s API, so callers need not import `DurableFiles`.
public typealias FileError = DurableFiles.FileError

// NB: docs/decisions/the-live-workout.md, "Crash recovery: a journal, not a rewrite per action".
// Rewriting and fsyncing the whole session on every action costs milliseconds and grows with the
// workout, so each action is appended to a journal instead (one small write, done before the action
// returns, so a kill -9 loses nothing). Every `compactAfter` actions, and on restore, the state is
// written to `session.json` atomically (temporary file, fsync, rename) and the journal files it
// covers are deleted. docs/decisions.md has the details.

/// The crash-recovery store of the live workout: a snapshot file plus a journal of the actions
/// since, in one directory of the app's data directory.
///
/// Not thread-safe: the workout store owns it and calls it from one actor. Its background work
/// (syncing the journal, writing snapshots) runs on a private serial queue.
public final class SessionJournal {
  /// The format of `session.json` and of journal entries this build reads and writes.
  public static let schemaVersion = 1
  static let snapshotName = "session.json"

  public let directory: URL
  /// The sequence number of the last recorded action.
  public private(set) var sequence = 0

  private let compactAfter: Int
  private var journal: AppendOnlyFile?
  private var lock: DirectoryLock?
  private var journalStart = 1
  private var entriesInJournal = 0
  private let queue = DispatchQueue(label: "perform.session-journal")
  private let encoder = JSONEncoder()

  /// A journal in `directory`, which is created when missing. A snapshot is written every
  /// `compactAfter` recorded actions.
  public init(directory: URL, compactAfter: Int = 200) {
    self.directory = directory
    self.compactAfter = max(1, compactAfter)
  }

  /// Reads the saved state back: the snapshot plus every complete journal entry after it.
  ///
  /// A snapshot or journal that cannot be read (corrupt, or written by a newer version) is moved
  /// aside, never deleted, and reported in the notices. A last entry cut short by a kill is the
  /// action that never completed; it is dropped and reported. The state is then compacted into a
  /// fresh snapshot and new actions are journaled after it.
  ///
  /// The directory stays locked for this journal until `close()`: a second process restoring it
  /// meanwhile gets a `FileError` whose `isInUse` is true, and changes nothing. Once locked, the
  /// temporary files of snapshot writes that a kill cut short, older than an hour before `now`,
  /// are removed.
  public func restore(now: Date) throws(FileError) -> Restored {
    close()
    try createDirectory()
    lock = try DirectoryLock(directory)
    DurableFile.removeStaleTemporaries(
      in: directory, olderThan: DurableFile.staleTemporaryAge, now: now)
    var notices: [RecoveryNotice] = []
    var state = WorkoutState()
    var sequence = 0
    let stamp = Self.stamp(now)

    let snapshotURL = directory.appendingPathComponent(Self.snapshotName)
    if let data = DurableFile.contents(atPath: snapshotURL.path) {
      do {
        let snapshot = try Self.decodeSnapshot(data)
        state = snapshot.state
        sequence = snapshot.sequence
      } catch {
        let files = [snapshotURL] + journalFiles().map(\.url)
        notices.append(
          .movedAside(
            files: try files.map { url throws(FileError) in try moveAside(url, stamp: stamp) },
            reason: "\(Self.snapshotName): \(error)"))
      }
    }

    let journals = journalFiles()
    replay: for (position, file) in journals.enumerated() {
      let data = DurableFile.contents(atPath: file.url.path) ?? Data()
      let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      for (number, line) in lines.enumerated() where !line.isEmpty {
        let isLastLine = number == lines.count - 1
        let entry: JournalEntry
        do {
          entry = try Self.decodeEntry(Data(line))
        } catch {
          if isLastLine, position == journals.count - 1 {
            // No newline after it: the write was cut short, the action never completed. Cut it
            // off so the next entry does not land behind half a line.
            try DurableFile.truncate(file.url, to: data.count - line.count)
            notices.append(.incompleteEntryDropped(file: file.url.lastPathComponent))
            break replay
          }
          notices.append(
            .movedAside(
              files: try journals[position...].map { file throws(FileError) in
                try moveAside(file.url, stamp: stamp)
              },
              reason: "\(file.url.lastPathComponent) line \(number + 1): \(error)"))
          break replay
        }
        if entry.sequence <= sequence { continue }
        guard entry.sequence == sequence + 1 else {
          notices.append(
            .movedAside(
              files: try journals[position...].map { file throws(FileError) in
                try moveAside(file.url, stamp: stamp)
              },
              reason:
                "\(file.url.lastPathComponent) line \(number + 1): entry \(entry.sequence) "
                + "follows \(sequence)"))
          break replay
        }
        _ = state.apply(entry.action, now: entry.at)
        sequence = entry.sequence
      }
    }

    self.sequence = sequence
    journalStart = journals.last.map { max($0.start, 1) } ?? sequence + 1
    entriesInJournal = 1  // forces the rotation below even when nothing follows the snapshot
    do {
      try checkpoint(state)
    } catch {
      notices.append(.snapshotFailed(error.description))
    }
    return Restored(state: state, notices: notices)
  }

  /// Appends `action`, applied at `at`, after which the state is `state`. When this returns the
  /// action survives the process being killed. Throws, having written nothing, when the disk
  /// refuses the write.
  public func record(_ action: WorkoutAction, at: Date, state: WorkoutState) throws(FileError) {
    let file = try currentJournal()
    let entry = JournalEntry(sequence: sequence + 1, at: at, action: action)
    var line: Data
    do {
      line = try encoder.encode(entry)
    } catch {
      throw FileError(path: file.path, operation: "encode", code: EINVAL)
    }
    line.append(UInt8(ascii: "\n"))
    do {
      try file.append(line)
    } catch {
      // The next save (a checkpoint, see WorkoutStore) starts a fresh journal file instead of
      // trusting this one again.
      journal = nil
      queue.async { file.close() }
      throw error
    }
    sequence += 1
    entriesInJournal += 1
    if file.claimSync() {
      queue.async { file.sync() }
    }
    if entriesInJournal >= compactAfter { compactInBackground(state) }
  }

  /// Writes `state` as the snapshot now and deletes the journal it covers.
  public func checkpoint(_ state: WorkoutState) throws(FileError) {
    // The directory may have been deleted since the restore; the state in memory is complete.
    try createDirectory()
    let covered = try rotate()
    waitForPendingWrites()
    try Self.writeSnapshot(
      state, sequence: sequence, in: directory, deletingJournalsBefore: covered)
  }

  /// Blocks until every background sync and snapshot has finished.
  public func waitForPendingWrites() {
    queue.sync {}
  }

  /// Closes the journal and unlocks the directory, after every pending write.
  public func close() {
    if let journal {
      queue.sync { journal.close() }
    }
    journal = nil
    lock?.release()
    lock = nil
  }

  // MARK: - Snapshots and rotation

  private func compactInBackground(_ state: WorkoutState) {
    guard let covered = try? rotate() else { return }
    let sequence = self.sequence
    let directory = self.directory
    queue.async {
      // A failed snapshot keeps the journals it would have replaced: nothing is lost.
      try? Self.writeSnapshot(
        state, sequence: sequence, in: directory, deletingJournalsBefore: covered)
    }
  }

  /// Starts a new journal file after the current sequence and returns its first sequence number;
  /// every older journal file is covered by a snapshot at `sequence`.
  private func rotate() throws(FileError) -> Int {
    let start = sequence + 1
    if entriesInJournal == 0, journal != nil, journalStart == start { return start }
    let next = try AppendOnlyFile(path: journalURL(start: start).path, truncating: true)
    if let old = journal, old.path != next.path {
      queue.async { old.close() }
    }
    journal = next
    journalStart = start
    entriesInJournal = 0
    return start
  }

  private func currentJournal() throws(FileError) -> AppendOnlyFile {
    if let journal { return journal }
    let file = try AppendOnlyFile(path: journalURL(start: journalStart).path)
    journal = file
    return file
  }

  private static func writeSnapshot(
    _ state: WorkoutState, sequence: Int, in directory: URL, deletingJournalsBefore start: Int
  ) throws(FileError) {
    let url = directory.appendingPathComponent(Self.snapshotName)
    let data: Data
    do {
      let snapshot = Snapshot(
        schemaVersion: Self.schemaVersion, sequence: sequence, state: state)
      data = try JSONEncoder().encode(snapshot)
    } catch {
      throw FileError(path: url.path, operation: "encode", code: EINVAL)
    }
    try DurableFile.atomicWrite(data, to: url)
    for file in journalFiles(in: directory) where file.start < start {
      try? FileManager.default.removeItem(at: file.url)
    }
    DurableFile.syncDirectory(directory)
  }

  // MARK: - Files

  private func createDirectory() throws(FileError) {
    do {
      try OwnerOnlyFiles.createDirectory(directory)
    } catch {
      let reason = (error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError
      throw FileError(
        path: directory.path, operation: "mkdir", code: reason?.code.rawValue ?? EACCES)
    }
  }

  private func journalURL(start: Int) -> URL {
    directory.appendingPathComponent("journal-\(start).jsonl")
  }

  /// Journal files in order of their first sequence number.
  private func journalFiles() -> [(start: Int, url: URL)] {
    Self.journalFiles(in: directory)
  }

  static func journalFiles(in directory: URL) -> [(start: Int, url: URL)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.compactMap { name -> (Int, URL)? in
      guard name.hasPrefix("journal-"), name.hasSuffix(".jsonl"),
        let start = Int(name.dropFirst("journal-".count).dropLast(".jsonl".count))
      else { return nil }
      return (start, directory.appendingPathComponent(name))
    }
    .sorted { $0.0 < $1.0 }
  }

  private func moveAside(_ url: URL, stamp: String) throws(FileError) -> String {
    var target = url.path + ".unreadable-\(stamp)"
    var attempt = 1
    while FileManager.default.fileExists(atPath: target) {
      attempt += 1
      target = url.path + ".unreadable-\(stamp)-\(attempt)"
    }
    guard rename(url.path, target) == 0 else {
      throw FileError(path: url.path, operation: "rename", code: errno)
    }
    return (target as NSString).lastPathComponent
  }

  private static func stamp(_ date: Date) -> String {
    ISO8601Instant.compactText(date)
  }

  // MARK: - Formats

  struct Snapshot: Codable {
    var schemaVersion: Int
    var sequence: Int
    var state: WorkoutState
  }

  private struct VersionOnly: Decodable {
    var schemaVersion: Int
  }

  static func decodeSnapshot(_ data: Data) throws -> Snapshot {
    let version = try JSONDecoder().decode(VersionOnly.self, from: data).schemaVersion
    guard version <= schemaVersion else { throw FutureVersion(version: version) }
    return try JSONDecoder().decode(Snapshot.self, from: data)
  }

  static func decodeEntry(_ data: Data) throws -> JournalEntry {
    let entry = try JSONDecoder().decode(JournalEntry.self, from: data)
    guard entry.version <= schemaVersion else { throw FutureVersion(version: entry.version) }
    return entry
  }

  struct FutureVersion: Error, CustomStringConvertible {
    var version: Int
    var description: String {
      "written by a newer Perform (format \(version), this build reads up to \(schemaVersion))"
    }
  }
}

/// One journaled action: `{ "v": 1, "seq": 12, "at": <ms since 1970>, "action": {...} }`.
struct JournalEntry: Codable {
  var version: Int
  var sequence: Int
  var at: Date
  var action: WorkoutAction

  init(sequence: Int, at: Date, action: WorkoutAction) {
    version = SessionJournal.schemaVersion
    self.sequence = sequence
    self.at = at
    self.action = action
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    sequence = try container.decode(Int.self, forKey: .sequence)
    at = Date(milliseconds: try container.decode(Int64.self, forKey: .at))
    action = try container.decode(WorkoutAction.self, forKey: .action)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(sequence, forKey: .sequence)
    try container.encode(at.milliseconds, forKey: .at)
    try container.encode(action, forKey: .action)
  }

  enum CodingKeys: String, CodingKey {
    case version = "v"
    case sequence = "seq"
    case at, action
  }
}

/// What `restore` found.
public struct Restored: Equatable, Sendable {
  public var state: WorkoutState
  public var notices: [RecoveryNotice]
}

/// Something the trainee or the developer should be told after a restore.
public enum RecoveryNotice: Equatable, Sendable, CustomStringConvertible {
  /// Files that could not be read were renamed (to these names) and kept for inspection.
  case movedAside(files: [String], reason: String)
  /// The last journal entry was cut short by a kill; its action never completed.
  case incompleteEntryDropped(file: String)
  /// The fresh snapshot could not be written; the journal still holds everything.
  case snapshotFailed(String)

  public var description: String {
    switch self {
    case .movedAside(let files, let reason):
      "Saved workout could not be read (\(reason)); kept as \(files.joined(separator: ", "))."
    case .incompleteEntryDropped(let file):
      "Dropped an action cut short by a crash at the end of \(file)."
    case .snapshotFailed(let reason):
      "Could not write the workout snapshot (\(reason)); the journal still holds every action."
    }
  }
}
