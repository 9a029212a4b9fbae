// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "Strict import files": an import
// is an operator's file, read against the exact shape below. HTTP bodies keep ignoring unknown
// members (docs/decisions/the-server-under-hostile-input.md, "Strict JSON bodies"); this reading is
// for `perform program import` and `perform nutrition-plan import` only.

// NB: docs/fuzzing.md, "False leaks at exit": only `list` is `indirect`. The static shapes below
// live until exit; with every case boxed, each box was held by a pointer carrying the case in its
// spare bits, which LeakSanitizer does not take for a pointer, so every fuzz run that read the
// demo's files ended with a false leak report. `whole` and `count` hold numbers inline, which
// have no spare bits, so the case is kept in a tag byte of its own and every pointer stays plain.

/// What a value of an import file must be.
enum ImportFileShape: Sendable {
  /// A JSON string.
  case text
  /// A JSON string without control characters: a name shown to the trainee (docs/security.md,
  /// "Names and the terminal").
  case name
  /// Free text a coach may also write as a number (`"8"` or `8`), as the wire types read it.
  case textOrNumber
  /// A finite JSON number.
  case number
  /// A whole JSON number within `range`.
  case whole(ClosedRange<Int>)
  /// A whole number within `range`, as a JSON number or as text holding only its digits.
  case count(ClosedRange<Int>)
  case bool
  /// One of `names`, as a JSON string.
  case oneOf([String])
  /// An array of `element`; `unique` names a member no two elements may share.
  indirect case list(ImportFileShape, unique: String?)
  /// An object with exactly these members (the optional ones may be absent or null).
  case object([ImportFileField])
  /// Anything: passed through untouched.
  case any
}

/// One member of an object shape.
struct ImportFileField: Sendable {
  var name: String
  var shape: ImportFileShape
  var required: Bool

  static func required(_ name: String, _ shape: ImportFileShape) -> ImportFileField {
    ImportFileField(name: name, shape: shape, required: true)
  }

  static func optional(_ name: String, _ shape: ImportFileShape) -> ImportFileField {
    ImportFileField(name: name, shape: shape, required: false)
  }
}

extension ImportFileShape {
  /// The most sets a row may have: the server stores at most 100 sets of an exercise.
  static let maximumSets = 100

  /// `GET /v1/trainee/workouts`' shape, as `perform program import` reads it.
  static let programs = ImportFileShape.object([
    .required("plans", .list(plan, unique: "id")), .optional("movement", .any),
  ])

  private static let plan = ImportFileShape.object([
    .required("id", .text), .required("name", .name), .required("days", .list(day, unique: "id")),
  ])

  private static let day = ImportFileShape.object([
    .required("id", .text), .optional("label", .textOrNumber), .optional("title", .textOrNumber),
    .optional("subtitle", .textOrNumber), .optional("heroImage", .text),
    .optional("rirColumn", .bool), .optional("strength", .list(strength, unique: "id")),
    .optional("cardio", .list(cardio, unique: "id")),
  ])

  private static let strength = ImportFileShape.object([
    .required("id", .text), .required("exerciseId", .text), .required("name", .name),
    .optional("image", .text), .optional("sets", .count(1...maximumSets)),
    .optional("reps", .textOrNumber), .optional("weight", .textOrNumber),
    .optional("rest", .textOrNumber), .optional("tempo", .textOrNumber),
    .optional("supersetGroup", .textOrNumber), .optional("videoRequired", .bool),
    .optional(
      "coachFeedback", .object([.required("videoId", .text), .required("message", .text)])),
    .optional("setRows", .list(setRow, unique: "setNumber")),
    .optional("lastSets", .list(lastSet, unique: "setNumber")), .optional("best", best),
    .optional("substitutes", .list(substitute, unique: "exerciseId")),
  ])

  private static let setRow = ImportFileShape.object([
    .required("setNumber", .whole(1...maximumSets)),
    .optional("type", .oneOf(["warmup", "working", "drop", "failure", "other"])),
    .optional("reps", .textOrNumber), .optional("weight", .textOrNumber),
  ])

  private static let lastSet = ImportFileShape.object([
    .required("setNumber", .whole(1...maximumSets)), .optional("weight", .textOrNumber),
    .optional("reps", .textOrNumber),
  ])

  private static let best = ImportFileShape.object([
    .required("weight", .number), .required("reps", .whole(0...1000)),
  ])

  private static let substitute = ImportFileShape.object([
    .required("exerciseId", .text), .required("name", .name), .optional("image", .text),
    .optional("lastSets", .list(lastSet, unique: "setNumber")), .optional("best", best),
  ])

  private static let cardio = ImportFileShape.object([
    .required("id", .text), .required("exerciseId", .text), .required("name", .name),
    .optional("image", .text), .optional("sets", .count(1...maximumSets)),
    .optional("rest", .textOrNumber),
  ])

  /// `GET /v1/trainee/nutrition/plans`' shape, as `perform nutrition-plan import` reads it.
  static let nutritionPlans = ImportFileShape.object([
    .required("plans", .list(nutritionPlan, unique: "id"))
  ])

  private static let nutritionPlan = ImportFileShape.object([
    .required("id", .text), .required("name", .name),
    .required("days", .list(nutritionDay, unique: "id")),
  ])

  private static let nutritionDay = ImportFileShape.object([
    .required("id", .text), .optional("label", .textOrNumber),
    .optional(
      "targets",
      .object([
        .optional("kcal", .number), .optional("protein", .number), .optional("carbs", .number),
        .optional("fat", .number),
      ])),
    .optional("meals", .list(meal, unique: "id")),
  ])

  private static let meal = ImportFileShape.object([
    .required("id", .text), .required("name", .name), .optional("time", .textOrNumber),
    .optional("items", .list(item, unique: "id")),
  ])

  private static let item = ImportFileShape.object([
    .required("id", .text), .optional("options", .list(option, unique: "id")),
  ])

  private static let option = ImportFileShape.object([
    .required("id", .text), .required("name", .name), .optional("foodId", .text),
    .optional("qty", .number), .optional("unit", .textOrNumber), .optional("kcal", .number),
    .optional("protein", .number), .optional("carbs", .number), .optional("fat", .number),
  ])
}
