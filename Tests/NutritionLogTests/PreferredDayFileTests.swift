import Foundation
import Testing

@testable import NutritionLog

/// `perform-preferred-nutrition-day.json`: atomic writes, never overwriting an active entry,
/// expiry at the next 05:00, preview mode, reading back, and corrupt files moved aside.
struct PreferredDayFileTests {
  /// 2026-01-05T20:00:00+01:00, an evening in Berlin; the next 05:00 is 2026-01-06T04:00:00Z.
  static let evening = Wall.at("2026-01-05T19:00:00Z")
  static let nextFive = Wall.at("2026-01-06T04:00:00Z")
  static let nextFiveMs = (nextFive.timeIntervalSince1970 * 1000).rounded()
  static let cut = PreferredNutritionDay(planId: "np1", dayId: "nd1", untilMs: nextFiveMs)
  static let rest = PreferredNutritionDay(planId: "np1", dayId: "nd2", untilMs: nextFiveMs)

  /// Runs `body` with a new empty directory, removed afterwards.
  static func inDirectory(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("preferred-day-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
  }

  static func names(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  static func contents(_ url: URL) throws -> String {
    try String(decoding: Data(contentsOf: url), as: UTF8.self)
  }

  // MARK: Saving

  @Test func saveWritesTheThreeFieldsAtomically() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      let outcome = try file.save(
        planId: "np1", dayId: "nd1", now: Self.evening, calendar: Wall.berlin)
      #expect(outcome == .saved(movedAside: nil))
      #expect(try Self.names(in: directory) == [PreferredDayFile.fileName])
      #expect(
        try Self.contents(file.url)
          == #"{"dayId":"nd1","planId":"np1","untilMs":1767672000000}"#)
      #expect(file.load(now: Self.evening) == .active(Self.cut))
    }
  }

  @Test(arguments: [
    // Evening before: the next morning's 05:00.
    ("2026-01-05T22:30:00+01:00", "2026-01-06T05:00:00+01:00"),
    // After midnight, before 05:00: the same morning's (a late dinner keeps the plan day).
    ("2026-01-06T00:30:00+01:00", "2026-01-06T05:00:00+01:00"),
    ("2026-01-06T04:59:59+01:00", "2026-01-06T05:00:00+01:00"),
    // Exactly 05:00 and after: tomorrow's.
    ("2026-01-06T05:00:00+01:00", "2026-01-07T05:00:00+01:00"),
    ("2026-01-06T05:00:01+01:00", "2026-01-07T05:00:00+01:00"),
    // The spring change (02:00 -> 03:00 on 29 March): 05:00 is +02:00.
    ("2026-03-29T01:30:00+01:00", "2026-03-29T05:00:00+02:00"),
    // The autumn change (03:00 -> 02:00 on 25 October): 05:00 is +01:00.
    ("2026-10-25T02:30:00+01:00", "2026-10-25T05:00:00+01:00"),
  ])
  func entryExpiresAtTheNextFiveInBerlin(at now: String, until: String) throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try file.save(planId: "np1", dayId: "nd1", now: Wall.at(now), calendar: Wall.berlin)
      let untilMs = (Wall.at(until).timeIntervalSince1970 * 1000).rounded()
      let day = PreferredNutritionDay(planId: "np1", dayId: "nd1", untilMs: untilMs)
      #expect(file.load(now: Wall.at(now)) == .active(day))
      // Active to the millisecond before, expired (and removed) from untilMs on.
      #expect(file.load(now: Wall.at(until) - 0.001) == .active(day))
      #expect(file.load(now: Wall.at(until)) == .expired(day))
      #expect(try Self.names(in: directory).isEmpty)
    }
  }

  @Test func anActiveEntryIsNeverOverwritten() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try file.save(Self.cut, now: Self.evening)
      let before = try Data(contentsOf: file.url)
      let later = PreferredNutritionDay(planId: "np2", dayId: "nd9", untilMs: Self.nextFiveMs + 1)
      for (entry, now) in [
        (Self.rest, Self.evening), (later, Self.nextFive - 0.001), (Self.cut, Self.evening + 60),
      ] {
        #expect(try file.save(entry, now: now) == .keptActive(Self.cut))
        #expect(try Data(contentsOf: file.url) == before)
      }
      #expect(
        try file.save(planId: "np2", dayId: "nd2", now: Self.evening, calendar: Wall.berlin)
          == .keptActive(Self.cut))
      #expect(try Self.names(in: directory) == [PreferredDayFile.fileName])
    }
  }

  @Test func anExpiredEntryIsReplaced() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try file.save(Self.cut, now: Self.evening)
      let morning = Self.nextFive
      let outcome = try file.save(planId: "np1", dayId: "nd2", now: morning, calendar: Wall.berlin)
      #expect(outcome == .saved(movedAside: nil))
      let tomorrowFive = Wall.at("2026-01-07T04:00:00Z").timeIntervalSince1970 * 1000
      #expect(
        file.load(now: morning)
          == .active(PreferredNutritionDay(planId: "np1", dayId: "nd2", untilMs: tomorrowFive)))
    }
  }

  @Test func anEntryThatIsNotActiveOrHasNoIdIsNotWritten() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      let noPlan = PreferredNutritionDay(planId: "", dayId: "nd1", untilMs: Self.nextFiveMs)
      let notFinite = PreferredNutritionDay(planId: "np1", dayId: "nd1", untilMs: .infinity)
      let outcomes = [
        try file.save(Self.cut, now: Self.nextFive), try file.save(noPlan, now: Self.evening),
        try file.save(notFinite, now: Self.evening),
      ]
      #expect(outcomes == [.notActive, .notActive, .notActive])
      let names = try Self.names(in: directory)
      #expect(names.isEmpty)
    }
  }

  @Test func previewModeNeverTouchesTheFile() throws {
    try Self.inDirectory { directory in
      let preview = PreferredDayFile(directory: directory, isPreview: true)
      #expect(try preview.save(Self.cut, now: Self.evening) == .preview)
      #expect(try Self.names(in: directory).isEmpty)
      // A file the app wrote is neither read, expired, deleted nor moved by the preview.
      try PreferredDayFile(directory: directory).save(Self.cut, now: Self.evening)
      try Data("garbage".utf8).write(to: directory.appendingPathComponent("x"))
      #expect(preview.load(now: Self.evening) == .none)
      #expect(preview.load(now: Self.nextFive) == .none)
      #expect(preview.removeIfExpired(now: Self.nextFive) == .none)
      #expect(try preview.perform(.deletePreferredDay, now: Self.evening) == .preview)
      #expect(try Self.names(in: directory) == [PreferredDayFile.fileName, "x"])
    }
  }

  // MARK: Reading back

  @Test func loadWithoutAFileIsNone() throws {
    try Self.inDirectory { directory in
      #expect(PreferredDayFile(directory: directory).load(now: Self.evening) == .none)
    }
  }

  @Test(arguments: [
    ("not json", "is not valid JSON"),
    ("", "is not valid JSON"),
    ("[]", "is not an object"),
    (#"{"planId":"np1","dayId":"nd1"}"#, "untilMs is missing"),
    (#"{"planId":"np1","dayId":"nd1","untilMs":"soon"}"#, "untilMs"),
    (#"{"planId":"","dayId":"nd1","untilMs":1767672000000}"#, "planId is empty"),
    (#"{"planId":"np1","dayId":"","untilMs":1767672000000}"#, "dayId is empty"),
    (#"{"planId":"np1","dayId":"nd1","untilMs":1767672000000"#, "is not valid JSON"),
  ])
  func aCorruptFileIsMovedAsideAndReported(content: String, problem: String) throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try Data(content.utf8).write(to: file.url)
      guard case .unreadable(let report) = file.load(now: Self.evening) else {
        Issue.record("not reported as unreadable")
        return
      }
      #expect(report.problem.contains(problem), "\(report.problem)")
      let stamp = Int64(Self.evening.timeIntervalSince1970 * 1000)
      let aside = "\(PreferredDayFile.fileName).unreadable-\(stamp)"
      #expect(report.movedTo?.lastPathComponent == aside)
      #expect(report.moveError == nil)
      #expect(report.message.contains(aside))
      #expect(try Self.names(in: directory) == [aside])
      #expect(try Self.contents(directory.appendingPathComponent(aside)) == content)
    }
  }

  @Test func aFileTooLargeIsMovedAsideUnread() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      let big = Data(repeating: UInt8(ascii: " "), count: PreferredDayFile.maximumSize + 1)
      try big.write(to: file.url)
      guard case .unreadable(let report) = file.load(now: Self.evening) else {
        Issue.record("not reported as unreadable")
        return
      }
      #expect(report.problem.contains("larger than"))
      #expect(try Data(contentsOf: #require(report.movedTo)) == big)
    }
  }

  @Test func twoCorruptFilesAtTheSameInstantKeepBoth() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try Data("one".utf8).write(to: file.url)
      _ = file.load(now: Self.evening)
      try Data("two".utf8).write(to: file.url)
      guard case .unreadable(let report) = file.load(now: Self.evening) else {
        Issue.record("not reported as unreadable")
        return
      }
      #expect(report.movedTo?.lastPathComponent.hasSuffix("-2") == true)
      #expect(try Self.names(in: directory).count == 2)
    }
  }

  @Test func savingOverACorruptFileMovesItAsideFirst() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try Data("{oops".utf8).write(to: file.url)
      guard case .saved(let aside?) = try file.save(Self.cut, now: Self.evening) else {
        Issue.record("the corrupt file was not reported")
        return
      }
      #expect(try Self.contents(#require(aside.movedTo)) == "{oops")
      #expect(file.load(now: Self.evening) == .active(Self.cut))
      #expect(try Self.names(in: directory).count == 2)
    }
  }

  @Test func aFileThatCannotBeReadIsNeitherReplacedNorMoved() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      // A directory in the file's place: opened, but not readable as a file.
      try FileManager.default.createDirectory(at: file.url, withIntermediateDirectories: false)
      guard case .failed(let error) = file.load(now: Self.evening) else {
        Issue.record("a read failure was not reported")
        return
      }
      #expect(error.path == file.url.path)
      #expect(throws: PreferredDayFileError.self) { try file.save(Self.cut, now: Self.evening) }
      var isDirectory: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: file.url.path, isDirectory: &isDirectory))
      #expect(isDirectory.boolValue)
      #expect(try Self.names(in: directory) == [PreferredDayFile.fileName])
    }
  }

  // MARK: Expiry and deletion

  @Test func removeIfExpiredKeepsAnActiveEntryAndRemovesAnExpiredOne() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try file.save(Self.cut, now: Self.evening)
      #expect(file.removeIfExpired(now: Self.nextFive - 0.001) == .active(Self.cut))
      #expect(try Self.names(in: directory) == [PreferredDayFile.fileName])
      #expect(file.removeIfExpired(now: Self.nextFive) == .expired(Self.cut))
      #expect(try Self.names(in: directory).isEmpty)
      #expect(file.removeIfExpired(now: Self.nextFive) == .none)
    }
  }

  @Test func theStoresEffectsLockAndDelete() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      var edits = NutritionEdits()
      edits.view(planId: "np1", dayId: "nd1")
      let moment = EditMoment(
        now: Self.evening, todayKey: "2026-0-5", shownKey: "2026-0-5", nextRollover: Self.nextFive)
      let effects = edits.apply(
        .setEaten(itemId: "it1", eaten: true), dateKey: "2026-0-5", at: moment)
      #expect(effects == [.lockPreferredDay(Self.cut)])
      let saves = try effects.map { try file.perform($0, now: Self.evening) }
      #expect(saves == [.saved(movedAside: nil)])
      #expect(file.load(now: Self.evening).activeDay == Self.cut)
      // Portion and refusal effects are not the file's.
      let other = try file.perform(
        .portionRejected(itemId: "it1", problem: .notPositive), now: Self.evening)
      #expect(other == nil)
      let deletes = try edits.clear().map { try file.perform($0, now: Self.evening) }
      #expect(deletes == [.deleted])
      let names = try Self.names(in: directory)
      #expect(names.isEmpty)
    }
  }

  @Test func deletingACorruptFileMovesItAsideInstead() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try Data("nope".utf8).write(to: file.url)
      guard case .unreadable(let report) = file.delete(now: Self.evening) else {
        Issue.record("not reported")
        return
      }
      #expect(try Self.contents(#require(report.movedTo)) == "nope")
    }
  }

  @Test func readBackRestoresTheStoreAndExpiresWithRefreshToday() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try file.save(Self.cut, now: Self.evening)
      // Relaunch after midnight, before 05:00: the entry holds.
      let night = Wall.at("2026-01-06T00:30:00+01:00")
      var edits = NutritionEdits()
      edits.restorePreferredDay(file.load(now: night).activeDay)
      #expect(edits.preferredDay == Self.cut)
      // refreshToday at 05:00:00.250 drops it; the file goes with it.
      let refresh = Wall.berlin.todayRefreshTime(after: night)
      #expect(refresh == Self.nextFive + 0.25)
      let expired = edits.expirePreferredDay(now: refresh)
      #expect(expired)
      #expect(file.removeIfExpired(now: refresh) == .expired(Self.cut))
      #expect(file.load(now: refresh) == .none)
    }
  }

  @Test func noTemporaryFileIsLeftBehind() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try file.save(Self.cut, now: Self.evening)
      let tomorrow = PreferredNutritionDay(
        planId: "np1", dayId: "nd2", untilMs: Self.nextFiveMs + 86_400_000)
      #expect(try file.save(tomorrow, now: Self.nextFive) == .saved(movedAside: nil))
      #expect(try Self.names(in: directory) == [PreferredDayFile.fileName])
    }
  }

  /// Writes a half-written `name` in `directory`, last modified at `date`.
  static func writePartial(_ name: String, in directory: URL, modified date: Date) throws {
    let url = directory.appendingPathComponent(name)
    try Data(#"{"dayId":"nd1","pl"#.utf8).write(to: url)
    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
  }

  @Test func loadRemovesTemporariesAKillLeftAndKeepsFreshOnes() throws {
    try Self.inDirectory { directory in
      let file = PreferredDayFile(directory: directory)
      try file.save(Self.cut, now: Self.evening)
      // Killed between create and rename two hours ago, by this build and by an older one
      // (`<name>.tmp-<pid>`), and two writes a minute old, which may still be in flight.
      let orphan = ".writing-\(UUID().uuidString).tmp"
      let legacyOrphan = "\(PreferredDayFile.fileName).tmp-4242"
      let inFlight = ".writing-\(UUID().uuidString).tmp"
      let legacyInFlight = "\(PreferredDayFile.fileName).tmp-4243"
      let unrelated = "other.json.tmp-4242"
      for name in [orphan, legacyOrphan, unrelated] {
        try Self.writePartial(name, in: directory, modified: Self.evening - 2 * 3600)
      }
      for name in [inFlight, legacyInFlight] {
        try Self.writePartial(name, in: directory, modified: Self.evening - 60)
      }

      #expect(file.load(now: Self.evening) == .active(Self.cut))

      #expect(
        try Self.names(in: directory)
          == [inFlight, PreferredDayFile.fileName, legacyInFlight, unrelated].sorted())
    }
  }

  @Test func previewModeLeavesTemporariesInPlace() throws {
    try Self.inDirectory { directory in
      let orphan = ".writing-\(UUID().uuidString).tmp"
      let legacyOrphan = "\(PreferredDayFile.fileName).tmp-4242"
      for name in [orphan, legacyOrphan] {
        try Self.writePartial(name, in: directory, modified: Self.evening - 2 * 3600)
      }

      #expect(
        PreferredDayFile(directory: directory, isPreview: true).load(now: Self.evening) == .none)

      #expect(try Self.names(in: directory) == [orphan, legacyOrphan].sorted())
    }
  }
}
