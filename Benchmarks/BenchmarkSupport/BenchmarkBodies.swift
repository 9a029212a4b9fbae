import Foundation

private func strength(
  _ number: Int, _ reps: Int, _ target: Int, _ weight: String, _ rir: String?
)
  -> String
{
  #"{"setNumber":\#(number),"reps":\#(reps),"targetReps":\#(target),"weight":\#(weight),"#
    + #""rir":\#(rir.map { "\"\($0)\"" } ?? "null"),"rm":null,"done":true}"#
}

private func entry(_ id: String, _ name: String, _ tempo: String?, _ sets: [String]) -> String {
  #"{"exerciseId":"\#(id)","name":"\#(name)","done":true,"tempo":"#
    + (tempo.map { "\"\($0)\"" } ?? "null") + #","sets":[\#(sets.joined(separator: ","))]}"#
}

/// The bodies the server benchmarks send.
public enum BenchmarkBodies {
  /// `POST /v1/trainee/workouts/log` as Benchmarks/server/workouts_log.lua sends it: the demo's
  /// Push day finished (warm-up, working and failure sets, a superset, a bike block), 14 sets.
  public static let pushDayLog = Data(
    (#"{"programId":"plan_strength","dayId":"day_push","label":"Push","durationSec":4210,"#
      + #""completed":true,"entries":["#
      + [
        entry(
          "ex_bench", "Bench press", "3-0-1-0",
          [
            strength(1, 10, 10, "40", nil), strength(2, 8, 8, "60", "2"),
            strength(3, 7, 8, "60", "1"), strength(4, 9, 0, "55", "0"),
          ]),
        entry(
          "ex_incline_db", "Incline dumbbell press", nil,
          [
            strength(1, 12, 12, "22", "2"), strength(2, 11, 12, "22", "1"),
            strength(3, 10, 12, "22", "1"),
          ]
        ),
        entry(
          "ex_dips", "Dips", nil,
          [
            strength(1, 12, 12, "null", "2"), strength(2, 10, 12, "null", "1"),
            strength(3, 9, 12, "null", "0"),
          ]),
        entry(
          "ex_pushdown", "Cable pushdown", nil,
          [
            strength(1, 15, 15, "25", "2"), strength(2, 14, 15, "25", "1"),
            strength(3, 12, 15, "27.5", "0"),
          ]),
        entry(
          "ex_bike", "Bike", nil,
          [#"{"setNumber":1,"durationSec":600,"distanceKm":5.2,"rpe":"6","done":true}"#]),
      ].joined(separator: ",") + "]}").utf8)
}
