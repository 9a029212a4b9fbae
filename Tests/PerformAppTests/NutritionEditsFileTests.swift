import Foundation
import LiveWorkoutScreens
import NutritionLog
import NutritionScreens
import PerformApp
import TerminalScreens
import Testing
import TraineeAPI

/// `nutrition-edits.json`: each date's edits with what the server confirmed, and files of the
/// first format, which had no confirmations.
struct NutritionEditsFileTests {
  static let now = Date(timeIntervalSince1970: 1_767_607_200)
  static let dateKey = "2026-0-5"
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("nutrition-edits-\(UUID().uuidString)")

  private var file: NutritionEditsFile { NutritionEditsFile(dataDirectory: directory) }

  private static func day(eaten items: [String]) -> NutritionDaySnapshot {
    NutritionDaySnapshot(
      eaten: Dictionary(uniqueKeysWithValues: items.map { ("\(dateKey)__\($0)", true) }))
  }

  @Test func theConfirmedCopyOfEachDateComesBackWithItsEdits() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    var edits = NutritionEdits()
    edits.restoreDay(
      Self.dateKey, Self.day(eaten: ["it1", "it2"]), confirmed: Self.day(eaten: ["it1"]))
    let yesterday = NutritionDaySnapshot(eaten: ["2026-0-4__it9": true])
    edits.restoreDay("2026-0-4", yesterday, confirmed: yesterday)
    try file.save(edits)

    var restored = NutritionEdits()
    #expect(file.restore(into: &restored, now: Self.now) == nil)

    #expect(restored == edits)
    #expect(restored.confirmedSnapshot(Self.dateKey) == Self.day(eaten: ["it1"]))
    #expect(restored.hasUnconfirmedEdits(Self.dateKey))
    #expect(!restored.hasUnconfirmedEdits("2026-0-4"))
  }

  @Test func aFileOfTheFirstFormatLoadsWithEveryEditUnconfirmed() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let old = #"{"2026-0-5":{"eaten":{"2026-0-5__it1":true},"portions":{}}}"#
    try Data(old.utf8).write(to: file.url)

    var restored = NutritionEdits()
    #expect(file.restore(into: &restored, now: Self.now) == nil)

    #expect(restored.collectDaySnapshot(Self.dateKey) == Self.day(eaten: ["it1"]))
    #expect(restored.confirmedSnapshot(Self.dateKey) == nil)
    #expect(restored.hasUnconfirmedEdits(Self.dateKey))
  }

  @Test func aFormatThisAppDoesNotKnowIsKeptAsideAndReported() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let newer = Data(#"{"format":3,"edits":{}}"#.utf8)
    try newer.write(to: file.url)

    var restored = NutritionEdits()
    let problem = file.restore(into: &restored, now: Self.now)

    #expect(problem?.hasPrefix("The saved nutrition edits could not be read") == true)
    #expect(restored == NutritionEdits())
    let aside = file.url.path + ".corrupt-\(Int64(Self.now.timeIntervalSince1970))"
    #expect(FileManager.default.contents(atPath: aside) == newer)
  }
}
