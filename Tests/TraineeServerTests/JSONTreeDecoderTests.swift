import Foundation
import JSONWire
import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeData
@testable import TraineeServer

/// `JSONTreeDecoder` decodes what Foundation's `JSONDecoder` decodes, and fails where it fails
/// with the same `PayloadError`, except that a whole number sent as `1.5` or `1e30` names its
/// field instead of calling the body invalid JSON.
struct JSONTreeDecoderTests {
  static let log = """
    {"programId":"plan_strength","dayId":"day_push","label":"Push","durationSec":4210,
     "completed":true,"performedAt":"2026-11-30T07:06:00Z","entries":[
      {"exerciseId":"ex_bench","name":"Bench press","done":true,"tempo":"3-0-1-0","sets":[
        {"setNumber":1,"reps":10,"targetReps":10,"weight":40,"rir":null,"rm":null,"done":true,
         "setType":"warmup","isRecord":false},
        {"setNumber":2,"reps":8,"targetReps":8,"weight":62.5,"rir":"2","rm":"75","done":true}]},
      {"exerciseId":"ex_bike","name":"Bike","done":false,"tempo":null,"sets":[
        {"setNumber":1,"durationSec":600,"distanceKm":5.2,"rpe":"6","done":true}]}]}
    """

  static let day = """
    {"eaten":{"2026-10-30__it_oats":true,"2026-10-30__it_rice":false},
     "swaps":{"2026-10-30__it_chicken":"o_tofu"},"removed":{"2026-10-30__it_salmon":false},
     "portions":{"2026-10-30__it_rice":{"foodId":"f_rice","qty":200}},
     "aiMeals":{"2026-10-30__m_lunch":[{"id":"ai_1","name":"Apple","kcal":78,"protein":0.4,
       "carbs":20.6,"fat":0.3,"qty":150,"unit":"g","source":"photo"}]},
     "mealStatus":{"2026-10-30__m_breakfast":"PLANNED"},"replacement":{},"removedMeals":{},
     "customMeals":{"2026-10-30__c_snack":{"id":"c_snack","label":"Snack","source":"manual",
       "items":[{"id":"p_1","name":"Greek yoghurt","kcal":146,"protein":20,"carbs":8,"fat":4,
       "qty":200,"unit":"g"}]}}}
    """

  /// What each decoder makes of `body`: the value, or the error as the server words it.
  static func outcomes<T: Decodable & Equatable>(
    _ type: T.Type, _ body: Data
  ) -> (
    foundation: Result<T, PayloadError>, tree: Result<T, PayloadError>
  ) {
    let decoder = JSONDecoder()
    decoder.userInfo[.checkedInput] = true
    let foundation = Result(catching: { () throws(PayloadError) -> T in
      try decoder.decodePayload(type, from: body)
    })
    let tree = Result(catching: { () throws(PayloadError) -> T in
      do {
        return try JSONTreeDecoder.decode(
          type, from: try StrictJSON.parse(body), userInfo: [.checkedInput: true])
      } catch let error as JSONSyntaxError {
        throw PayloadError(field: "", problem: "\(error)")
      } catch {
        throw PayloadError(error)
      }
    })
    return (foundation, tree)
  }

  /// Every body made from `base` by replacing one value (or removing one member) with each of
  /// a few wrong or odd ones, the base itself first.
  static func variations(of base: String) throws -> [Data] {
    let document = try JSONSerialization.jsonObject(with: Data(base.utf8))
    let replacements: [Any?] = [
      nil, NSNull(), "x", "", 0, 7, -3, 1.5, 1e30, 2.0, true, false, [Any](), [String: Any](),
      [1, 2], ["a": 1],
    ]
    var bodies = [Data(base.utf8)]
    func visit(_ value: Any, _ rebuild: (Any?) -> Any) {
      for replacement in replacements {
        let changed = rebuild(replacement)
        // The top level itself replaced by a single value is not a body worth trying.
        guard JSONSerialization.isValidJSONObject(changed),
          let data = try? JSONSerialization.data(withJSONObject: changed, options: [.sortedKeys])
        else { continue }
        bodies.append(data)
      }
      if let object = value as? [String: Any] {
        for (name, member) in object {
          visit(member) { replacement in
            var copy = object
            copy[name] = replacement
            return rebuild(copy)
          }
        }
      } else if let array = value as? [Any] {
        for (index, element) in array.enumerated() {
          visit(element) { replacement in
            var copy = array
            if let replacement { copy[index] = replacement } else { copy.remove(at: index) }
            return rebuild(copy)
          }
        }
      }
    }
    visit(document) { $0 ?? NSNull() }
    return bodies
  }

  static func expectSameOutcomes<T: Decodable & Equatable>(_ type: T.Type, _ bodies: [Data]) {
    for body in bodies {
      let (foundation, tree) = outcomes(type, body)
      let text = String(decoding: body, as: UTF8.self)
      switch (foundation, tree) {
      case (.success(let expected), .success(let value)):
        #expect(value == expected, "\(text)")
      case (.failure(let expected), .failure(let error)):
        if expected.field == "(document)", expected.problem.hasPrefix("is not valid JSON") {
          // Foundation on Linux: a whole number that is not one, without a path.
          #expect(
            error.problem == "is not a whole number" || error.problem == "is out of range",
            "\(text): \(error)")
        } else {
          #expect(error == expected, "\(text)")
        }
      default:
        Issue.record("\(text): Foundation \(foundation), tree \(tree)")
      }
    }
  }

  @Test func aWorkoutLogAndEveryVariationOfItDecodeAsWithFoundation() throws {
    let bodies = try Self.variations(of: Self.log)
    #expect(bodies.count > 500)
    Self.expectSameOutcomes(LogWorkoutPayload.self, bodies)
  }

  /// The one-pass read of a log (`PlainTreeDecodable`) gives the tree decoder's value on every
  /// variation of a log it accepts, and gives up (`nil`, leaving the body to the tree decoder,
  /// which names what is wrong) on every one it refuses.
  @Test func aLogReadInOnePassIsTheTreeDecodersLogOrLeftToIt() throws {
    let bodies = try Self.variations(of: Self.log)
    var accepted = 0
    for body in bodies {
      let text = String(decoding: body, as: UTF8.self)
      let tree = try StrictJSON.parse(body)
      let decoded = try? JSONTreeDecoder.decode(LogWorkoutPayload.self, from: tree)
      let plain = LogWorkoutPayload(plainTree: tree)
      #expect(plain == decoded, "\(text)")
      if decoded != nil { accepted += 1 }
    }
    #expect(accepted > 100)
    let base = try StrictJSON.parse(Data(Self.log.utf8))
    let plain = try #require(LogWorkoutPayload(plainTree: base))
    #expect(plain == (try JSONTreeDecoder.decode(LogWorkoutPayload.self, from: base)))
    #expect(plain.entries.map(\.sets.count) == [2, 1])
    // A set type this build does not know is a working set, in both.
    let unknownType = try StrictJSON.parse(
      Data(Self.log.replacingOccurrences(of: "\"warmup\"", with: "\"cluster\"").utf8))
    guard case .strength(let set) = LogWorkoutPayload(plainTree: unknownType)?.entries[0].sets[0]
    else {
      Issue.record("the first set is not a strength set")
      return
    }
    #expect(set.setType == .working)
  }

  /// A day save's body with every map of the snapshot filled, as the app sends it.
  static let dayBody = """
    {"date":"2026-11-30","client":"perform/1","data":{
     "eaten":{"2026-10-30__it_oats":true,"2026-10-30__it_rice":false},
     "swaps":{"2026-10-30__it_chicken":"o_tofu"},"removed":{"2026-10-30__it_salmon":false},
     "portions":{"2026-10-30__it_rice":{"foodId":"f_rice","qty":200,"note":"x"}},
     "aiMeals":{"2026-10-30__m_lunch":[{"id":"ai_1","name":"Apple","kcal":78,"protein":0.4,
       "carbs":20.6,"fat":0.3,"qty":150,"unit":"g","source":"photo","eaten":true,
       "mbp":{"p":[1,2]},"base":{"qty":100,"unit":"g"},"food":null,"barcode":"4001"}]},
     "mealStatus":{"2026-10-30__m_breakfast":"PLANNED","2026-10-30__m_dinner":"REPLACED"},
     "replacement":{"2026-10-30__m_dinner":{"id":"r_1","name":"Pizza","kcal":800,"protein":30,
       "carbs":90,"fat":35,"eaten":true,"source":"manual","logId":"41"}},
     "removedMeals":{"2026-10-30__m_snack":true},
     "customMeals":{"2026-10-30__c_snack":{"id":"c_snack","label":"Snack","source":"manual",
       "logId":null,"items":[{"id":"p_1","name":"Greek yoghurt","kcal":146,"protein":20,
       "carbs":8,"fat":4,"qty":200,"unit":"g"}]}}}}
    """

  /// The one-pass check of a day save's body (`PlainTreeDecodable`) accepts only what the tree
  /// decoder accepts, as the server runs it (input checked), with the same date and flags; where
  /// it gives up, the tree decoder decides. It accepts the plain day and most variations the
  /// decoder accepts.
  @Test func aDayCheckedInOnePassIsTheTreeDecodersOrLeftToIt() throws {
    let bodies = try Self.variations(of: Self.dayBody)
    #expect(bodies.count > 500)
    var accepted = 0
    var plainAccepted = 0
    for body in bodies {
      let text = String(decoding: body, as: UTF8.self)
      let tree = try StrictJSON.parse(body)
      let decoded = try? JSONTreeDecoder.decode(
        DayBody.self, from: tree, userInfo: [.checkedInput: true])
      if decoded != nil { accepted += 1 }
      guard let plain = DayBody(plainTree: tree) else { continue }
      plainAccepted += 1
      #expect(plain == decoded, "\(text)")
    }
    #expect(accepted > 300)
    #expect(plainAccepted > accepted * 3 / 4, "\(plainAccepted) of \(accepted)")
    let base = try StrictJSON.parse(Data(Self.dayBody.utf8))
    #expect(
      DayBody(plainTree: base) == DayBody(date: "2026-11-30", hasData: true, sendsPortions: true))
    // What the plain check leaves to the decoder: text sent as a number, an unknown status, an
    // amount out of range, an item without its id.
    for (from, to) in [
      (#""label":"Snack""#, #""label":7"#),
      (#""REPLACED""#, #""SKIPPED""#),
      (#""kcal":800"#, #""kcal":1000001"#),
      (#"{"id":"p_1","#, #"{"#),
    ] {
      let changed = Self.dayBody.replacingOccurrences(of: from, with: to)
      #expect(changed != Self.dayBody)
      #expect(DayBody(plainTree: try StrictJSON.parse(Data(changed.utf8))) == nil, "\(to)")
    }
  }

  @Test func aNutritionDayAndEveryVariationOfItDecodeAsWithFoundation() throws {
    let bodies = try Self.variations(of: Self.day)
    #expect(bodies.count > 500)
    Self.expectSameOutcomes(NutritionDaySnapshot.self, bodies)
  }

  @Test func mealLogItemsAndEveryVariationOfThemDecodeAsWithFoundation() throws {
    let items = """
      [{"id":"p_1","name":"Greek yoghurt","foodId":"f_skyr","kcal":146,"protein":20,"carbs":8,
        "fat":4,"qty":200,"unit":"g","barcode":"2000000000015"},{"name":123,"kcal":0.5}]
      """
    Self.expectSameOutcomes([LoggedFood].self, try Self.variations(of: items))
  }

  @Test func aSubstitutionAndEveryVariationOfItDecodeAsWithFoundation() throws {
    let body = """
      {"programId":"plan_strength","dayId":"day_push","rowId":"r1","fromExerciseId":"ex_bench",
       "toExerciseId":"ex_db_press"}
      """
    Self.expectSameOutcomes(SubstitutionRequestDto.self, try Self.variations(of: body))
  }

  @Test(arguments: [
    (#"{"a":1.0}"#, 1), (#"{"a":1e2}"#, 100), (#"{"a":-0}"#, 0), (#"{"a":100e-2}"#, 1),
    (#"{"a":9007199254740993}"#, 9_007_199_254_740_993),
  ])
  func aWholeNumberIsReadExactlyInAnySpelling(_ body: String, _ expected: Int) throws {
    let value = try JSONTreeDecoder.decode(
      [String: Int].self, from: try StrictJSON.parse(Data(body.utf8)))
    #expect(value == ["a": expected])
  }

  @Test(arguments: [
    (#"{"setNumber":1.5,"done":true}"#, "setNumber is not a whole number"),
    (#"{"setNumber":1e30,"done":true}"#, "setNumber is out of range"),
    (#"{"setNumber":9223372036854775808,"done":true}"#, "setNumber is out of range"),
  ])
  func aNumberThatIsNotAWholeOneNamesItsField(_ body: String, _ expected: String) throws {
    let error = #expect(throws: DecodingError.self) {
      try JSONTreeDecoder.decode(
        StrengthLogSet.self, from: try StrictJSON.parse(Data(body.utf8)))
    }
    #expect(error.map { PayloadError($0).description } == expected)
  }

  @Test func aLongObjectFindsEveryMemberAndStillRefusesARepeatedName() throws {
    let names = (0..<40).map { "k\($0)" }
    let body = "{" + names.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
    let map = try JSONTreeDecoder.decode(
      [String: Int].self, from: try StrictJSON.parse(Data(body.utf8)))
    #expect(map.count == 40 && map["k39"] == 39 && map["k0"] == 0)
    let repeated = String(body.dropLast()) + ",\"k7\":1}"
    let error = #expect(throws: JSONSyntaxError.self) {
      try StrictJSON.parse(Data(repeated.utf8))
    }
    #expect(error?.offset == body.utf8.count)
    #expect(error?.problem.contains("\"k7\" appears twice") == true)
  }

  @Test func eachMemberKnowsWhereItsTextIs() throws {
    let body = Data(#"{ "date" : "2026-11-30", "data" : {"eaten": {} } }"#.utf8)
    let tree = try StrictJSON.parse(body)
    let data = try #require(tree[member: "data"])
    #expect(String(decoding: body[data.bytes], as: UTF8.self) == #"{"eaten": {} }"#)
    let date = try #require(tree[member: "date"])
    #expect(String(decoding: body[date.bytes], as: UTF8.self) == #""2026-11-30""#)
  }

  @Test(arguments: ["\"plain\"", #""é and \"quoted\" \u00e9""#, "\"💪\""])
  func stringsReadTheSameWithAndWithoutEscapes(_ body: String) throws {
    let expected = try JSONDecoder().decode(String.self, from: Data(body.utf8))
    #expect(
      try JSONTreeDecoder.decode(String.self, from: try StrictJSON.parse(Data(body.utf8)))
        == expected)
  }
}
