import BenchmarkSupport
import Foundation

/// The checks shape: the app on a terminal of the default 80 x 24, the next workout started
/// from Today (`Enter`, whichever day is next), then `Space`, `k`, `Space`, `j` over and over,
/// one key every `gap`. A key is timed from the return of its write to the return of the first
/// read that brings any byte back, whatever it is (a frame, the cursor said again, or a clock's
/// redraw): the shape of the report in issue 29 that found p99 of 400 ms.
///
/// Each key is also sorted by what its answer did: whether the selected set's row or its place
/// changed with the first write that came back. A key that changes nothing (`k` on the first set)
/// has no frame to wait for: before every key was answered, its first byte was the next clock
/// redraw (docs/decisions/the-terminal-app-and-the-perform-command.md, "Key-to-frame latency").
struct ChecksRun {
  static let rows: UInt16 = 24
  static let columns: UInt16 = 80
  static let pattern: [[UInt8]] = [[32], Array("k".utf8), [32], Array("j".utf8)]

  let app: AppInPseudoTerminal
  private var screen = ScreenModel(rows: Int(rows))

  init(binary: String) throws {
    app = try AppInPseudoTerminal(binary: binary, rows: Self.rows, columns: Self.columns)
  }

  /// Plays `count` keys `gap` apart into `samples`; `listSlow` prints each key of 16 ms or more.
  mutating func play(
    keys count: Int, gap: Duration, listSlow: Bool, into samples: inout ChecksSamples
  ) throws {
    try app.waitFor("Next workout:", on: &screen, within: .seconds(30))
    app.settle(&screen, for: .milliseconds(300))
    _ = app.type([13])
    try app.waitFor("╭", on: &screen, within: .seconds(10))
    app.settle(&screen, for: .seconds(1))
    for index in 0..<count {
      let key = Self.pattern[index % Self.pattern.count]
      let before = screen.selectedRow
      let sent = app.type(key)
      guard let (bytes, at) = app.read(within: .seconds(5)) else {
        throw BenchmarkFailure("no byte for key \(index) \(key) within 5 s\n\(screen.dump)")
      }
      screen.feed(bytes)
      // The rest of that write (a pseudo-terminal may hand it over in pieces), then what it did.
      app.settle(&screen, for: .milliseconds(1))
      let changed = screen.selectedRow != before
      app.settle(&screen, for: gap)
      samples.add(at - sent, changed: changed)
      if listSlow, at - sent >= .milliseconds(16) {
        print(
          String(
            format: "  slow: key %d %@ (%@) %.1f ms", index,
            key == [32] ? "Space" : String(decoding: key, as: UTF8.self),
            changed ? "changed the screen" : "changed nothing", (at - sent).microseconds / 1000))
      }
    }
    _ = app.type(Array("X".utf8))
    try app.waitFor("Discard the workout", on: &screen, within: .seconds(10))
    _ = app.type(Array("y".utf8))
    try app.waitFor("No workout in progress", on: &screen, within: .seconds(10))
    _ = app.type(Array("q".utf8))
    guard app.finish(timeout: .seconds(30)) == 0 else {
      throw BenchmarkFailure("perform did not exit with status 0 after q")
    }
  }

}

/// The checks shape's first-byte latencies, by whether the key changed the screen.
struct ChecksSamples {
  private(set) var all: [Duration] = []
  private(set) var changed: [Duration] = []
  private(set) var unchanged: [Duration] = []

  mutating func add(_ latency: Duration, changed isChanged: Bool) {
    all.append(latency)
    if isChanged { changed.append(latency) } else { unchanged.append(latency) }
  }

  func report() {
    print("")
    print(
      "first byte after a key, ms        keys      p50      p99      max  >= 16 ms  p99 < 16 ms")
    for (label, values) in [
      ("every key", all), ("keys that changed the screen", changed),
      ("keys that changed nothing", unchanged),
    ] where !values.isEmpty {
      LatencySamples.printRow(label, values)
    }
  }
}
