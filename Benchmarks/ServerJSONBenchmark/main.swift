import BenchmarkSupport
import Foundation
import JSONWire
import TraineeAPI
import TraineeData
import TraineeServer

// Workload: the bodies `make bench-server` sends (Benchmarks/server/workouts_log.lua: the demo's
// Push day, 14 sets; nutrition_day.lua: a half-eaten training day), each decoded as the server
// reads a request body, checked by `StrictJSON` first, then decoded with the server's checks:
// by Foundation's `JSONDecoder` (how the server read bodies before) and by `JSONTreeDecoder` from
// the tree `StrictJSON` keeps (how it reads them now); and the log as stored, encoded by
// `JSONEncoder` (before) and by `LogWorkoutPayload.storedJSON` (now), which write the same
// bytes. Each operation is timed on its own, `rounds` times after a warm-up. Prints the
// figures in microseconds and the ratio now / before.

let rounds = 20_000

let logBody = BenchmarkBodies.pushDayLog

let key = "2026-10-29__"
let dayData = Data(
  (#"{"eaten":{"\#(key)it_oats":true,"\#(key)it_skyr":true,"\#(key)it_chicken":true,"#
    + #""\#(key)it_rice":true},"swaps":{"\#(key)it_chicken":"o_tofu"},"#
    + #""removed":{"\#(key)it_salmon":false},"#
    + #""portions":{"\#(key)it_rice":{"foodId":"f_rice","qty":200}},"#
    + #""aiMeals":{"\#(key)m_lunch":[{"id":"ai_1","name":"Apple","kcal":78,"protein":0.4,"#
    + #""carbs":20.6,"fat":0.3,"qty":150,"unit":"g","source":"photo"}]},"#
    + #""mealStatus":{"\#(key)m_breakfast":"PLANNED","\#(key)m_lunch":"PLANNED"},"#
    + #""replacement":{},"removedMeals":{},"#
    + #""customMeals":{"\#(key)c_snack":{"id":"c_snack","label":"Afternoon snack","#
    + #""source":"manual","items":[{"id":"p_1","name":"Greek yoghurt","kcal":146,"protein":20,"#
    + #""carbs":8,"fat":4,"qty":200,"unit":"g"},{"id":"p_2","name":"Walnuts","kcal":196,"#
    + #""protein":4.6,"carbs":4.1,"fat":19.6,"qty":30,"unit":"g"}]}}}"#).utf8)

/// Times `operation` `rounds` times, after as many untimed runs.
func measure<T>(_ operation: () throws -> T) rethrows -> Figures {
  let clock = ContinuousClock()
  var samples: [Duration] = []
  samples.reserveCapacity(rounds)
  for _ in 0..<rounds { _ = try operation() }
  for _ in 0..<rounds {
    let start = clock.now
    _ = try operation()
    samples.append(clock.now - start)
  }
  return Figures(samples)
}

func foundation<T: Decodable>(_ type: T.Type, _ body: Data) throws -> T {
  try StrictJSON.validate(body)
  let decoder = JSONDecoder()
  decoder.userInfo[.checkedInput] = true
  return try decoder.decode(type, from: body)
}

func tree<T: Decodable>(_ type: T.Type, _ body: Data) throws -> T {
  try JSONTreeDecoder.decode(type, from: StrictJSON.parse(body), userInfo: [.checkedInput: true])
}

let payload = try tree(LogWorkoutPayload.self, logBody)
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let foundationLog = try foundation(LogWorkoutPayload.self, logBody)
let foundationDay = try foundation(NutritionDaySnapshot.self, dayData)
let treeDay = try tree(NutritionDaySnapshot.self, dayData)
let encoded = String(decoding: try encoder.encode(payload), as: UTF8.self)
precondition(foundationLog == payload && foundationDay == treeDay && encoded == payload.storedJSON)

print(
  "Server JSON: \(rounds) rounds each; log body \(logBody.count) B, day data \(dayData.count) B;"
    + " times in microseconds, ratio = now / before")
print(
  ComparisonTable.heading(
    label: "operation",
    sizes: "  before (Foundation)                   |  now (StrictJSON tree, by hand)"))
print(
  ComparisonTable.row(
    "decode the log body", try measure { try foundation(LogWorkoutPayload.self, logBody) },
    try measure { try tree(LogWorkoutPayload.self, logBody) }))
// How the server reads a log now (PlainTreeDecodable), against the tree decoder it falls back to.
let logTree = try StrictJSON.parse(logBody)
precondition(LogWorkoutPayload(plainTree: logTree) == payload)
print(
  ComparisonTable.row(
    "log: tree decoder -> one pass", try measure { try tree(LogWorkoutPayload.self, logBody) },
    try measure { () throws -> LogWorkoutPayload? in
      LogWorkoutPayload(plainTree: try StrictJSON.parse(logBody))
    }))
print(
  ComparisonTable.row(
    "decode the day's data", try measure { try foundation(NutritionDaySnapshot.self, dayData) },
    try measure { try tree(NutritionDaySnapshot.self, dayData) }))
// How the server checks a day save's body now (PlainDayBody.swift), against the tree decoder it
// falls back to.
let dayBody = Data(#"{"date":"2026-10-29","data":"#.utf8) + dayData + Data("}".utf8)
let checkedDay = DayBody(date: "2026-10-29", hasData: true, sendsPortions: true)
let plainDay = DayBody(plainTree: try StrictJSON.parse(dayBody))
let treeDayBody = try tree(DayBody.self, dayBody)
precondition(plainDay == checkedDay && treeDayBody == checkedDay)
print(
  ComparisonTable.row(
    "day: tree decoder -> one-pass check", try measure { try tree(DayBody.self, dayBody) },
    try measure { () throws -> DayBody? in DayBody(plainTree: try StrictJSON.parse(dayBody)) }))
print(
  ComparisonTable.row(
    "encode the log as stored", try measure { try encoder.encode(payload) },
    measure { payload.storedJSON }))
let page = WorkoutHistoryDto(
  workouts: (0..<50).map { index in
    WorkoutLogDto(
      id: String(9_000 + index), workoutNumber: 950 + index, loggedAt: "2026-11-30T07:06:00.123Z",
      programId: "plan_strength", dayId: "day_push", label: "Push", durationSec: 4210,
      completed: true, exerciseCount: 5, doneSetCount: 14, volumeKg: 4_217, entries: nil)
  }, nextCursor: "1764486360000.9049")
let encodedPage = Array(try encoder.encode(page))
precondition(encodedPage == page.answerJSON)
print(
  ComparisonTable.row(
    "encode a history page of 50", try measure { try encoder.encode(page) },
    measure { page.answerJSON }))
let parse = try measure { try StrictJSON.parse(logBody) }
print(
  String(
    format: "StrictJSON alone on the log body (in both decode rows): mean %.1f, p50 %.1f",
    parse.mean.microseconds, parse.p50.microseconds))
