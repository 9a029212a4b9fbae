import Foundation
import Testing
import TraineeAPI
import WorkoutReplay
import WorkoutSession

/// Reading replay scripts: defaults, start times, steps, and errors that name the action.
@Suite struct ReplayScriptTests {
  /// 2026-01-05T10:00:00Z.
  static let monday = Date(timeIntervalSince1970: 1_767_607_200)

  static func document(
    extraFields: String = "", startAt: String = "2026-01-05T10:00:00Z", actions: String = ""
  ) -> Data {
    Data(
      """
      { "workouts": { "plans": [ { "id": "plan_1", "name": "Strength block", "days": [
          { "id": "day_push", "title": "Push", "strength": [
            { "id": "row_1", "exerciseId": "ex_bench", "name": "Bench press", "sets": "3" } ] }
        ] } ] },
        "dayId": "day_push", "startAt": "\(startAt)", \(extraFields)
        "actions": [ \(actions) ] }
      """.utf8)
  }

  @Test func unitsDefaultToMetricAndPlanIdIsOptional() throws {
    let script = try ReplayScript(json: Self.document())

    #expect(script.units == .metric)
    #expect(script.planId == nil)
    #expect(script.dayId == "day_push")
    #expect(script.steps.isEmpty)
    #expect(script.workouts.plans.map(\.id) == ["plan_1"])
  }

  @Test func unitsAndPlanIdAreReadWhenGiven() throws {
    let script = try ReplayScript(
      json: Self.document(extraFields: #""planId": "plan_1", "units": "imperial","#))

    #expect(script.units == .imperial)
    #expect(script.planId == "plan_1")
  }

  @Test(arguments: [
    ("2026-01-05T10:00:00Z", 0.0),
    ("2026-01-05T10:00:00.000Z", 0.0),
    ("2026-01-05T10:00:00.250Z", 0.25),
    ("2026-01-05T11:00:00+01:00", 0.0),
    ("2026-01-05T04:30:00-05:30", 0.0),
  ])
  func startAtAcceptsISO8601WithFractionAndOffset(_ text: String, _ offset: Double) throws {
    let script = try ReplayScript(json: Self.document(startAt: text))

    #expect(script.startAt == Self.monday.addingTimeInterval(offset))
  }

  @Test(arguments: ["2026-01-05 10:00", "2026-01-05", "2026-01-05T10:00:00", "monday"])
  func startAtWithoutDateTimeAndZoneIsRefused(_ text: String) {
    #expect(
      throws: ReplayScriptError(
        actionIndex: nil,
        problem: "startAt \"\(text)\" is not an ISO 8601 time such as 2026-01-05T10:00:00Z")
    ) {
      try ReplayScript(json: Self.document(startAt: text))
    }
  }

  @Test func actionsBecomeSteps() throws {
    let script = try ReplayScript(
      json: Self.document(
        actions: #"""
          { "do": "start" }, { "do": "begin" },
          { "do": "setValue", "exerciseId": "ex_bench", "setNumber": 1, "field": "weight",
            "value": "62,5" },
          { "do": "toggleSet", "exerciseId": "ex_bench", "setNumber": 1 },
          { "do": "substitute", "exerciseId": "ex_bench", "option": "ex_db_bench" },
          { "do": "satisfyTechniquePrompt", "exerciseId": "ex_db_bench" },
          { "do": "wait", "seconds": 90.5 }, { "do": "finish" }
          """#))

    #expect(
      script.steps == [
        .start,
        .action(.begin),
        .action(.setValue(exerciseId: "ex_bench", setNumber: 1, field: .weight, value: "62,5")),
        .action(.toggleSet(exerciseId: "ex_bench", setNumber: 1)),
        .action(.substitute(exerciseId: "ex_bench", option: "ex_db_bench")),
        .action(.satisfyTechniquePrompt(exerciseId: "ex_db_bench", url: nil)),
        .wait(seconds: 90.5),
        .finish,
      ])
  }

  @Test func anOptionalArgumentMayBeNullAsTheDocsSay() throws {
    let script = try ReplayScript(
      json: Self.document(
        actions: #"""
          { "do": "restart", "after": null }, { "do": "restart" },
          { "do": "satisfyTechniquePrompt", "exerciseId": "ex_bench", "url": null }
          """#))

    #expect(
      script.steps == [
        .restart(after: 0), .restart(after: 0),
        .action(.satisfyTechniquePrompt(exerciseId: "ex_bench", url: nil)),
      ])
  }

  @Test(arguments: [
    (#"{ "do": "jump" }"#, #"unknown action "jump""#),
    (#"{ "do": "addSet" }"#, "addSet: exerciseId is missing"),
    (#"{ "do": "removeSet", "exerciseId": "ex_bench" }"#, "removeSet: setNumber is missing"),
    (
      #"{ "do": "toggleSet", "exerciseId": 7, "setNumber": 1 }"#,
      "toggleSet: exerciseId is not text"
    ),
    (#"{ "do": "wait" }"#, #"wait needs "seconds", a number from 0 to 604800"#),
    (#"{ "do": "wait", "seconds": "90" }"#, #"wait needs "seconds", a number from 0 to 604800"#),
    (#"{ "do": "wait", "seconds": 604801 }"#, #"wait needs "seconds", a number from 0 to 604800"#),
    (#"{ "exerciseId": "ex_bench" }"#, #""do" is missing or not text"#),
    (#""begin""#, "is not an object"),
  ])
  func badActionNamesItsIndexAndProblem(_ action: String, _ problem: String) {
    #expect(throws: ReplayScriptError(actionIndex: 2, problem: problem)) {
      try ReplayScript(
        json: Self.document(actions: #"{ "do": "start" }, { "do": "begin" }, "# + action))
    }
  }

  @Test func malformedDocumentHasNoActionIndex() throws {
    let error = #expect(throws: ReplayScriptError.self) {
      try ReplayScript(json: Data(#"{ "workouts": "#.utf8))
    }
    #expect(error?.actionIndex == nil)
    #expect(error?.problem.hasPrefix("(document) is not valid JSON") == true)
  }

  @Test func missingTopLevelFieldIsNamed() {
    #expect(throws: ReplayScriptError(actionIndex: nil, problem: "actions is missing")) {
      try ReplayScript(
        json: Data(
          #"{ "workouts": { "plans": [] }, "dayId": "d", "startAt": "2026-01-05T10:00:00Z" }"#
            .utf8))
    }
  }

  @Test func errorDescriptionLeadsWithTheActionIndex() {
    #expect(
      ReplayScriptError(actionIndex: 4, problem: "finish: no workout is open").description
        == "action 4: finish: no workout is open")
    #expect(
      ReplayScriptError(actionIndex: nil, problem: "dayId is missing").description
        == "dayId is missing")
  }
}
