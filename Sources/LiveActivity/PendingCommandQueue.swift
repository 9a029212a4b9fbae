import DurableFiles
import Foundation
import Synchronization
import TraineeAPI

// NB: docs/decisions/the-lock-screen-card.md, "Live Activity interactions": one file per command,
// written atomically, named so that names sort in the order the buttons were tapped. A file still
// being written carries the `.writing-` prefix and is never read; a command is deleted only once it
// has been applied, and a refused or unreadable one is moved aside with its reason, never silently
// deleted.

/// The card's taps waiting for the app: one JSON file per command in `directory` (the App Group
/// container on iOS, `DIR/live-activity/pending` under the data directory on Linux).
///
/// Refused commands go to `rejected/` and unreadable files to `malformed/` beside `directory`,
/// each with a `<name>.reason` file saying why.
///
/// The first drain of a queue (`applyPendingCommands`) sweeps what writers killed mid-write left
/// in its directories; later drains of that queue, or of a copy of it, do not. Make one queue
/// when the app opens its data and keep it, so the directories are swept once per run. Writing
/// (`enqueue`, as the widget does in its own process) never sweeps.
public struct PendingCommandQueue: Sendable {
  /// Where pending commands are written.
  public let directory: URL
  /// Whether this queue has swept its directories; shared by its copies.
  private let sweep = SweepOnce()

  /// A queue in `directory`.
  public init(directory: URL) {
    self.directory = directory
  }

  /// The queue of the data directory `dataDirectory`: `dataDirectory/live-activity/pending`.
  public init(dataDirectory: URL) {
    self.init(directory: DataDirectory(dataDirectory).liveActivityPending)
  }

  /// Where refused commands are kept, with their reasons.
  public var rejectedDirectory: URL {
    directory.deletingLastPathComponent()
      .appendingPathComponent(DataDirectory.LiveActivityQueue.rejected)
  }

  /// Where files that are not commands are kept, with their reasons.
  public var malformedDirectory: URL {
    directory.deletingLastPathComponent()
      .appendingPathComponent(DataDirectory.LiveActivityQueue.malformed)
  }

  /// Writes `command` as a new file and returns its name. Names start with the tap's time in
  /// milliseconds, zero-padded, and end with a random part, so they sort in tap order and two
  /// taps never share a name.
  @discardableResult
  public func enqueue(_ command: PendingCommand) throws(FileError) -> String {
    try ActivityFiles.makeDirectory(directory)
    let milliseconds = max(0, command.issuedAt.milliseconds)
    let padded = String(milliseconds).leftPadded(to: 15)
    let random = String(UInt32.random(in: .min ... .max), radix: 16).leftPadded(to: 8)
    let name = "\(padded)-\(random).json"
    let data: Data
    do {
      data = try Self.encoder.encode(command)
    } catch {
      // A command's fields are plain values: encoding them cannot fail.
      preconditionFailure("encoding a pending command failed: \(error)")
    }
    try ActivityFiles.atomicWrite(data, to: directory.appendingPathComponent(name))
    return name
  }

  /// The names of the commands waiting, in tap order. Files still being written are skipped.
  public func pendingNames() throws(FileError) -> [String] {
    try ActivityFiles.names(in: directory)
      .filter { !$0.hasPrefix(".") && $0.hasSuffix(".json") }
      .sorted()
  }

  /// The command in file `name`, validated.
  public func read(_ name: String) throws(PendingCommandProblem) -> PendingCommand {
    let data: Data
    do {
      data = try ActivityFiles.contents(
        of: directory.appendingPathComponent(name), limit: CommandLimits.fileBytes)
    } catch {
      throw .unreadable(error)
    }
    guard data.count <= CommandLimits.fileBytes else {
      throw .tooLarge(maximumBytes: CommandLimits.fileBytes)
    }
    let command: PendingCommand
    do {
      command = try Self.decoder.decode(PendingCommand.self, from: data)
    } catch {
      throw .notACommand(detail: Self.describe(error))
    }
    try command.validate()
    return command
  }

  /// The first time it is called on this queue (or a copy of it), removes what writers killed
  /// mid-write left in the queue's directories (`directory`, `rejectedDirectory`,
  /// `malformedDirectory`): temporary files older than an hour at `now`. A younger one may be a
  /// command the widget is writing right now, and is kept. Later calls do nothing; returns
  /// whether this call swept.
  @discardableResult
  func removeStaleTemporariesOnce(now: Date) -> Bool {
    guard sweep.claim() else { return false }
    for folder in [directory, rejectedDirectory, malformedDirectory] {
      ActivityFiles.removeStaleTemporaries(in: folder, now: now)
    }
    return true
  }

  /// Deletes the applied command `name`.
  func remove(_ name: String) throws(FileError) {
    try ActivityFiles.remove(directory.appendingPathComponent(name))
  }

  /// Moves file `name` into `destination`, after writing `reason` beside where it goes; a crash
  /// in between leaves the file pending, to be judged again.
  func setAside(_ name: String, into destination: URL, reason: String) throws(FileError) {
    try ActivityFiles.makeDirectory(destination)
    try ActivityFiles.atomicWrite(
      Data((reason + "\n").utf8), to: destination.appendingPathComponent(name + ".reason"))
    try ActivityFiles.move(
      directory.appendingPathComponent(name), to: destination.appendingPathComponent(name))
  }

  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .millisecondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }

  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .millisecondsSince1970
    return decoder
  }

  /// A decoding error as `missing key "setNumber"` or `setNumber: expected Int`.
  private static func describe(_ error: any Error) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
      return keys.isEmpty ? "" : "\(keys): "
    }
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      return "\(path(context))missing key \"\(key.stringValue)\""
    case .typeMismatch(let type, let context)?:
      return "\(path(context))expected \(type)"
    case .valueNotFound(let type, let context)?:
      return "\(path(context))missing \(type)"
    case .dataCorrupted(let context)?:
      return "\(path(context))\(context.debugDescription)"
    default:
      return "\(error)"
    }
  }
}

/// Set once, by whichever caller claims it first.
private final class SweepOnce: Sendable {
  // NB: an atomic exchange, which ThreadSanitizer models (it does not model `Mutex`'s futex).
  private let claimed = Atomic<Bool>(false)

  /// True for the first call only.
  func claim() -> Bool {
    !claimed.exchange(true, ordering: .acquiringAndReleasing)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
