import Testing
import TraineeAPI

/// A logged set's member list, which the server's one-pass reader, its sorted writer and its
/// checks walk (docs/architecture.md, "One field list per wire type"), names every member of
/// the set's `CodingKeys` once, in the order of the names, as the sorted writer needs them.
struct LogSetMembersTests {
  /// The names a list gives, in its order.
  struct Names: LogSetMemberVisitor {
    var names: [String] = []

    mutating func wholeNumber(_ name: String, _ value: inout Int, allowed: ClosedRange<Double>) {
      names.append(name)
    }

    mutating func wholeNumber(
      _ name: String, _ value: inout Int?, allowed: ClosedRange<Double>, whenNil: WhenNil
    ) {
      names.append(name)
    }

    mutating func number(
      _ name: String, _ value: inout Double?, allowed: ClosedRange<Double>, whenNil: WhenNil
    ) {
      names.append(name)
    }

    mutating func text(_ name: String, _ value: inout String?, maxLength: Int, whenNil: WhenNil) {
      names.append(name)
    }

    mutating func flag(_ name: String, _ value: inout Bool) { names.append(name) }
    mutating func flag(_ name: String, _ value: inout Bool?, whenNil: WhenNil) {
      names.append(name)
    }
    mutating func setType(_ name: String, _ value: inout SetType?, whenNil: WhenNil) {
      names.append(name)
    }
  }

  @Test func theStrengthListNamesEveryMemberInTheOrderOfTheNames() {
    var set = StrengthLogSet(
      setNumber: 1, reps: nil, targetReps: nil, weight: nil, rir: nil, rm: nil, done: false)
    var names = Names()
    set.visitMembers(&names)
    #expect(names.names == StrengthLogSet.CodingKeys.allCases.map(\.stringValue).sorted())
  }

  @Test func theCardioListNamesEveryMemberInTheOrderOfTheNames() {
    var set = CardioLogSet(setNumber: 1, durationSec: nil, distanceKm: nil, rpe: nil, done: false)
    var names = Names()
    set.visitMembers(&names)
    #expect(names.names == CardioLogSet.CodingKeys.allCases.map(\.stringValue).sorted())
  }
}
