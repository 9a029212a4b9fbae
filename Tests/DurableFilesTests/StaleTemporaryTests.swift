import DurableFiles
import Foundation
import Testing

/// `DurableFile.removeStaleTemporaries`: what a kill between create and rename left is removed
/// once it is old; a write in flight and every other file stay.
struct StaleTemporaryTests {
  /// 2026-01-05T10:00:00Z, the sweep's `now`; file times are set relative to it.
  static let now = Date(timeIntervalSince1970: 1_767_607_200)
  static let stale = now - 2 * 3600
  static let fresh = now - 59 * 60
  static let legacyTarget = "perform-preferred-nutrition-day.json"

  static func temporaryName() -> String {
    DurableFile.temporaryPrefix + UUID().uuidString + ".tmp"
  }

  /// Writes `name` in `scratch`, last modified at `date`.
  static func write(_ name: String, in scratch: ScratchDirectory, modified date: Date) throws {
    try Data("partial".utf8).write(to: scratch.file(name))
    try FileManager.default.setAttributes(
      [.modificationDate: date], ofItemAtPath: scratch.file(name).path)
  }

  static func sweep(_ scratch: ScratchDirectory) -> [String] {
    DurableFile.removeStaleTemporaries(
      in: scratch.url, olderThan: DurableFile.staleTemporaryAge, now: now,
      legacyTemporariesOf: [legacyTarget])
  }

  @Test func theStaleAgeIsAnHour() {
    #expect(DurableFile.staleTemporaryAge == .seconds(3600))
  }

  @Test func oldTemporariesOfTheWriterAndOfTheOldPreferredDayWriterAreRemoved() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let modern = [
      Self.temporaryName(), DurableFile.temporaryPrefix + UUID().uuidString.lowercased() + ".tmp",
    ]
    let legacy = ["\(Self.legacyTarget).tmp-4242", "\(Self.legacyTarget).tmp-1"]
    for name in modern + legacy {
      try Self.write(name, in: scratch, modified: Self.stale)
    }

    let removed = Self.sweep(scratch)

    #expect(removed == (modern + legacy).sorted())
    #expect(try scratch.names() == [])
  }

  /// Every entry's name is read whole from a directory whose entries have names of every
  /// length, so each readdir buffer ends on entries of many sizes: the sweep once copied a whole
  /// `dirent` per entry, reading past a short last entry of the buffer.
  @Test func namesOfEveryLengthAreReadWhole() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let stale = (0..<300).map { _ in Self.temporaryName() }
    for name in stale { try Self.write(name, in: scratch, modified: Self.stale) }
    for length in 1...255 {
      try Self.write(String(repeating: "n", count: length), in: scratch, modified: Self.stale)
    }
    #expect(Self.sweep(scratch) == stale.sorted())
    #expect(try scratch.names().count == 255)
  }

  @Test func freshTemporariesAreWritesInFlightAndStay() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let inFlight = Self.temporaryName()
    let legacyInFlight = "\(Self.legacyTarget).tmp-77"
    let fromTheFuture = Self.temporaryName()
    try Self.write(inFlight, in: scratch, modified: Self.fresh)
    try Self.write(legacyInFlight, in: scratch, modified: Self.fresh)
    try Self.write(fromTheFuture, in: scratch, modified: Self.now + 3600)

    #expect(Self.sweep(scratch) == [])
    #expect(try scratch.names() == [inFlight, legacyInFlight, fromTheFuture].sorted())
  }

  @Test func aTemporaryOneAgeOldStaysAndOneJustOlderGoes() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let exactlyAnHour = Self.temporaryName()
    let justOlder = Self.temporaryName()
    try Self.write(exactlyAnHour, in: scratch, modified: Self.now - 3600)
    try Self.write(justOlder, in: scratch, modified: Self.now - 3601)

    #expect(Self.sweep(scratch) == [justOlder])
    #expect(try scratch.names() == [exactlyAnHour])
  }

  @Test func everyOtherFileStaysHoweverOld() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let others = [
      "session.json", "nutrition-edits.json", Self.legacyTarget, "tmp", "notes.tmp",
      "backup.tmp.json", "journal-1.jsonl.tmp", ".writing-not-a-uuid.tmp",
      ".writing-.tmp", ".writing-\(UUID().uuidString).json", ".writing-\(UUID().uuidString)",
      "\(Self.temporaryName()).json", "x\(Self.temporaryName())",
      "\(Self.legacyTarget).tmp-", "\(Self.legacyTarget).tmp-12a", "\(Self.legacyTarget).tmp-+1",
      "\(Self.legacyTarget).tmp-1.json", "other.json.tmp-4242", "\(Self.legacyTarget).tmp.4242",
      "session.json.unreadable-20260105T100000", ".lock",
    ]
    for name in others {
      try Self.write(name, in: scratch, modified: Self.stale)
    }

    #expect(Self.sweep(scratch) == [])
    #expect(try scratch.names() == others.sorted())
  }

  @Test func theLegacyPatternIsOnlyMatchedForTheNamesGiven() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let legacy = "\(Self.legacyTarget).tmp-4242"
    try Self.write(legacy, in: scratch, modified: Self.stale)

    let removed = DurableFile.removeStaleTemporaries(
      in: scratch.url, olderThan: DurableFile.staleTemporaryAge, now: Self.now)

    #expect(removed == [])
    #expect(try scratch.names() == [legacy])
  }

  @Test func aDirectoryNamedLikeATemporaryFileStaysWithItsContent() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let directoryName = Self.temporaryName()
    let legacyDirectoryName = "\(Self.legacyTarget).tmp-4242"
    for name in [directoryName, legacyDirectoryName] {
      let directory = scratch.file(name)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      try Data("inside".utf8).write(to: directory.appendingPathComponent("inside.json"))
      try FileManager.default.setAttributes(
        [.modificationDate: Self.stale], ofItemAtPath: directory.path)
    }

    #expect(Self.sweep(scratch) == [])
    #expect(try scratch.names() == [directoryName, legacyDirectoryName].sorted())
    #expect(
      FileManager.default.fileExists(
        atPath: scratch.file(directoryName).appendingPathComponent("inside.json").path))
  }

  @Test func aSymbolicLinkNamedLikeATemporaryFileIsNeitherFollowedNorRemoved() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let elsewhere = try ScratchDirectory()
    defer { elsewhere.remove() }
    let targetName = Self.temporaryName()
    try Self.write(targetName, in: elsewhere, modified: Self.stale)
    let link = Self.temporaryName()
    try FileManager.default.createSymbolicLink(
      at: scratch.file(link), withDestinationURL: elsewhere.file(targetName))
    let danglingLink = Self.temporaryName()
    try FileManager.default.createSymbolicLink(
      atPath: scratch.file(danglingLink).path, withDestinationPath: "/nonexistent/x.json")

    #expect(Self.sweep(scratch) == [])
    #expect(try scratch.names() == [link, danglingLink].sorted())
    #expect(try elsewhere.names() == [targetName])
  }

  @Test func onlyTheDirectoryItselfIsSweptNotTheOnesInside() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let inner = scratch.file("live-activity")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    let nested = Self.temporaryName()
    try Data("partial".utf8).write(to: inner.appendingPathComponent(nested))
    try FileManager.default.setAttributes(
      [.modificationDate: Self.stale], ofItemAtPath: inner.appendingPathComponent(nested).path)

    #expect(Self.sweep(scratch) == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: inner.path) == [nested])
  }

  @Test func aMissingDirectoryOrARegularFileInItsPlaceRemovesNothing() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let regular = scratch.file("data")
    try Data("not a directory".utf8).write(to: regular)

    for directory in [scratch.file("missing"), regular] {
      let removed = DurableFile.removeStaleTemporaries(
        in: directory, olderThan: DurableFile.staleTemporaryAge, now: Self.now)
      #expect(removed == [])
    }
    #expect(try scratch.names() == ["data"])
  }

  @Test func aNegativeAgeCountsAsZero() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let justWritten = Self.temporaryName()
    try Self.write(justWritten, in: scratch, modified: Self.now - 1)
    let future = Self.temporaryName()
    try Self.write(future, in: scratch, modified: Self.now + 1)

    let removed = DurableFile.removeStaleTemporaries(
      in: scratch.url, olderThan: .seconds(-3600), now: Self.now)

    #expect(removed == [justWritten])
    #expect(try scratch.names() == [future])
  }

  @Test func aTemporaryFileOfAFailedWriteIsSweptAndTheTargetKept() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let target = scratch.file("session.json")
    try DurableFile.atomicWrite(Data("kept".utf8), to: target)
    // What a kill between create and rename leaves: a temporary file beside the target.
    let orphan = Self.temporaryName()
    try Self.write(orphan, in: scratch, modified: Self.stale)

    #expect(Self.sweep(scratch) == [orphan])
    #expect(try scratch.names() == ["session.json"])
    #expect(try Data(contentsOf: target) == Data("kept".utf8))
  }
}
