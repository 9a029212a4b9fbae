import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/architecture.md, "Durability and bad input": a bad body is refused whole with 400 naming
// the field, and changes nothing. The ranges are wide enough for any real workout (a session
// resumed days later, a 500 kg deadlift) and narrow enough that a typo or an attack is not stored.

/// Checks of the workout endpoints' input beyond its JSON types.
enum WorkoutInput {
  /// The longest `Idempotency-Key` kept.
  static let maxKeyLength = 200
  /// The longest id (exercise, program, day, row) accepted.
  static let maxIDLength = 200
  /// The longest name or label accepted.
  static let maxNameLength = 300
  /// The longest short text (tempo, RIR, RM, RPE) accepted.
  static let maxShortTextLength = 50
  /// The longest video URL accepted.
  static let maxURLLength = 2048

  /// The `Idempotency-Key` header: absent is `nil`; empty, longer than 200 characters or with
  /// anything but visible ASCII is 400 `invalid_header`.
  static func idempotencyKey(_ header: String?) throws(HTTPError) -> String? {
    guard let header else { return nil }
    let visible: ClosedRange<UInt8> = 0x21...0x7E
    // A key that starts and ends visible has nothing to trim (Foundation's trimming, a bridge to
    // NSString, was a hundredth of a log post's CPU).
    let key =
      header.utf8.first.map(visible.contains) == true
        && header.utf8.last.map(visible.contains) == true
      ? header : header.trimmingCharacters(in: .whitespaces)
    guard !key.isEmpty, key.utf8.allSatisfy(visible.contains), key.utf8.count <= maxKeyLength
    else {
      throw HTTPError(
        .badRequest, code: "invalid_header",
        message:
          "Idempotency-Key must be 1 to \(maxKeyLength) visible ASCII characters.")
    }
    return key
  }

  /// The log payload of `request`'s body, 400 `invalid_body` naming the field when malformed.
  static func logPayload(_ request: HTTPRequest) throws(HTTPError) -> LogWorkoutPayload {
    do {
      return try request.decodeJSON(LogWorkoutPayload.self)
    } catch {
      // NB: Foundation on Linux reports a number that does not fit an `Int` (1.5, 1e30) as
      // invalid JSON without a path; name the field ourselves when the JSON itself is valid.
      if let field = fractionalWholeNumber(in: request.body) {
        throw HTTPError(
          .badRequest, code: "invalid_body", message: "Body: \(field) is not a whole number.")
      }
      throw error
    }
  }

  /// The first whole-number field of a log payload holding another number, or `nil`.
  static func fractionalWholeNumber(in body: Data) -> String? {
    guard let document = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      return nil
    }
    func isWhole(_ value: Any?) -> Bool {
      guard let number = value as? NSNumber, !(value is Bool) else { return true }
      let double = number.doubleValue
      return double == double.rounded() && abs(double) < 9e15
    }
    for key in ["durationSec", "programVersion"] where !isWhole(document[key]) { return key }
    for (index, entry) in (document["entries"] as? [Any] ?? []).enumerated() {
      let sets = (entry as? [String: Any])?["sets"] as? [Any] ?? []
      for (number, set) in sets.enumerated() {
        let set = set as? [String: Any] ?? [:]
        for key in ["setNumber", "reps", "targetReps", "durationSec"] where !isWhole(set[key]) {
          return "entries[\(index)].sets[\(number)].\(key)"
        }
      }
    }
    return nil
  }

  /// Checks a workout log's values: counts, ranges and text lengths.
  static func checkLog(_ payload: LogWorkoutPayload) throws(HTTPError) {
    try text(payload.programId, "programId", max: maxIDLength)
    try text(payload.dayId, "dayId", max: maxIDLength)
    try text(payload.label, "label", max: maxNameLength)
    try text(payload.performedAt, "performedAt", max: maxShortTextLength)
    try range(payload.durationSec.map(Double.init), "durationSec", 0...(31 * 86_400))
    try range(payload.programVersion.map(Double.init), "programVersion", 1...999_999_999)
    try text(payload.note, "note", max: LogNote.maxLength)
    try check(payload.entries.count <= 100, "entries", "has more than 100 exercises")
    for (index, entry) in payload.entries.enumerated() {
      let field = { "entries[\(index)]" }
      try id(entry.exerciseId, "\(field()).exerciseId")
      try text(entry.name, "\(field()).name", max: maxNameLength)
      try text(entry.tempo, "\(field()).tempo", max: maxShortTextLength)
      try text(
        entry.substitutionReason, "\(field()).substitutionReason", max: LogNote.maxReasonLength)
      try check(entry.sets.count <= 100, "\(field()).sets", "has more than 100 sets")
      for (number, set) in entry.sets.enumerated() {
        try checkSet(set, "\(field()).sets[\(number)]")
      }
    }
  }

  private static func checkSet(_ set: LogSet, _ field: @autoclosure () -> String) throws(HTTPError)
  {
    let refusal = withoutActuallyEscaping(field) { field in
      var checks = SetChecks(field: field)
      switch set {
      case .strength(var set): set.visitMembers(&checks)
      case .cardio(var set): set.visitMembers(&checks)
      }
      return checks.refusal
    }
    if let refusal { throw refusal }
  }

  /// Checks each member of a logged set against what its member list allows, in the list's
  /// order, and keeps the first refusal.
  private struct SetChecks: LogSetMemberVisitor {
    /// The set's own field (`entries[0].sets[2]`), spelled only when a check fails.
    let field: () -> String
    var refusal: HTTPError?

    /// Runs `body` with the set's field until one check refuses.
    private mutating func check(_ body: (() -> String) throws(HTTPError) -> Void) {
      guard refusal == nil else { return }
      do throws(HTTPError) { try body(field) } catch { refusal = error }
    }

    mutating func wholeNumber(_ name: String, _ value: inout Int, allowed: ClosedRange<Double>) {
      check { [value] field throws(HTTPError) in
        try WorkoutInput.range(Double(value), "\(field()).\(name)", allowed)
      }
    }

    mutating func wholeNumber(
      _ name: String, _ value: inout Int?, allowed: ClosedRange<Double>, whenNil: WhenNil
    ) {
      check { [value] field throws(HTTPError) in
        try WorkoutInput.range(value.map(Double.init), "\(field()).\(name)", allowed)
      }
    }

    mutating func number(
      _ name: String, _ value: inout Double?, allowed: ClosedRange<Double>, whenNil: WhenNil
    ) {
      check { [value] field throws(HTTPError) in
        try WorkoutInput.range(value, "\(field()).\(name)", allowed)
      }
    }

    mutating func text(_ name: String, _ value: inout String?, maxLength: Int, whenNil: WhenNil) {
      check { [value] field throws(HTTPError) in
        try WorkoutInput.text(value, "\(field()).\(name)", max: maxLength)
      }
    }

    mutating func flag(_ name: String, _ value: inout Bool) {}
    mutating func flag(_ name: String, _ value: inout Bool?, whenNil: WhenNil) {}
    mutating func setType(_ name: String, _ value: inout SetType?, whenNil: WhenNil) {}
  }

  // NB: docs/decisions/history-progress-and-moving-data.md "History export and import": a workout
  // logged after the fact (an import) names when it was done; the server dates it so, as far back
  // as 1970 and at most a day ahead of the server's clock (a device's clock a few hours off is not
  // refused).

  /// The instant of a log's `performedAt`: `nil` when absent; 400 `invalid_body` when it is not
  /// an RFC 3339 time or is more than a day after `now`.
  static func performedAt(_ text: String?, now: Date) throws(HTTPError) -> Date? {
    guard let text else { return nil }
    guard let instant = rfc3339Instant(text) else {
      throw HTTPError(
        .badRequest, code: "invalid_body",
        message: "Body: performedAt is not an RFC 3339 time such as 2026-01-05T08:00:00Z.")
    }
    try check(instant <= now + 86_400, "performedAt", "is more than a day in the future")
    return instant
  }

  /// Checks a substitution's ids.
  static func checkSubstitution(_ body: SubstitutionRequestDto) throws(HTTPError) {
    if let programId = body.programId { try id(programId, "programId") }
    try id(body.dayId, "dayId")
    try id(body.rowId, "rowId")
    try id(body.fromExerciseId, "fromExerciseId")
    try id(body.toExerciseId, "toExerciseId")
  }

  /// Checks a technique video: an `http` or `https` URL with a host, and the exercise id.
  static func checkVideo(_ body: TechniqueVideoRequestDto) throws(HTTPError) {
    try check(!body.url.isEmpty, "url", "is empty")
    try text(body.url, "url", max: maxURLLength)
    let scheme = URLComponents(string: body.url)?.scheme?.lowercased()
    let host = URLComponents(string: body.url)?.host ?? ""
    try check(
      (scheme == "http" || scheme == "https") && !host.isEmpty, "url",
      "is not an http or https URL")
    if let exerciseId = body.exerciseId { try id(exerciseId, "exerciseId") }
  }

  // NB: a field's name and its problem are only spelled when the check fails (`@autoclosure`):
  // a log of 14 sets spelled some 90 of them, each a string interpolation, for every valid post
  // (a fortieth of the post's CPU on the server).

  private static func id(_ value: String, _ field: @autoclosure () -> String) throws(HTTPError) {
    try check(!value.isEmpty, field(), "is empty")
    try text(value, field(), max: maxIDLength)
  }

  private static func text(
    _ value: String?, _ field: @autoclosure () -> String, max: Int
  ) throws(HTTPError) {
    guard let value else { return }
    try check(
      value.utf8.count <= max || value.count <= max, field(), "is longer than \(max) characters")
    try refuseControlCharacters(value, field())
  }

  // NB: docs/security.md, "Names and the terminal": no text of a workout (a name, a label, an
  // id, a short text) holds a control character; none has a use for one, and a name with ESC in
  // it retitled a terminal that printed it.

  /// Throws 400 `invalid_body` naming `field` when `value` holds a control character (U+0000 to
  /// U+001F, U+007F to U+009F).
  static func refuseControlCharacters(
    _ value: String, _ field: @autoclosure () -> String
  ) throws(HTTPError) {
    guard !ControlCharacters.found(in: value) else { throw controlCharacterRefusal(field()) }
  }

  /// 400 `invalid_body`: `field` holds a control character.
  static func controlCharacterRefusal(_ field: String) -> HTTPError {
    HTTPError(
      .badRequest, code: "invalid_body",
      message: "Body: \(field) holds a control character (U+0000 to U+001F or U+007F to U+009F).")
  }

  private static func range(
    _ value: Double?, _ field: @autoclosure () -> String, _ allowed: ClosedRange<Double>
  ) throws(HTTPError) {
    guard let value else { return }
    try check(
      value.isFinite && allowed.contains(value), field(),
      "must be from \(WireNumber.text(allowed.lowerBound)) to \(WireNumber.text(allowed.upperBound))"
    )
  }

  private static func check(
    _ condition: Bool, _ field: @autoclosure () -> String, _ problem: @autoclosure () -> String
  ) throws(HTTPError) {
    guard !condition else { return }
    throw HTTPError(
      .badRequest, code: "invalid_body", message: "Body: \(field()) \(problem()).")
  }
}
