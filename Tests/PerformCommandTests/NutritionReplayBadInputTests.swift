import Foundation
import Testing

/// `perform nutrition replay` on scripts it cannot run: exit status 2 and one line on standard
/// error that names the action index and the problem; a file that cannot be read exits 1.
@Suite struct NutritionReplayBadInputTests {
  /// A script on one plan day (item `it1` with options `o1` and `o2`, meal `m1`) with `fields`
  /// (each followed by a comma) and `actions` spliced in.
  static func script(fields: String = "", actions: String) -> Data {
    Data(
      """
      { "timeZone": "Europe/Berlin", "startAt": "2026-01-05T11:00:00Z",
        "plans": { "plans": [ { "id": "np1", "name": "Cut", "days": [ { "id": "nd1",
          "meals": [ { "id": "m1", "name": "Breakfast", "items": [ { "id": "it1", "options": [
            { "id": "o1", "name": "Oats" }, { "id": "o2", "name": "Muesli" } ] } ] } ] } ] } ] },
        \(fields)
        "actions": [ \(actions) ] }
      """.utf8)
  }

  static let viewing = #"{ "do": "view", "planId": "np1", "dayId": "nd1" }"#

  static let replay = ReplayBadInput(command: ["nutrition", "replay"])

  static let badScripts: [BadReplayScript] = [
    BadReplayScript(
      testDescription: "bad JSON", script: Data(#"{ "timeZone": "#.utf8),
      message: "(document) is not valid JSON"),
    BadReplayScript(
      testDescription: "no time zone",
      script: Data(#"{ "startAt": "2026-01-05T11:00:00Z", "actions": [] }"#.utf8),
      message: "timeZone is missing"),
    BadReplayScript(
      testDescription: "an unknown time zone",
      script: Data(
        #"{ "timeZone": "Mars/Olympus", "startAt": "2026-01-05T11:00:00Z", "actions": [] }"#
          .utf8),
      message: #"timeZone "Mars/Olympus" is not a known IANA time zone"#),
    BadReplayScript(
      testDescription: "a start time without a zone",
      script: Data(
        #"{ "timeZone": "Europe/Berlin", "startAt": "2026-01-05 11:00", "actions": [] }"#.utf8),
      message: #"startAt "2026-01-05 11:00" is not an ISO 8601 time"#),
    BadReplayScript(
      testDescription: "a server day keyed by a day key, not a date",
      script: script(fields: #""serverDays": { "2026-0-5": {} },"#, actions: ""),
      message: #"serverDays: "2026-0-5" is not a date written YYYY-MM-DD."#),
    BadReplayScript(
      testDescription: "a server day with a map of the wrong type",
      script: script(fields: #""serverDays": { "2026-01-05": { "eaten": [] } },"#, actions: ""),
      message: "serverDays.2026-01-05.eaten is not an object"),
    BadReplayScript(
      testDescription: "plans of the wrong shape",
      script: Data(
        #"""
        { "timeZone": "Europe/Berlin", "startAt": "2026-01-05T11:00:00Z",
          "plans": { "plans": [ { "id": "np1" } ] }, "actions": [] }
        """#.utf8),
      message: "plans.plans[0].name is missing"),
    BadReplayScript(
      testDescription: "an action without do",
      script: script(actions: #"{ "do": "mount" }, { "itemId": "it1" }"#),
      message: #"action 1: "do" is missing or not text"#),
    BadReplayScript(
      testDescription: "an unknown action",
      script: script(actions: #"{ "do": "mount" }, { "do": "eat", "itemId": "it1" }"#),
      message: #"action 1: unknown action "eat""#),
    BadReplayScript(
      testDescription: "a missing field",
      script: script(actions: #"{ "do": "mount" }, { "do": "tick" }"#),
      message: "action 1: tick: itemId is missing"),
    BadReplayScript(
      testDescription: "a flag as text",
      script: script(actions: #"{ "do": "tick", "itemId": "it1", "eaten": "yes" }"#),
      message: "action 0: tick: eaten is not true or false"),
    BadReplayScript(
      testDescription: "a swap without its option",
      script: script(actions: #"{ "do": "swap", "itemId": "it1" }"#),
      message: "action 0: swap: optionId is missing (an option id, or null)"),
    BadReplayScript(
      testDescription: "half a portion",
      script: script(actions: #"{ "do": "portion", "itemId": "it1", "qty": 120 }"#),
      message: "action 0: portion: needs both foodId and qty"),
    BadReplayScript(
      testDescription: "a food with a macro as text",
      script: script(
        actions: #"""
          { "do": "addFood", "mealId": "m1", "item": { "id": "a1", "name": "Apple", "kcal": "52" } }
          """#),
      message: "action 0: addFood: item.kcal is not a number"),
    BadReplayScript(
      testDescription: "an unknown meal status",
      script: script(actions: #"{ "do": "mealStatus", "mealId": "m1", "status": "EATEN" }"#),
      message: #"action 0: mealStatus: status is "EATEN", not one of "PLANNED""#),
    BadReplayScript(
      testDescription: "a replacement left out",
      script: script(actions: #"{ "do": "replaceMeal", "mealId": "m1" }"#),
      message: "action 0: replaceMeal: replacement is missing (an object, or null)"),
    BadReplayScript(
      testDescription: "a composed meal without items of the right shape",
      script: script(
        actions: #"{ "do": "customMeal", "meal": { "id": "c1", "label": "Snack", "items": {} } }"#
      ),
      message: "action 0: customMeal: meal.items is not a list"),
    BadReplayScript(
      testDescription: "a date written as a day key",
      script: script(actions: #"{ "do": "selectDate", "date": "2026-0-4" }"#),
      message: #"action 0: selectDate: date: "2026-0-4" is not a date written YYYY-MM-DD."#),
    BadReplayScript(
      testDescription: "a network state that is not down or up",
      script: script(actions: #"{ "do": "network", "state": "slow" }"#),
      message: #"action 0: network: state must be "down" or "up""#),
    BadReplayScript(
      testDescription: "failNext of no requests",
      script: script(actions: #"{ "do": "failNext", "count": 0 }"#),
      message: "action 0: failNext: count must be a whole number from 1 to 100"),
    BadReplayScript(
      testDescription: "a latency of more than a minute",
      script: script(actions: #"{ "do": "latency", "seconds": 61 }"#),
      message: "action 0: latency: seconds must be a number from 0 to 60"),
    BadReplayScript(
      testDescription: "setClock with nothing to set",
      script: script(actions: #"{ "do": "setClock" }"#),
      message: #"action 0: setClock: needs "at", "timeZone" or both"#),
    BadReplayScript(
      testDescription: "setClock to an unknown zone",
      script: script(actions: #"{ "do": "setClock", "timeZone": "Europe/Atlantis" }"#),
      message: #"action 0: setClock: timeZone "Europe/Atlantis" is not a known IANA time zone"#),
    BadReplayScript(
      testDescription: "a negative wait",
      script: script(actions: #"{ "do": "mount" }, { "do": "wait", "seconds": -1 }"#),
      message: #"action 1: wait needs "seconds", a number from 0 to 604800"#),
    BadReplayScript(
      testDescription: "a second mount",
      script: script(
        actions: #"{ "do": "mount" }, { "do": "wait", "seconds": 1 }, { "do": "mount" }"#),
      message: "action 2: mount: the tab is mounted"),
    BadReplayScript(
      testDescription: "a plan day the plans do not have",
      script: script(actions: #"{ "do": "view", "planId": "np1", "dayId": "nd9" }"#),
      message: "action 0: view: plan np1 has no day nd9"),
    BadReplayScript(
      testDescription: "an item the plan day in view does not have",
      script: script(actions: viewing + #", { "do": "mount" }, { "do": "tick", "itemId": "it9" }"#),
      message: "action 2: tick: no item it9 in plan day nd1"),
    BadReplayScript(
      testDescription: "an option the item does not have",
      script: script(actions: viewing + #", { "do": "swap", "itemId": "it1", "optionId": "o9" }"#),
      message: "action 1: swap: item it1 has no option o9"),
    BadReplayScript(
      testDescription: "a meal the plan day in view does not have",
      script: script(actions: viewing + #", { "do": "removeMeal", "mealId": "m9" }"#),
      message: "action 1: removeMeal: no meal m9 in plan day nd1"),
  ]

  @Test(arguments: badScripts)
  func badScriptExitsTwoNamingTheProblem(_ bad: BadReplayScript) throws {
    try Self.replay.expectRefused(bad)
  }

  @Test func errorNamesTheScriptFile() throws {
    try Self.replay.expectErrorNamesTheFile(
      of: Self.script(actions: #"{ "do": "mount" }, { "do": "jump" }"#),
      message: #"action 1: unknown action "jump""#)
  }

  @Test func dashReadsTheScriptFromStandardInput() throws {
    try Self.replay.expectStandardInputReadsLike(
      NutritionReplayFixtureTests.golden.script("issue-example"))
  }

  @Test func anUnreadableFileExitsOne() throws {
    try Self.replay.expectUnreadableFileExitsOne("/nonexistent/day.replay.json")
  }

  @Test(arguments: [
    ["nutrition"], ["nutrition", "replay"], ["nutrition", "play", "x.json"],
    ["nutrition", "replay", "a.json", "b.json"], ["nutrition", "replay", "--data-dir", "d", "-"],
  ])
  func wrongArgumentsPrintTheUsageAndExitTwo(_ arguments: [String]) throws {
    try Self.replay.expectUsage(for: arguments)
  }
}
