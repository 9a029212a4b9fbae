import Foundation

/// A long workout typed into `perform session apply`, one JSON action a line: a start of an
/// eight-exercise day, a begin, then weights and reps entered, sets checked and unchecked, sets
/// added and removed, at random but the same for the same seed.
///
/// Every action changes the workout (values are never entered twice, sets stay between 1 and
/// 30), so `perform` acknowledges line `n` with `ok n`.
struct CrashRecoveryScript {
  static let exerciseCount = 8
  let lines: [String]

  init(actionCount: Int, seed: UInt64) {
    precondition(actionCount <= 800, "reps are entered as n + 100 and must stay under 1000")
    var random = SplitMix64(seed: seed)
    var setNumbers = Array(repeating: Array(1...4), count: Self.exerciseCount)
    var lines = [Self.startLine(), #"{"do":"begin"}"#]
    while lines.count < actionCount {
      let action = lines.count + 1
      let exercise = Int(random.next(below: UInt64(Self.exerciseCount)))
      let id = "ex_\(exercise + 1)"
      let numbers = setNumbers[exercise]
      let set = numbers[Int(random.next(below: UInt64(numbers.count)))]
      let roll = random.next(below: 100)
      if roll < 35 {
        lines.append(Self.setValue(id, set, field: "weight", value: "\(action)"))
      } else if roll < 50 {
        lines.append(Self.setValue(id, set, field: "reps", value: "\(action + 100)"))
      } else if roll < 80 || (roll < 90 && numbers.count == 30) {
        lines.append(#"{"do":"toggleSet","exerciseId":"\#(id)","setNumber":\#(set)}"#)
      } else if roll < 90 || numbers.count == 1 {
        setNumbers[exercise].append(numbers.max()! + 1)
        lines.append(#"{"do":"addSet","exerciseId":"\#(id)"}"#)
      } else {
        setNumbers[exercise].removeAll { $0 == set }
        lines.append(#"{"do":"removeSet","exerciseId":"\#(id)","setNumber":\#(set)}"#)
      }
    }
    self.lines = lines
  }

  private static func setValue(_ id: String, _ set: Int, field: String, value: String) -> String {
    #"{"do":"setValue","exerciseId":"\#(id)","setNumber":\#(set),"#
      + #""field":"\#(field)","value":"\#(value)"}"#
  }

  /// The start of the day: eight strength exercises of four sets (a warm-up first), last time
  /// 57.5 x 10, a best on every other one, a video to send on one and a superset.
  static func startLine() -> String {
    func set(_ number: Int) -> [String: Any] {
      [
        "setNumber": number, "type": number == 1 ? "warmup" : "working", "targetReps": 8,
        "targetRepsLabel": "8-10", "weight": "", "reps": "", "rir": "", "rm": "",
        "duration": "", "distance": "", "rpe": "", "lastWeight": "57.5", "lastReps": "10",
        "done": false, "isPr": false,
      ]
    }
    let exercises: [[String: Any]] = (1...exerciseCount).map { number in
      [
        "id": "row_\(number)", "exerciseId": "ex_\(number)", "name": "Lift \(number)",
        "kind": "strength", "restSeconds": 90, "videoRequired": number == 3,
        "supersetGroup": (5...6).contains(number) ? "A" : NSNull(),
        "best": number.isMultiple(of: 2) ? ["weight": 80, "reps": 5] : NSNull(),
        "substitutes": [], "sets": (1...4).map(set),
      ]
    }
    let workout: [String: Any] = [
      "dayId": "day_push", "programId": "plan_1", "dayLabel": "Day 1", "title": "Push",
      "subtitle": "", "heroImage": "", "rirColumn": true, "exercises": exercises,
    ]
    let action: [String: Any] = ["do": "start", "units": "metric", "workout": workout]
    let data = try! JSONSerialization.data(withJSONObject: action, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}

/// A small seeded generator (SplitMix64), so every run types the same workout.
private struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next(below bound: UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return (value ^ (value >> 31)) % bound
  }
}
