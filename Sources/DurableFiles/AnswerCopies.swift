import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: docs/architecture.md, "Offline first": every read the app depends on is kept as the last good
// answer in the data directory, with when it was fetched and its validator, and shown, marked, when
// the server cannot be reached. The body is kept byte for byte as the server sent it, so a copy is
// decoded by the very code that decodes a live answer. Written through `DurableFile.atomicWrite`
// (docs/architecture.md, "Durability and bad input"): a crash leaves the old copy or the new one.

/// What the server sent to tell a later request whether an answer changed: `ETag` and
/// `Last-Modified`, sent back as `If-None-Match` and `If-Modified-Since`.
public struct AnswerValidator: Codable, Equatable, Hashable, Sendable {
  public var etag: String?
  public var lastModified: String?

  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }

  /// Whether the server sent neither.
  public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// The last good answer of one read, as kept on disk.
public struct AnswerCopy: Equatable, Sendable {
  /// The answer's body as the server sent it.
  public var body: Data
  /// When the server last confirmed it: sent it, or answered 304 Not Modified.
  public var fetchedAt: Date
  public var validator: AnswerValidator

  public init(body: Data, fetchedAt: Date, validator: AnswerValidator = AnswerValidator()) {
    self.body = body
    self.fetchedAt = fetchedAt
    self.validator = validator
  }

  /// Whether the copy was confirmed more than `age` seconds before `now` (a copy fetched
  /// "later" than `now`, after the clock moved back, counts as old: better one read too many).
  public func isOlder(than age: TimeInterval, now: Date) -> Bool {
    let elapsed = now.timeIntervalSince(fetchedAt)
    return elapsed > age || elapsed < 0
  }
}

/// What reading a kept copy found.
public enum AnswerCopyLoad<Value: Sendable>: Sendable {
  /// No copy is kept.
  case none
  /// The copy and what its body decodes to.
  case kept(AnswerCopy, Value)
  /// The copy could not be read or decoded: it was moved aside (`problem` says why and where)
  /// and is not used.
  case corrupt(problem: String)
}

/// The last good answers of the reads an app depends on, one file per read in one directory
/// (`DIR/last-good-answers/<key>.json` in the app).
///
/// A file is a one-line JSON header (`fetchedAt` in ms, `etag`, `lastModified`, `bytes`), a
/// newline, and the body. A file that does not parse, whose body is cut short, or whose body the
/// caller cannot decode is moved aside to `<key>.json.corrupt-<seconds>` and reported, never
/// used and never silently replaced.
public struct AnswerCopies: Sendable {
  /// The directory the copies are kept in (created on the first save).
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  /// The file of `key`, which must be made of ASCII letters, digits, `-`, `_` and `.` (and not
  /// start with a dot).
  public func url(of key: String) -> URL {
    precondition(Self.isValidKey(key), "not a copy key: \(key)")
    return directory.appendingPathComponent(key + ".json")
  }

  /// Whether `key` can name a copy.
  public static func isValidKey(_ key: String) -> Bool {
    !key.isEmpty && !key.hasPrefix(".") && key.utf8.count <= 200
      && key.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
      }
  }

  /// Keeps `copy` as the last good answer of `key`, atomically.
  public func save(_ copy: AnswerCopy, for key: String) throws(FileError) {
    let header = Header(
      bytes: copy.body.count,
      fetchedAt: Int64((copy.fetchedAt.timeIntervalSince1970 * 1000).rounded(.down)),
      etag: copy.validator.etag, lastModified: copy.validator.lastModified)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // A header of strings and integers always encodes.
    var data = try! encoder.encode(header)
    data.append(UInt8(ascii: "\n"))
    data.append(copy.body)
    do {
      try OwnerOnlyFiles.createDirectory(directory)
    } catch {
      throw FileError(path: directory.path, operation: "mkdir", code: EIO)
    }
    try DurableFile.atomicWrite(data, to: url(of: key))
  }

  /// The copy of `key` with its body decoded by `decode`, which throws when the body is not what
  /// it should be; a copy that cannot be read or decoded is moved aside (see the type's doc).
  /// `now` dates the name it is moved aside to.
  public func load<Value: Sendable>(
    _ key: String, now: Date, decode: (Data) throws -> Value
  ) -> AnswerCopyLoad<Value> {
    let file = url(of: key)
    guard let data = FileManager.default.contents(atPath: file.path) else { return .none }
    let copy: AnswerCopy
    switch Self.parse(data) {
    case .success(let parsed): copy = parsed
    case .failure(let problem):
      return .corrupt(problem: moveAside(file, reason: problem.reason, now: now))
    }
    do {
      return .kept(copy, try decode(copy.body))
    } catch {
      return .corrupt(
        problem: moveAside(file, reason: "its answer does not decode: \(error)", now: now))
    }
  }

  /// Records that the server confirmed the copy of `key` unchanged at `fetchedAt` (a 304), with
  /// the validator it sent along, if any. Nothing happens when no readable copy is kept.
  public func confirm(
    _ key: String, at fetchedAt: Date, validator: AnswerValidator? = nil
  ) throws(FileError) {
    guard let data = FileManager.default.contents(atPath: url(of: key).path),
      case .success(var copy) = Self.parse(data)
    else { return }
    copy.fetchedAt = fetchedAt
    if let validator, !validator.isEmpty { copy.validator = validator }
    try save(copy, for: key)
  }

  /// The keys of the copies kept, sorted (files being written and files moved aside are not
  /// copies).
  public func keys() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.compactMap { name in
      guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
      let key = String(name.dropLast(".json".count))
      return Self.isValidKey(key) ? key : nil
    }.sorted()
  }

  /// Whether a copy of `key` is kept (readable or not).
  public func contains(_ key: String) -> Bool {
    FileManager.default.fileExists(atPath: url(of: key).path)
  }

  /// Forgets the copy of `key`.
  public func remove(_ key: String) {
    unlink(url(of: key).path)
  }

  /// Moves `file` aside and says so.
  private func moveAside(_ file: URL, reason: String, now: Date) -> String {
    let aside = file.path + ".corrupt-\(Int64(now.timeIntervalSince1970))"
    let moved = rename(file.path, aside) == 0
    if moved { DurableFile.syncDirectory(directory) }
    let name = file.deletingPathExtension().lastPathComponent
    return "The saved copy of \(name) could not be read (\(reason))"
      + (moved ? "; it was kept as \(aside)." : ".")
  }

  private struct Header: Codable {
    var bytes: Int
    var fetchedAt: Int64
    var etag: String?
    var lastModified: String?
  }

  private struct ParseProblem: Error {
    var reason: String
  }

  private static func parse(_ data: Data) -> Result<AnswerCopy, ParseProblem> {
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else {
      return .failure(ParseProblem(reason: "no header line"))
    }
    let header: Header
    do {
      header = try JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline])
    } catch {
      return .failure(ParseProblem(reason: "the header is not valid: \(error)"))
    }
    let body = Data(data[data.index(after: newline)...])
    guard header.bytes == body.count else {
      return .failure(
        ParseProblem(reason: "the answer has \(body.count) bytes, not \(header.bytes)"))
    }
    return .success(
      AnswerCopy(
        body: body, fetchedAt: Date(timeIntervalSince1970: Double(header.fetchedAt) / 1000),
        validator: AnswerValidator(etag: header.etag, lastModified: header.lastModified)))
  }
}
