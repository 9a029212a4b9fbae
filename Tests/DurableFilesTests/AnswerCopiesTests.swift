import DurableFiles
import Foundation
import Testing

/// The last good answers of the app's reads: atomic, dated, with their validators, and never
/// trusted when corrupt.
struct AnswerCopiesTests {
  private let fetched = Date(timeIntervalSince1970: 1_764_583_920)  // 2025-12-01 10:12 UTC
  private let body = Data(#"{"plans":[{"id":"plan_strength"}]}"#.utf8)

  private func decodeObject(_ data: Data) throws -> [String: [[String: String]]] {
    try JSONDecoder().decode([String: [[String: String]]].self, from: data)
  }

  @Test func aSavedCopyComesBackWithItsTimeAndValidatorAndBody() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let copies = AnswerCopies(directory: scratch.url.appendingPathComponent("answers"))
    let copy = AnswerCopy(
      body: body, fetchedAt: fetched,
      validator: AnswerValidator(etag: #""v1""#, lastModified: "Mon, 01 Dec 2025 10:12:00 GMT"))

    try copies.save(copy, for: "workouts")

    guard
      case .kept(let loaded, let value) = copies.load(
        "workouts", now: fetched, decode: decodeObject)
    else {
      Issue.record("no copy")
      return
    }
    #expect(loaded == copy)
    #expect(value == ["plans": [["id": "plan_strength"]]])
  }

  @Test func noCopyIsNone() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let copies = AnswerCopies(directory: scratch.url)
    guard case .none = copies.load("home", now: fetched, decode: decodeObject) else {
      Issue.record("expected no copy")
      return
    }
  }

  @Test func aNewAnswerReplacesTheCopyAtomicallyLeavingNoTemporaryFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let copies = AnswerCopies(directory: scratch.url)
    try copies.save(AnswerCopy(body: Data(#"{"a":[]}"#.utf8), fetchedAt: fetched), for: "plans")
    try copies.save(AnswerCopy(body: body, fetchedAt: fetched + 60), for: "plans")

    #expect(try scratch.names() == ["plans.json"])
    guard case .kept(let loaded, _) = copies.load("plans", now: fetched, decode: decodeObject)
    else {
      Issue.record("no copy")
      return
    }
    #expect(loaded == AnswerCopy(body: body, fetchedAt: fetched + 60))
  }

  @Test(arguments: [
    "not a copy at all",
    "{\"bytes\":5,\"fetchedAt\":1}\n{\"a\"",  // cut short
    "{\"fetchedAt\":1}\n{}",  // no byte count
    "",
  ])
  func aCopyThatDoesNotParseIsMovedAsideAndReported(content: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let copies = AnswerCopies(directory: scratch.url)
    try Data(content.utf8).write(to: scratch.file("workouts.json"))

    guard case .corrupt(let problem) = copies.load("workouts", now: fetched, decode: decodeObject)
    else {
      Issue.record("a corrupt copy was trusted")
      return
    }
    let aside = "workouts.json.corrupt-\(Int64(fetched.timeIntervalSince1970))"
    #expect(try scratch.names() == [aside])
    #expect(problem.contains("workouts could not be read"))
    #expect(problem.contains(aside))
    #expect(try Data(contentsOf: scratch.file(aside)) == Data(content.utf8))
  }

  @Test func aCopyWhoseBodyDoesNotDecodeIsMovedAside() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let copies = AnswerCopies(directory: scratch.url)
    try copies.save(AnswerCopy(body: Data("[1,2]".utf8), fetchedAt: fetched), for: "workouts")

    guard case .corrupt(let problem) = copies.load("workouts", now: fetched, decode: decodeObject)
    else {
      Issue.record("a copy that does not decode was trusted")
      return
    }
    #expect(problem.contains("does not decode"))
    #expect(
      try scratch.names() == ["workouts.json.corrupt-\(Int64(fetched.timeIntervalSince1970))"])
  }

  @Test(arguments: [
    (age: 0.0, elapsed: 0.0, older: false),
    (age: 600, elapsed: 600, older: false),
    (age: 600, elapsed: 601, older: true),
    (age: 600, elapsed: -1, older: true),
  ])
  func olderThan(age: Double, elapsed: Double, older: Bool) {
    let copy = AnswerCopy(body: body, fetchedAt: fetched)
    #expect(copy.isOlder(than: age, now: fetched + elapsed) == older)
  }

  @Test func aConfirmationMovesTheFetchTimeAndKeepsOrUpdatesTheValidator() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let copies = AnswerCopies(directory: scratch.url)
    try copies.save(
      AnswerCopy(body: body, fetchedAt: fetched, validator: AnswerValidator(etag: #""v1""#)),
      for: "configs")

    try copies.confirm("configs", at: fetched + 300)
    guard case .kept(let kept, _) = copies.load("configs", now: fetched, decode: decodeObject)
    else {
      Issue.record("no copy")
      return
    }
    #expect(
      kept == AnswerCopy(body: body, fetchedAt: fetched + 300, validator: .init(etag: #""v1""#)))

    try copies.confirm("configs", at: fetched + 900, validator: AnswerValidator(etag: #""v2""#))
    guard case .kept(let again, _) = copies.load("configs", now: fetched, decode: decodeObject)
    else {
      Issue.record("no copy")
      return
    }
    #expect(again.validator == AnswerValidator(etag: #""v2""#))
    #expect(again.fetchedAt == fetched + 900)
  }

  @Test func theKeysAreTheCopiesOnlyNotFilesAsideOrBeingWritten() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let copies = AnswerCopies(directory: scratch.url)
    try copies.save(AnswerCopy(body: body, fetchedAt: fetched), for: "workouts")
    try copies.save(AnswerCopy(body: body, fetchedAt: fetched), for: "home")
    try Data().write(to: scratch.file("plans.json.corrupt-1"))
    try Data().write(to: scratch.file(".writing-1.tmp"))
    #expect(copies.keys() == ["home", "workouts"])
    copies.remove("home")
    #expect(copies.keys() == ["workouts"])
  }

  @Test func aConfirmationOfNoCopyWritesNothing() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let copies = AnswerCopies(directory: scratch.url)
    try copies.confirm("configs", at: fetched)
    #expect(try scratch.names() == [])
  }

  @Test(arguments: ["workouts", "nutrition-day-2025-12-01", "menu.day_push"])
  func keysMadeOfSafeCharactersAreValid(key: String) {
    #expect(AnswerCopies.isValidKey(key))
  }

  @Test(arguments: ["", "../etc", "a/b", ".hidden", "day 1", "é"])
  func otherKeysAreNot(key: String) {
    #expect(!AnswerCopies.isValidKey(key))
  }
}
