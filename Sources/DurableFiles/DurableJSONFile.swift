import Foundation

/// One JSON value kept in one file of the data directory, written atomically with sorted keys.
///
/// A file that does not decode is moved aside to `<name>.corrupt-<seconds>` and reported, never
/// silently replaced (docs/architecture.md, "Durability and bad input").
public struct DurableJSONFile<Value: Codable>: Sendable {
  /// Where the value is kept.
  public let url: URL
  /// What the file holds, for the report of an unreadable one: "The unsent workout log".
  public let what: String

  /// The file at `url`, holding `what`.
  public init(url: URL, what: String) {
    self.url = url
    self.what = what
  }

  /// The value kept (nil: no file), or why the file could not be read and where it was kept.
  ///
  /// Read at launch, so the data directory is swept first: temporary files of writes a kill cut
  /// short, older than an hour before `now`, are removed (`DurableFile.staleTemporaryAge`); a
  /// younger one may be a write in flight and is kept.
  public func load(now: Date) -> (value: Value?, problem: String?) {
    DurableFile.removeStaleTemporaries(
      in: url.deletingLastPathComponent(), olderThan: DurableFile.staleTemporaryAge, now: now)
    guard let data = DurableFile.contents(atPath: url.path) else { return (nil, nil) }
    do {
      return (try JSONDecoder().decode(Value.self, from: data), nil)
    } catch {
      let aside = url.path + ".corrupt-\(Int64(now.timeIntervalSince1970))"
      let moved = rename(url.path, aside) == 0
      return (
        nil,
        "\(what) could not be read (\(error))" + (moved ? "; it was kept as \(aside)." : ".")
      )
    }
  }

  /// Writes `value`, creating the directory when needed.
  public func save(_ value: Value) throws(FileError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(value)
    } catch {
      // The values kept here are plain data: encoding them cannot fail.
      preconditionFailure("encoding \(what) failed: \(error)")
    }
    let directory = url.deletingLastPathComponent()
    do {
      try OwnerOnlyFiles.createDirectory(directory)
    } catch {
      throw FileError(path: directory.path, operation: "mkdir", code: EIO)
    }
    try DurableFile.atomicWrite(data, to: url)
  }
}
