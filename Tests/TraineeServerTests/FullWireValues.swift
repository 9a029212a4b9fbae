import Foundation
import Testing
import TraineeAPI

/// The wire types that have a fast path on the server, each with every property filled: no
/// `nil`, no empty text, list or map, and flags set where their default is `false`. What
/// `JSONEncoder` writes for them therefore has every member of their `CodingKeys`, and a fast
/// path that skips or misreads one differs from the reference there (WireFieldsTests).
/// `unfilled` checks that they stay full: a property added to a type fails until it is filled
/// here.
enum FullWireValues {
  /// A strength set with every member of its list filled (`LogSetFilling`): a member added to
  /// the list is filled by itself, and one left out of it stays empty (`unfilled` finds it).
  static let strength: StrengthLogSet = {
    var set = StrengthLogSet(
      setNumber: 1, reps: nil, targetReps: nil, weight: nil, rir: nil, rm: nil, done: false)
    var filling = LogSetFilling()
    set.visitMembers(&filling)
    return set
  }()
  /// A cardio set with every member of its list filled, as `strength`.
  static let cardio: CardioLogSet = {
    var set = CardioLogSet(setNumber: 1, durationSec: nil, distanceKm: nil, rpe: nil, done: false)
    var filling = LogSetFilling()
    set.visitMembers(&filling)
    return set
  }()
  static let entry = LogEntry(
    exerciseId: "ex_bench", name: "Bench press", done: true, tempo: "3-0-1-0",
    sets: [.strength(strength), .cardio(cardio)], substitutionReason: "machine taken")
  static let log = LogWorkoutPayload(
    programId: "plan_strength", dayId: "day_push", label: "Push", durationSec: 4210,
    completed: true, entries: [entry], performedAt: "2026-11-30T07:06:00Z", programVersion: 3,
    note: "Left knee a bit sore")

  static let loggedWorkout = LoggedWorkoutDto(id: "41", workoutNumber: 7, deleted: true)
  static let workoutLog = {
    var log = WorkoutLogDto(
      id: "41", workoutNumber: 7, loggedAt: "2026-11-30T07:06:00.000Z",
      programId: "plan_strength", dayId: "day_push", label: "Push", durationSec: 4210,
      completed: true, exerciseCount: 1, doneSetCount: 2, volumeKg: 500, entries: [entry],
      programVersion: 3, note: "Left knee a bit sore",
      review: WorkoutReviewDto(
        verdict: .needsWork, comment: "Slow the descent",
        setComments: [SetCommentDto(entryIndex: 0, setNumber: 1, comment: "Elbows in")],
        reviewedAt: "2026-11-30T09:00:00.000Z", seen: true))
    log.prescribedBesidePerformed = prescribedBesidePerformed
    return log
  }()
  static let prescribedBesidePerformed = PrescribedBesidePerformedDto(
    prescription: .kept,
    exercises: [
      ExerciseBesidePrescribedDto(
        rowId: "row_1", prescribedExerciseId: "ex_bench", prescribedName: "Bench press",
        exerciseId: "ex_db_press", name: "Dumbbell press", marks: [.substituted],
        sets: [
          SetBesidePrescribedDto(
            setNumber: 1, target: ["reps": "8-12", "weight": "60"], performed: .strength(strength),
            comparison: ["reps": .within, "weight": .below], marks: [.added])
        ])
    ])
  static let historyPage = WorkoutHistoryDto(
    workouts: [workoutLog], nextCursor: "1764486360000.41")

  static let food = AddedFood(
    id: "ai_1", name: "Apple", kcal: 78, protein: 0.4, carbs: 20.6, fat: 0.3,
    mbp: .object(["p": .array([.number(1), .string("x")])]), qty: 150, unit: "g",
    base: .object(["qty": .number(100), "unit": .string("g")]),
    food: .object(["id": .string("f_apple"), "ok": .bool(true)]), barcode: "4001")
  static let item = CustomMealItem(food, eaten: true)
  static let replacement = MealReplacement(food, source: "manual", logId: "41", eaten: true)
  static let customMeal = CustomMeal(
    id: "c_snack", label: "Snack", items: [item], source: "photo", logId: "42")
  static let portion = ItemPortion(foodId: "f_rice", qty: 200)
  static let day = NutritionDaySnapshot(
    eaten: ["2026-10-30__it_oats": true], swaps: ["2026-10-30__it_chicken": "o_tofu"],
    removed: ["2026-10-30__it_salmon": true], aiMeals: ["2026-10-30__m_lunch": [item]],
    mealStatus: ["2026-10-30__m_dinner": .replaced],
    replacement: ["2026-10-30__m_dinner": replacement],
    removedMeals: ["2026-10-30__m_snack": true], customMeals: ["2026-10-30__c_snack": customMeal],
    portions: ["2026-10-30__it_rice": portion])

  /// Members a type reads (`CodingKeys`) but does not keep, so its encoding cannot hold them:
  /// an item's `source` and `logId` are checked when sent and then dropped.
  static let readNotKept: [String: Set<String>] = ["CustomMealItem": ["source", "logId"]]

  /// Where in `value` a property is `nil`, empty or `false`, by path (`entries[0].tempo`).
  static func unfilled(_ value: Any, at path: String = "") -> [String] {
    let mirror = Mirror(reflecting: value)
    switch value {
    case let text as String: return text.isEmpty ? [path] : []
    case let flag as Bool: return flag ? [] : [path]
    default: break
    }
    if mirror.displayStyle == .optional, mirror.children.isEmpty { return [path] }
    if [.collection, .dictionary, .set].contains(mirror.displayStyle), mirror.children.isEmpty {
      return [path]
    }
    var found: [String] = []
    for (offset, child) in mirror.children.enumerated() {
      let name = child.label ?? "[\(offset)]"
      let childPath =
        mirror.displayStyle == .optional ? path : path + (path.isEmpty ? "" : ".") + name
      found += unfilled(child.value, at: childPath)
    }
    return found
  }

  /// The member names of the object `JSONEncoder` writes for `value`.
  static func encodedMembers(of value: some Encodable) throws -> Set<String> {
    let data = try JSONEncoder().encode(value)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return Set(object.keys)
  }

  /// The names of `keys`' members.
  static func names<Key: CodingKey & CaseIterable>(_ keys: Key.Type) -> Set<String> {
    Set(Key.allCases.map(\.stringValue))
  }
}

/// Fills every member a logged set's list gives with a value the server accepts that is not a
/// default: each number its own (inside its range, with a fraction where it may have one), each
/// text its own, every flag `true`, the type a warm-up.
struct LogSetFilling: LogSetMemberVisitor {
  private var count = 0

  private mutating func next(_ allowed: ClosedRange<Double>) -> Double {
    count += 1
    return min(allowed.upperBound, allowed.lowerBound + Double(count) * 3)
  }

  mutating func wholeNumber(_ name: String, _ value: inout Int, allowed: ClosedRange<Double>) {
    value = Int(next(allowed))
  }

  mutating func wholeNumber(
    _ name: String, _ value: inout Int?, allowed: ClosedRange<Double>, whenNil: WhenNil
  ) {
    value = Int(next(allowed))
  }

  mutating func number(
    _ name: String, _ value: inout Double?, allowed: ClosedRange<Double>, whenNil: WhenNil
  ) {
    value = next(allowed) - 0.75
  }

  mutating func text(_ name: String, _ value: inout String?, maxLength: Int, whenNil: WhenNil) {
    value = "\(name) \(Int(next(0...1000)))"
  }

  mutating func flag(_ name: String, _ value: inout Bool) { value = true }
  mutating func flag(_ name: String, _ value: inout Bool?, whenNil: WhenNil) { value = true }
  mutating func setType(_ name: String, _ value: inout SetType?, whenNil: WhenNil) {
    value = .warmup
  }
}
