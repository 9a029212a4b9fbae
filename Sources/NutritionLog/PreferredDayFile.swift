import DurableFiles
import Foundation
import TraineeAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: docs/specs/nutrition-day.md, "What the device keeps" and "The preferred day and the home
// hint": one file, `perform-preferred-nutrition-day.json` with `planId`, `dayId` and `untilMs`,
// neither read nor written in preview mode; `savePreferredNutritionDay` never overwrites an active
// entry; the entry expires at the next 05:00. docs/architecture.md, "Durability and bad input":
// written to a temporary file, synced and renamed; a corrupt file is moved aside and reported,
// never silently dropped or replaced.

/// The preferred nutrition day on disk: `perform-preferred-nutrition-day.json` in the app's data
/// directory.
///
/// Every method takes `now`; nothing here reads the clock. In preview mode nothing is read,
/// written, moved or deleted.
public struct PreferredDayFile: Sendable {
  /// The file's name, as the app has always used it.
  public static let fileName = DataDirectory.preferredNutritionDayName
  /// A larger file is not a preferred day; it is moved aside unread.
  public static let maximumSize = 4096

  /// The directory the file lives in.
  public let directory: URL
  /// The embedded preview (`IS_PREVIEW`): the file is never touched.
  public let isPreview: Bool

  /// The file in `directory`; `isPreview` turns every operation into a no-op.
  public init(directory: URL, isPreview: Bool = false) {
    self.directory = directory
    self.isPreview = isPreview
  }

  /// The file's location.
  public var url: URL { directory.appendingPathComponent(Self.fileName) }

  // MARK: Reading back

  /// Reads the entry back at launch.
  ///
  /// An active entry is answered. An expired one is removed and answered as `.expired`. A file
  /// that is not a preferred day is moved aside as `<name>.unreadable-<ms since 1970>` and
  /// reported. No file (or preview mode) is `.none`.
  ///
  /// First the directory is swept: temporary files of writes a kill cut short, older than an
  /// hour before `now` (`.writing-<uuid>.tmp`, and `<name>.tmp-<pid>` from older builds), are
  /// removed; a younger one may be a write in flight and is kept.
  public func load(now: Date) -> PreferredDayLoad {
    guard !isPreview else { return .none }
    DurableFile.removeStaleTemporaries(
      in: directory, olderThan: DurableFile.staleTemporaryAge, now: now,
      legacyTemporariesOf: [Self.fileName])
    switch readEntry() {
    case .missing:
      return .none
    case .failed(let error):
      return .failed(error)
    case .unreadable(let problem):
      return .unreadable(moveAside(problem: problem, now: now))
    case .entry(let day):
      guard day.isActive(at: now) else {
        if let error = remove() { return .failed(error) }
        return .expired(day)
      }
      return .active(day)
    }
  }

  // MARK: Saving

  /// `savePreferredNutritionDay`: locks plan `planId`, day `dayId` until the next 05:00 after
  /// `now` in `calendar`. See `save(_:now:)`.
  @discardableResult
  public func save(
    planId: String, dayId: String, now: Date, calendar: NutritionCalendar
  ) throws(FileError) -> PreferredDaySave {
    let until = calendar.nextNutritionRollover(after: now)
    return try save(
      PreferredNutritionDay(planId: planId, dayId: dayId, untilMs: Double(until.milliseconds)),
      now: now)
  }

  /// `savePreferredNutritionDay`: writes `day` unless an active entry is on disk.
  ///
  /// An entry still active at `now` is never overwritten, not even by the same plan day
  /// (`.keptActive`). An expired entry is replaced. A corrupt file is moved aside (reported in
  /// `.saved(movedAside:)`) before the new entry is written. An entry that is itself no longer
  /// active, or with an empty id, is not written. A failure to read or write throws and leaves
  /// the file as it was.
  @discardableResult
  public func save(
    _ day: PreferredNutritionDay, now: Date
  ) throws(FileError) -> PreferredDaySave {
    guard !isPreview else { return .preview }
    guard !day.planId.isEmpty, !day.dayId.isEmpty, day.untilMs.isFinite,
      day.isActive(at: now)
    else { return .notActive }
    var movedAside: UnreadablePreferredDay?
    switch readEntry() {
    case .missing: break
    case .failed(let error): throw error
    case .unreadable(let problem):
      let report = moveAside(problem: problem, now: now)
      if let error = report.moveError { throw error }
      movedAside = report
    case .entry(let existing):
      if existing.isActive(at: now) { return .keptActive(existing) }
    }
    try atomicWrite(Self.encode(day), to: url)
    return .saved(movedAside: movedAside)
  }

  // MARK: Removing

  /// Removes the entry once it has expired at `now` (`refreshToday`); an active entry stays.
  /// Answers the expired entry removed, `nil` when there was none. A corrupt file is moved
  /// aside and reported, never deleted.
  public func removeIfExpired(now: Date) -> PreferredDayLoad {
    guard !isPreview else { return .none }
    switch readEntry() {
    case .entry(let day) where !day.isActive(at: now):
      if let error = remove() { return .failed(error) }
      return .expired(day)
    case .entry(let day): return .active(day)
    case .missing: return .none
    case .failed(let error): return .failed(error)
    case .unreadable(let problem): return .unreadable(moveAside(problem: problem, now: now))
    }
  }

  /// Deletes the entry (`clear()`: sign out, studio switch). A corrupt file is moved aside and
  /// reported rather than deleted.
  public func delete(now: Date) -> PreferredDayLoad {
    guard !isPreview else { return .none }
    switch readEntry() {
    case .entry(let day):
      if let error = remove() { return .failed(error) }
      return .expired(day)
    case .missing: return .none
    case .failed(let error): return .failed(error)
    case .unreadable(let problem): return .unreadable(moveAside(problem: problem, now: now))
    }
  }

  /// Performs the store's file effects: `.lockPreferredDay` saves, `.deletePreferredDay`
  /// deletes; any other effect is not this file's and answers `nil`.
  public func perform(
    _ effect: NutritionEditEffect, now: Date
  ) throws(FileError) -> PreferredDaySave? {
    switch effect {
    case .lockPreferredDay(let day):
      return try save(day, now: now)
    case .deletePreferredDay:
      guard !isPreview else { return .preview }
      if case .failed(let error) = delete(now: now) { throw error }
      return .deleted
    case .portionRejected, .actionRefused:
      return nil
    }
  }
}

// MARK: - Outcomes

/// What reading the file back found.
public enum PreferredDayLoad: Equatable, Sendable {
  /// No file, or preview mode.
  case none
  /// An entry still active: restore it (`NutritionEdits.restorePreferredDay`).
  case active(PreferredNutritionDay)
  /// An entry that had expired (or was deleted); the file is gone.
  case expired(PreferredNutritionDay)
  /// The file was not a preferred day; it was moved aside (or could not be).
  case unreadable(UnreadablePreferredDay)
  /// The file could not be read or removed.
  case failed(FileError)

  /// The entry to restore: the active one, else `nil`.
  public var activeDay: PreferredNutritionDay? {
    if case .active(let day) = self { return day }
    return nil
  }
}

/// A preferred-day file that could not be read as one, and where it went.
public struct UnreadablePreferredDay: Equatable, Sendable {
  /// What is wrong with the content.
  public var problem: String
  /// Where the file was moved; `nil` when the move failed (`moveError`).
  public var movedTo: URL?
  public var moveError: FileError?

  /// A sentence for the log or a notice.
  public var message: String {
    if let movedTo {
      return "The preferred nutrition day could not be read (\(problem)); "
        + "it was moved to \(movedTo.lastPathComponent)."
    }
    return "The preferred nutrition day could not be read (\(problem)) "
      + "and could not be moved aside: \(moveError?.description ?? "unknown error")."
  }
}

/// What `save` did.
public enum PreferredDaySave: Equatable, Sendable {
  /// Written; a corrupt file found in its place was moved aside first.
  case saved(movedAside: UnreadablePreferredDay?)
  /// Not written: this entry, still active, is on disk (`savePreferredNutritionDay` never
  /// overwrites an active entry).
  case keptActive(PreferredNutritionDay)
  /// Not written: the entry given had already expired, or had an empty id.
  case notActive
  /// Nothing done: preview mode.
  case preview
  /// The file was deleted (`.deletePreferredDay`).
  case deleted
}

/// A failed operation on the preferred-day file, naming the file and the system's reason: the
/// package's `DurableFiles.FileError` (`rename /x/perform-preferred-nutrition-day.json: No such
/// file or directory`), under the name this module has always used.
public typealias PreferredDayFileError = FileError

// MARK: - File operations

extension PreferredDayFile {
  enum ReadResult {
    case missing
    case entry(PreferredNutritionDay)
    case unreadable(String)
    case failed(FileError)
  }

  /// The file's content, read and checked.
  func readEntry() -> ReadResult {
    let path = url.path
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      if code == ENOENT { return .missing }
      return .failed(FileError(path: path, operation: "open", code: code))
    }
    defer { _ = closeDescriptor(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1024)
    while bytes.count <= Self.maximumSize {
      let count = read(fd, &buffer, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        return .failed(FileError(path: path, operation: "read", code: errno))
      }
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    if bytes.count > Self.maximumSize {
      return .unreadable("larger than \(Self.maximumSize) bytes")
    }
    switch Self.decode(Data(bytes)) {
    case .success(let day): return .entry(day)
    case .failure(let problem): return .unreadable(problem.text)
    }
  }

  struct Problem: Error {
    var text: String
  }

  /// The entry in `data`: an object with non-empty `planId` and `dayId` strings and a finite
  /// `untilMs` number.
  static func decode(_ data: Data) -> Result<PreferredNutritionDay, Problem> {
    let day: PreferredNutritionDay
    do {
      day = try JSONDecoder().decodePayload(PreferredNutritionDay.self, from: data)
    } catch {
      let field = error.field.isEmpty ? "the file" : error.field
      return .failure(Problem(text: "\(field) \(error.problem)"))
    }
    if day.planId.isEmpty { return .failure(Problem(text: "planId is empty")) }
    if day.dayId.isEmpty { return .failure(Problem(text: "dayId is empty")) }
    if !day.untilMs.isFinite { return .failure(Problem(text: "untilMs is not finite")) }
    return .success(day)
  }

  /// `{"dayId":…,"planId":…,"untilMs":…}`, keys sorted.
  static func encode(_ day: PreferredNutritionDay) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // NB: the fields are two strings and a finite number (checked by `save`): cannot fail.
    return (try? encoder.encode(day)) ?? Data()
  }

  /// Moves the file to `<name>.unreadable-<ms since 1970 at now>` (with `-2`, `-3`... when that
  /// name is taken) and reports it.
  func moveAside(problem: String, now: Date) -> UnreadablePreferredDay {
    let stamp = WireNumberText.integer(Double(now.milliseconds))
    var target = directory.appendingPathComponent("\(Self.fileName).unreadable-\(stamp)")
    var suffix = 2
    while access(target.path, F_OK) == 0 {
      target = directory.appendingPathComponent("\(Self.fileName).unreadable-\(stamp)-\(suffix)")
      suffix += 1
    }
    guard rename(url.path, target.path) == 0 else {
      let error = FileError(path: url.path, operation: "rename", code: errno)
      return UnreadablePreferredDay(problem: problem, movedTo: nil, moveError: error)
    }
    syncDirectory()
    return UnreadablePreferredDay(problem: problem, movedTo: target, moveError: nil)
  }

  /// Deletes the file; the error when that failed for another reason than its absence.
  func remove() -> FileError? {
    guard unlink(url.path) == 0 || errno == ENOENT else {
      return FileError(path: url.path, operation: "unlink", code: errno)
    }
    syncDirectory()
    return nil
  }

  /// Writes `data` to `target` so that a crash leaves either the old or the new file, through
  /// the package's one atomic writer (`DurableFile.atomicWrite`: temporary file, fsync, rename,
  /// fsync of the directory).
  func atomicWrite(_ data: Data, to target: URL) throws(FileError) {
    try DurableFile.atomicWrite(data, to: target)
  }

  /// Makes a rename or unlink in the directory durable.
  func syncDirectory() {
    DurableFile.syncDirectory(directory)
  }
}

/// Whole numbers as decimal text, for file name stamps.
enum WireNumberText {
  static func integer(_ value: Double) -> String {
    value.isFinite && abs(value) < 1e18 ? String(Int64(value)) : "0"
  }
}
