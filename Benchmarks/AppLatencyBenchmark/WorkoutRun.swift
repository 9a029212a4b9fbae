import BenchmarkSupport
import Foundation

/// One round: the app started fresh, the day started, the script typed, the workout finished and
/// the app quit.
struct WorkoutRun {
  let app: AppInPseudoTerminal
  private var screen: ScreenModel
  private let clock = ContinuousClock()
  static let keyTimeout = Duration.seconds(5)

  init(binary: String, rows: UInt16, columns: UInt16) throws {
    app = try AppInPseudoTerminal(binary: binary, rows: rows, columns: columns)
    screen = ScreenModel(rows: Int(rows))
  }

  mutating func play(
    _ keys: [ScriptedKey], thinkAfterCheck: Int, listSlow: Bool, into samples: inout LatencySamples,
    random: inout SeededRandom
  ) throws {
    try startPushDay()
    var previous = KeyKind.plain
    for (index, key) in keys.enumerated() {
      let think =
        previous == .check ? random.next(upTo: thinkAfterCheck) : 10 + random.next(upTo: 20)
      app.settle(&screen, for: .milliseconds(think))
      let latency = try press(key)
      samples.add(latency, kind: key.kind, afterCheck: previous == .check)
      if listSlow, latency >= .milliseconds(16) {
        print(
          String(
            format: "  slow: key %d %@ (%@) %.1f ms", index, key.name,
            previous == .check ? "first after a check" : "\(key.kind)",
            latency.microseconds / 1000))
      }
      previous = key.kind
    }
    // The finish posts the log to the embedded server: timed elsewhere (make bench-server).
    _ = app.type(Array("y".utf8))
    try app.waitFor("Workout complete!", on: &screen, within: .seconds(30))
    _ = app.type([13])
    try app.waitFor("Next workout:", on: &screen, within: .seconds(10))
    _ = app.type(Array("q".utf8))
    guard app.finish(timeout: .seconds(30)) == 0 else {
      throw BenchmarkFailure("perform did not exit with status 0 after q")
    }
  }

  /// Opens the workouts tab and starts Day 1 Push, whichever day is next (not timed: it asks
  /// the embedded server).
  private mutating func startPushDay() throws {
    try app.waitFor("Next workout:", on: &screen, within: .seconds(30))
    _ = app.type(Array("2".utf8))
    try app.waitFor("Push — Chest", on: &screen, within: .seconds(10))
    var moves = 0
    while !screen.selectedRowShows("Push") {
      guard moves < 20 else {
        throw BenchmarkFailure("Day 1 Push cannot be selected\n\(screen.dump)")
      }
      _ = try press(ScriptedKey(bytes: Array("j".utf8), expectation: .selectionChanges))
      moves += 1
    }
    _ = try press(ScriptedKey(bytes: [13], expectation: .shows("⏱")))
    try app.waitFor("╭", on: &screen, within: .seconds(10))
  }

  /// Types `key` and returns the time until its frame arrived (see main.swift).
  private mutating func press(_ key: ScriptedKey) throws -> Duration {
    app.settle(&screen, for: .milliseconds(2))
    let before = screen.selection
    if satisfied(key.expectation, before: before) {
      throw BenchmarkFailure("\(key.expectation) holds before the key \(key.bytes)\n\(screen.dump)")
    }
    let sent = app.type(key.bytes)
    let deadline = sent.advanced(by: Self.keyTimeout)
    var arrived: ContinuousClock.Instant?
    while arrived == nil {
      guard let (bytes, at) = app.read(within: deadline - clock.now) else {
        throw BenchmarkFailure(
          "no frame for the key \(key.bytes) (\(key.expectation))\n\(screen.dump)")
      }
      screen.feed(bytes)
      if satisfied(key.expectation, before: before) { arrived = at }
    }
    while let (bytes, at) = app.read(within: .milliseconds(1)) {
      screen.feed(bytes)
      arrived = at
    }
    return arrived! - sent
  }

  private func satisfied(_ expectation: Expectation, before: [UInt8]) -> Bool {
    switch expectation {
    case .selectionChanges: screen.selection != before
    case .shows(let text): screen.shows(text)
    case .hides(let text): !screen.shows(text)
    }
  }

}
