import Testing
import TraineeAPI

@testable import HTTPServer
@testable import TraineeServer

/// A log's sets are checked member by member from their lists (docs/architecture.md, "One
/// field list per wire type"): each member with a range or a length refuses a value just past
/// it, with 400 naming the member, so a member added to a list is checked with no other edit.
struct LogSetChecksTests {
  /// Puts a value just past what the list allows into the member numbered `target` (in the
  /// list's order), and records its name; every other member keeps its value.
  struct PastTheLimit: LogSetMemberVisitor {
    let target: Int
    private var index = 0
    private(set) var name: String?

    init(target: Int) { self.target = target }

    private mutating func isTarget(_ name: String) -> Bool {
      defer { index += 1 }
      guard index == target else { return false }
      self.name = name
      return true
    }

    mutating func wholeNumber(_ name: String, _ value: inout Int, allowed: ClosedRange<Double>) {
      if isTarget(name) { value = Int(allowed.upperBound) + 1 }
    }

    mutating func wholeNumber(
      _ name: String, _ value: inout Int?, allowed: ClosedRange<Double>, whenNil: WhenNil
    ) {
      if isTarget(name) { value = Int(allowed.upperBound) + 1 }
    }

    mutating func number(
      _ name: String, _ value: inout Double?, allowed: ClosedRange<Double>, whenNil: WhenNil
    ) {
      if isTarget(name) { value = allowed.upperBound + 0.5 }
    }

    mutating func text(_ name: String, _ value: inout String?, maxLength: Int, whenNil: WhenNil) {
      if isTarget(name) { value = String(repeating: "x", count: maxLength + 1) }
    }

    // Flags and the set's type have no limit: they stay as they are, and `name` stays `nil`.
    mutating func flag(_ name: String, _ value: inout Bool) { index += 1 }
    mutating func flag(_ name: String, _ value: inout Bool?, whenNil: WhenNil) { index += 1 }
    mutating func setType(_ name: String, _ value: inout SetType?, whenNil: WhenNil) {
      index += 1
    }
  }

  static func refusal(of set: LogSet) -> HTTPError? {
    let entry = LogEntry(exerciseId: "ex_1", name: "Squat", done: true, tempo: nil, sets: [set])
    let log = LogWorkoutPayload(
      programId: nil, dayId: nil, label: nil, durationSec: nil, completed: true,
      entries: [entry])
    do {
      try WorkoutInput.checkLog(log)
      return nil
    } catch {
      return error
    }
  }

  @Test func theFullSetsPass() {
    #expect(Self.refusal(of: .strength(FullWireValues.strength)) == nil)
    #expect(Self.refusal(of: .cardio(FullWireValues.cardio)) == nil)
  }

  @Test(arguments: 0..<StrengthLogSet.CodingKeys.allCases.count)
  func aStrengthMemberPastItsLimitIsRefusedByName(_ target: Int) {
    var set = FullWireValues.strength
    var past = PastTheLimit(target: target)
    set.visitMembers(&past)
    guard let name = past.name else { return }
    let refusal = Self.refusal(of: .strength(set))
    #expect(refusal?.code == "invalid_body")
    #expect(refusal?.message.hasPrefix("Body: entries[0].sets[0].\(name) ") == true, "\(name)")
  }

  @Test(arguments: 0..<CardioLogSet.CodingKeys.allCases.count)
  func aCardioMemberPastItsLimitIsRefusedByName(_ target: Int) {
    var set = FullWireValues.cardio
    var past = PastTheLimit(target: target)
    set.visitMembers(&past)
    guard let name = past.name else { return }
    let refusal = Self.refusal(of: .cardio(set))
    #expect(refusal?.code == "invalid_body")
    #expect(refusal?.message.hasPrefix("Body: entries[0].sets[0].\(name) ") == true, "\(name)")
  }
}
