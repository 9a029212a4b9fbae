// NB: docs/architecture.md, "One field list per wire type": a logged set's members are listed
// once, in its `visitMembers(_:)` beside its properties (LogWorkoutPayload.swift), each with its
// wire name, what is written when it is `nil` and what the server accepts; the server's one-pass
// reader, its sorted writer of the stored log and its checks of a log all walk that list, so a
// member added there is read, stored and checked with nothing else to edit. The list is in the
// order of the names, as the stored JSON has them (LogSetMembersTests).

/// What a `nil` member becomes on the wire: an explicit `null`, or nothing.
@usableFromInline package enum WhenNil: Sendable {
  /// The member is written, as `null`.
  case null
  /// The member is left out, as for members later than the spec's shape.
  case leftOut
}

/// What walks the members of a logged set (``StrengthLogSet``, ``CardioLogSet``): each given by
/// its wire name, its value (read, or filled in) and what the server accepts for it.
@usableFromInline package protocol LogSetMemberVisitor {
  /// A whole number that is always there, from `allowed`.
  mutating func wholeNumber(_ name: String, _ value: inout Int, allowed: ClosedRange<Double>)
  /// A whole number from `allowed`, or `nil`.
  mutating func wholeNumber(
    _ name: String, _ value: inout Int?, allowed: ClosedRange<Double>, whenNil: WhenNil)
  /// A number from `allowed`, or `nil`.
  mutating func number(
    _ name: String, _ value: inout Double?, allowed: ClosedRange<Double>, whenNil: WhenNil)
  /// A text of at most `maxLength` characters and no control character, or `nil`.
  mutating func text(_ name: String, _ value: inout String?, maxLength: Int, whenNil: WhenNil)
  /// A flag that is always there.
  mutating func flag(_ name: String, _ value: inout Bool)
  /// A flag, or `nil`.
  mutating func flag(_ name: String, _ value: inout Bool?, whenNil: WhenNil)
  /// The set's type, or `nil`; a type this build does not know is read as a working set.
  mutating func setType(_ name: String, _ value: inout SetType?, whenNil: WhenNil)
}
