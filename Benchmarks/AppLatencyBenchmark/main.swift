import BenchmarkSupport
import Foundation

// Key-to-frame latency of the terminal app, end to end
// (docs/decisions/the-terminal-app-and-the-perform-command.md, "Key-to-frame latency").
//
// Workload: the release `perform` binary in a pseudo-terminal of 110 x 50, on its embedded server
// with the demo trainee and a fresh data directory per round, driven through a whole workout as a
// person types it (WorkoutScript: Day 1 Push, 14 sets with weight and reps typed, 18 checks, most
// starting a rest (not a superset's first half), 4 unchecks, 2 rests skipped, the technique prompt
// skipped, the finish asked for): 118 timed keys a round. Each key is typed once the frame of the
// one before has arrived and the screen has been quiet for 2 ms, after a think time drawn from a
// fixed seed: 10-30 ms after most keys, 0-600 ms after a check (`--think-after-check`), so the
// key after a check meets whatever the app does in the background once a rest has started (the
// journal's sync, the rest-over alert and reminders being scheduled, the rest's ticks).
//
// When a key's frame has arrived: the screen rebuilt from the app's bytes (ScreenModel) shows the
// change the key must make (its `Expectation`: the selected set's row, its place or the cursor
// changed, or a text appeared or went), and the read that completed it is followed by no byte
// for 1 ms (the rest of the renderer's one write, which a pseudo-terminal may hand over in
// pieces). The latency runs from the return of the key's write(2) on the emulator's side to the
// return of that last read. The clocks' own redraws cannot pass for a key's frame, nor stretch
// it: they change neither the selected row nor the cursor, and the run stops when a key's change
// is on screen before the key. A definition by quiet alone ("no byte for N ms") would fold the
// 1 Hz clock redraws, two of them during a rest, into the key's latency.
//
// Prints p50, p99 and max for every key, for the first key after a check, for the other keys,
// for the checks themselves and for the first key after an uncheck; `--list-slow` lists each key
// of 16 ms or more. Goal: p99 under 16 ms (one frame at 60 Hz). Figures include the benchmark's
// own reads and the pseudo-terminal's kernel work: on a loaded machine they measure the machine
// too (docs/benchmarks.md).
//
// Workload two, the checks shape (`ChecksRun`): 80 x 24, the next workout started from Today,
// then `Space`, `k`, `Space`, `j` repeated, one key every `--gap` ms (600), `--keys` keys (200),
// each timed to the first byte the app writes back, as issue 29 measured it.
//
// The whole workout starts Day 1 Push from the workouts tab, whichever day the demo trainee
// has next.
//
// Usage: AppLatencyBenchmark [--perform PATH] [--shape workout|checks|both] [--rounds N]
// [--think-after-check MS] [--keys N] [--gap MS] [--list-slow]
// (defaults: .build/release/perform, both, 5 rounds, 600 ms, 200 keys, 600 ms)

let rows: UInt16 = 50
let columns: UInt16 = 110
var performPath = ".build/release/perform"
var rounds = 5
var thinkAfterCheck = 600
var listSlow = false
var shape = "both"
var checkKeys = 200
var gap = 600
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
  switch option {
  case "--perform": performPath = arguments.popFirst() ?? performPath
  case "--rounds": rounds = arguments.popFirst().flatMap { Int($0) } ?? rounds
  case "--list-slow": listSlow = true
  case "--shape" where ["workout", "checks", "both"].contains(arguments.first ?? ""):
    shape = arguments.popFirst()!
  case "--keys": checkKeys = arguments.popFirst().flatMap { Int($0) } ?? checkKeys
  case "--gap": gap = arguments.popFirst().flatMap { Int($0) } ?? gap
  case "--think-after-check":
    thinkAfterCheck = arguments.popFirst().flatMap { Int($0) } ?? thinkAfterCheck
  default:
    FileHandle.standardError.write(Data("unknown option \(option)\n".utf8))
    exit(2)
  }
}

if shape != "checks" {
  var random = SeededRandom(seed: 0x5EED_1A7E)
  var samples = LatencySamples()
  for round in 1...rounds {
    do {
      var run = try WorkoutRun(binary: performPath, rows: rows, columns: columns)
      try run.play(
        WorkoutScript.keys, thinkAfterCheck: thinkAfterCheck, listSlow: listSlow,
        into: &samples, random: &random)
      print("round \(round): \(samples.all.count) keys so far")
    } catch {
      FileHandle.standardError.write(Data("round \(round): \(error)\n".utf8))
      exit(1)
    }
  }
  print("\nThe whole workout (110 x 50, Day 1 Push):")
  samples.report()
}
if shape != "workout" {
  var samples = ChecksSamples()
  do {
    var run = try ChecksRun(binary: performPath)
    try run.play(
      keys: checkKeys, gap: .milliseconds(gap), listSlow: listSlow, into: &samples)
  } catch {
    FileHandle.standardError.write(Data("checks: \(error)\n".utf8))
    exit(1)
  }
  print("\nThe checks shape (80 x 24, Space k Space j, \(gap) ms apart):")
  samples.report()
}
