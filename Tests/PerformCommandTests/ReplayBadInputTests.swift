import Foundation
import Testing

/// `perform replay` on scripts it cannot run: exit status 2 and one line on standard error that
/// names the action index and the problem; I/O failures exit 1.
@Suite struct ReplayBadInputTests {
  /// A script for one squat day with `actions` spliced in, and `fields` (more top-level fields,
  /// each followed by a comma) before them.
  static func script(fields: String = "", actions: String) -> Data {
    Data(
      """
      { "workouts": { "plans": [ { "id": "plan_1", "name": "Strength block", "days": [
          { "id": "day_legs", "label": "Day 2", "title": "Legs", "strength": [
            { "id": "row_1", "exerciseId": "ex_squat", "name": "Back squat", "sets": "2",
              "reps": "5", "rest": "2:00",
              "substitutes": [ { "exerciseId": "ex_front_squat", "name": "Front squat" } ] }
          ] } ] } ] },
        "dayId": "day_legs", "planId": "plan_1", "startAt": "2026-01-05T10:00:00Z", \(fields)
        "actions": [ \(actions) ] }
      """.utf8)
  }

  /// The squat day's first set checked: a rest of 2:00 runs.
  static let resting = #"""
    { "do": "start" }, { "do": "begin" },
    { "do": "toggleSet", "exerciseId": "ex_squat", "setNumber": 1 }
    """#

  static let replay = ReplayBadInput(command: ["replay"])

  static let badScripts: [BadReplayScript] = [
    BadReplayScript(
      testDescription: "bad JSON", script: Data(#"{ "workouts": { "plans": [ "#.utf8),
      message: "(document) is not valid JSON"),
    BadReplayScript(
      testDescription: "a missing field",
      script: script(
        actions: #"""
          { "do": "start" }, { "do": "begin" }, { "do": "toggleSet", "exerciseId": "ex_squat" }
          """#),
      message: "action 2: toggleSet: setNumber is missing"),
    BadReplayScript(
      testDescription: "a field of the wrong type",
      script: script(
        actions: #"""
          { "do": "start" }, { "do": "toggleSet", "exerciseId": "ex_squat", "setNumber": "1" }
          """#),
      message: "action 1: toggleSet: setNumber is not a number"),
    BadReplayScript(
      testDescription: "a field name that is not a set field",
      script: script(
        actions: #"""
          { "do": "start" },
          { "do": "setValue", "exerciseId": "ex_squat", "setNumber": 1, "field": "colour",
            "value": "red" }
          """#),
      message: #"action 1: setValue: field is "colour", not one of "weight", "reps", "rir""#),
    BadReplayScript(
      testDescription: "an unknown action",
      script: script(actions: #"{ "do": "start" }, { "do": "begin" }, { "do": "superset" }"#),
      message: #"action 2: unknown action "superset""#),
    BadReplayScript(
      testDescription: "an action without do",
      script: script(actions: #"{ "do": "start" }, { "exerciseId": "ex_squat" }"#),
      message: #"action 1: "do" is missing or not text"#),
    BadReplayScript(
      testDescription: "an unknown exercise",
      script: script(
        actions: #"""
          { "do": "start" }, { "do": "begin" },
          { "do": "toggleSet", "exerciseId": "ex_lunge", "setNumber": 1 }
          """#),
      message: "action 2: toggleSet: No exercise ex_lunge in this workout."),
    BadReplayScript(
      testDescription: "the prescribed id after a swap",
      script: script(
        actions: #"""
          { "do": "start" },
          { "do": "substitute", "exerciseId": "ex_squat", "option": "ex_front_squat" },
          { "do": "toggleSet", "exerciseId": "ex_squat", "setNumber": 1 }
          """#),
      message: "action 2: toggleSet: No exercise ex_squat in this workout."),
    BadReplayScript(
      testDescription: "an unknown set",
      script: script(
        actions: #"""
          { "do": "start" }, { "do": "removeSet", "exerciseId": "ex_squat", "setNumber": 7 }
          """#),
      message: "action 1: removeSet: Exercise ex_squat has no set 7."),
    BadReplayScript(
      testDescription: "a wait without seconds",
      script: script(actions: #"{ "do": "start" }, { "do": "begin" }, { "do": "wait" }"#),
      message: #"action 2: wait needs "seconds", a number from 0 to 604800"#),
    BadReplayScript(
      testDescription: "a negative wait",
      script: script(actions: #"{ "do": "start" }, { "do": "wait", "seconds": -5 }"#),
      message: #"action 1: wait needs "seconds""#),
    BadReplayScript(
      testDescription: "finish without a workout",
      script: script(actions: #"{ "do": "wait", "seconds": 60 }, { "do": "finish" }"#),
      message: "action 1: finish: no workout is open"),
    BadReplayScript(
      testDescription: "a missing top-level field",
      script: Data(
        #"{ "workouts": { "plans": [] }, "startAt": "2026-01-05T10:00:00Z", "actions": [] }"#.utf8),
      message: "dayId is missing"),
    BadReplayScript(
      testDescription: "a start time without a zone",
      script: Data(
        #"""
        { "workouts": { "plans": [] }, "dayId": "day_legs", "startAt": "2026-01-05 10:00",
          "actions": [] }
        """#.utf8),
      message: #"startAt "2026-01-05 10:00" is not an ISO 8601 time"#),
    BadReplayScript(
      testDescription: "a negative restart delay",
      script: script(actions: resting + #", { "do": "restart", "after": -20 }"#),
      message: #"action 3: restart: "after" must be a number from 0 to 604800"#),
    BadReplayScript(
      testDescription: "a restart delay as text",
      script: script(actions: resting + #", { "do": "restart", "after": "20" }"#),
      message: #"action 3: restart: "after" must be a number from 0 to 604800"#),
    BadReplayScript(
      testDescription: "a restart delay over a week",
      script: script(actions: resting + #", { "do": "restart", "after": 604801 }"#),
      message: #"action 3: restart: "after" must be a number from 0 to 604800"#),
    BadReplayScript(
      testDescription: "an adjustRest without seconds",
      script: script(actions: resting + #", { "do": "adjustRest" }"#),
      message: "action 3: adjustRest: seconds is missing"),
    BadReplayScript(
      testDescription: "an adjustRest by text",
      script: script(actions: resting + #", { "do": "adjustRest", "seconds": "15" }"#),
      message: "action 3: adjustRest: seconds is not a number"),
    BadReplayScript(
      testDescription: "notification configs that are not a list",
      script: script(
        fields: #""notificationConfigs": { "type": "REST_TIMER", "enabled": false },"#,
        actions: resting),
      message: "notificationConfigs is not a list"),
    BadReplayScript(
      testDescription: "a notification config without a type",
      script: script(
        fields: #"""
          "notificationConfigs": [ { "type": "REST_TIMER", "enabled": true },
            { "enabled": false, "titleTemplate": "Still there?" } ],
          """#,
        actions: resting),
      message: "notificationConfigs[1].type is missing"),
    BadReplayScript(
      testDescription: "a notification config switched by text",
      script: script(
        fields: #""notificationConfigs": [ { "type": "WORKOUT_IDLE", "enabled": "no" } ],"#,
        actions: resting),
      message: "notificationConfigs[0].enabled is not true or false"),
    BadReplayScript(
      testDescription: "a notification template that is not text",
      script: script(
        fields: #""notificationConfigs": [ { "type": "REST_TIMER", "bodyTemplate": 90 } ],"#,
        actions: resting),
      message: "notificationConfigs[0].bodyTemplate is not text"),
    BadReplayScript(
      testDescription: "a notification config that is not an object",
      script: script(fields: #""notificationConfigs": [ "REST_TIMER" ],"#, actions: resting),
      message: "notificationConfigs[0] is not an object"),
    BadReplayScript(
      testDescription: "notification permission as text",
      script: script(fields: #""notificationsAllowed": "yes","#, actions: resting),
      message: "notificationsAllowed is not true or false"),
  ]

  @Test(arguments: badScripts)
  func badScriptExitsTwoNamingTheProblem(_ bad: BadReplayScript) throws {
    try Self.replay.expectRefused(bad)
  }

  @Test func errorNamesTheScriptFile() throws {
    try Self.replay.expectErrorNamesTheFile(
      of: Self.script(actions: #"{ "do": "begin" }, { "do": "jump" }"#),
      message: #"action 1: unknown action "jump""#)
  }

  @Test func dashReadsTheScriptFromStandardInput() throws {
    try Self.replay.expectStandardInputReadsLike(
      PerformBinary.packageRoot.appendingPathComponent("examples/demo-workout.json"))
  }

  @Test func missingFileExitsOne() throws {
    try Self.replay.expectUnreadableFileExitsOne(
      PerformBinary.fixtures.appendingPathComponent("no-such-script.replay.json").path)
  }

  @Test(arguments: [
    ["replay"],
    ["replay", "first.replay.json", "second.replay.json"],
    ["replay", "-", "--speed", "2"],
    ["replay", "-", "--data-dir"],
  ])
  func wrongArgumentsExitTwoWithUsage(_ arguments: [String]) throws {
    try Self.replay.expectUsage(for: arguments, input: Self.script(actions: ""))
  }
}
