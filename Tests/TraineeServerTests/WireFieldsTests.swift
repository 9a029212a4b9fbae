import Foundation
import JSONWire
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// A hot wire type's fast paths (the one-pass reads, `PlainTreeDecodable`, and the sorted
/// writers) agree with its `Codable` on every member of its `CodingKeys`: a value with every
/// property filled reads and writes the same both ways, so a member added to a type and not to
/// its fast path fails here (docs/decisions/wire-types-shared-by-the-app-and-the-server.md
/// "Wire types: one field list").
struct WireFieldsTests {
  typealias Full = FullWireValues

  static func sortedJSON(_ value: some Encodable) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(value))
  }

  /// The full values are full: no property `nil` or empty, and every member of each type's
  /// `CodingKeys` in what `JSONEncoder` writes for it (but the members it reads and does not
  /// keep). A property added to a type fails here until `FullWireValues` fills it.
  @Test func theFullValuesFillEveryPropertyAndEveryMember() throws {
    let values: [(String, Any)] = [
      ("log", Full.log), ("historyPage", Full.historyPage), ("loggedWorkout", Full.loggedWorkout),
      ("day", Full.day),
    ]
    for (name, value) in values {
      #expect(Full.unfilled(value).isEmpty, "\(name): \(Full.unfilled(value))")
    }
    func expectEvery<Key: CodingKey & CaseIterable>(
      _ keys: Key.Type, of type: String, in value: some Encodable
    ) throws {
      let missing = Full.names(keys).subtracting(try Full.encodedMembers(of: value))
      #expect(missing == Full.readNotKept[type] ?? [], "\(type) writes none of \(missing)")
    }
    try expectEvery(LogWorkoutPayload.CodingKeys.self, of: "LogWorkoutPayload", in: Full.log)
    try expectEvery(LogEntry.CodingKeys.self, of: "LogEntry", in: Full.entry)
    try expectEvery(StrengthLogSet.CodingKeys.self, of: "StrengthLogSet", in: Full.strength)
    try expectEvery(CardioLogSet.CodingKeys.self, of: "CardioLogSet", in: Full.cardio)
    try expectEvery(NutritionDaySnapshot.CodingKeys.self, of: "NutritionDaySnapshot", in: Full.day)
    try expectEvery(AddedFood.CodingKeys.self, of: "AddedFood", in: Full.food)
    try expectEvery(CustomMealItem.CodingKeys.self, of: "CustomMealItem", in: Full.item)
    try expectEvery(MealReplacement.CodingKeys.self, of: "MealReplacement", in: Full.replacement)
    try expectEvery(CustomMeal.CodingKeys.self, of: "CustomMeal", in: Full.customMeal)
    try expectEvery(ItemPortion.CodingKeys.self, of: "ItemPortion", in: Full.portion)
  }

  /// A full log reads in one pass, as the tree decoder and Foundation read it: the one pass
  /// neither drops a member (it would differ) nor leaves one to the slow path (it would give up).
  /// A member of the client's own is still skipped.
  @Test func aFullLogReadsInOnePassAsTheReferenceReadsIt() throws {
    let body = try Self.sortedJSON(Full.log)
    let tree = try StrictJSON.parse(Data(body))
    #expect(try JSONDecoder().decode(LogWorkoutPayload.self, from: Data(body)) == Full.log)
    #expect(try JSONTreeDecoder.decode(LogWorkoutPayload.self, from: tree) == Full.log)
    #expect(LogWorkoutPayload(plainTree: tree) == Full.log, "the one pass gave up or dropped")
    var extra = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    extra["client"] = "perform/1"
    let withExtra = try JSONSerialization.data(withJSONObject: extra)
    #expect(LogWorkoutPayload(plainTree: try StrictJSON.parse(withExtra)) == Full.log)
  }

  /// Every one-value variation of the full log reads in one pass as the tree decoder reads it,
  /// or is left to it: the variations follow the types, with no fixture to keep up by hand.
  @Test func everyVariationOfAFullLogReadsInOnePassAsTheReferenceOrIsLeftToIt() throws {
    let text = String(decoding: try Self.sortedJSON(Full.log), as: UTF8.self)
    for body in try JSONTreeDecoderTests.variations(of: text) {
      let tree = try StrictJSON.parse(body)
      let plain = LogWorkoutPayload(plainTree: tree)
      let decoded = try? JSONTreeDecoder.decode(LogWorkoutPayload.self, from: tree)
      #expect(plain == nil || plain == decoded, "\(String(decoding: body, as: UTF8.self))")
    }
  }

  /// A day save with a full snapshot (and an item's `source` and `logId`, read but not kept) is
  /// checked in one pass, with the tree decoder's date and flags; and no variation of it the one
  /// pass accepts is one the tree decoder refuses.
  @Test func aFullDayIsCheckedInOnePassAsTheReferenceChecksIt() throws {
    let data = try #require(
      try JSONSerialization.jsonObject(with: Data(try Self.sortedJSON(Full.day))) as? [String: Any])
    var snapshot = data
    var aiMeals = try #require(snapshot["aiMeals"] as? [String: [[String: Any]]])
    for (key, items) in aiMeals {
      aiMeals[key] = items.map { $0.merging(["source": "photo", "logId": "43"]) { $1 } }
    }
    snapshot["aiMeals"] = aiMeals
    let body = try JSONSerialization.data(
      withJSONObject: ["date": "2026-11-30", "data": snapshot], options: [.sortedKeys])
    let tree = try StrictJSON.parse(body)
    let expected = DayBody(date: "2026-11-30", hasData: true, sendsPortions: true)
    #expect(
      try JSONTreeDecoder.decode(DayBody.self, from: tree, userInfo: [.checkedInput: true])
        == expected)
    #expect(DayBody(plainTree: tree) == expected, "the one pass gave up on a full day")
    for variation in try JSONTreeDecoderTests.variations(of: String(decoding: body, as: UTF8.self))
    {
      let tree = try StrictJSON.parse(variation)
      guard let plain = DayBody(plainTree: tree) else { continue }
      let decoded = try? JSONTreeDecoder.decode(
        DayBody.self, from: tree, userInfo: [.checkedInput: true])
      #expect(plain == decoded, "\(String(decoding: variation, as: UTF8.self))")
    }
  }

  /// The sorted writers write a full value as `JSONEncoder` does, so none leaves a member out.
  @Test func theSortedWritersWriteFullValuesAsJSONEncoderDoes() throws {
    #expect(Array(Full.log.storedJSON.utf8) == (try Self.sortedJSON(Full.log)))
    #expect(Full.historyPage.answerJSON == (try Self.sortedJSON(Full.historyPage)))
    #expect(Full.workoutLog.answerJSON == (try Self.sortedJSON(Full.workoutLog)))
    #expect(Full.loggedWorkout.sortedJSON == (try Self.sortedJSON(Full.loggedWorkout)))
  }
}
