import Foundation
import Testing

/// `kill -9` at any moment restores the state after the last completed action
/// (docs/decisions/the-live-workout.md, "Crash recovery: a journal, not a rewrite per action"),
/// checked on the real binary: `perform session apply` is fed a long workout and killed, then
/// `perform session show` must print exactly the workout of the first `k` actions, `k` at least the
/// last acknowledged one and at most the last one written.
@Suite(.serialized) struct CrashRecoveryTests {
  /// When the child is killed: once `acks` actions are acknowledged and `inFlight` more lines are
  /// written (0: right after an acknowledgement, nothing pending). Until then up to
  /// `max(inFlight, 1)` lines are ahead of the acknowledgements.
  struct KillPoint: Sendable, CustomTestStringConvertible {
    var acks: Int
    var inFlight: Int
    var testDescription: String { "after \(acks) acks, \(inFlight) in flight" }
  }

  /// Around the start, mid-stream, and around the snapshots `perform` writes in the background
  /// every 200 actions.
  static let killPoints: [KillPoint] = [
    KillPoint(acks: 0, inFlight: 0), KillPoint(acks: 0, inFlight: 40),
    KillPoint(acks: 1, inFlight: 0), KillPoint(acks: 57, inFlight: 0),
    KillPoint(acks: 123, inFlight: 5), KillPoint(acks: 190, inFlight: 30),
    KillPoint(acks: 199, inFlight: 1),
    KillPoint(acks: 200, inFlight: 0), KillPoint(acks: 201, inFlight: 64),
    KillPoint(acks: 395, inFlight: 20), KillPoint(acks: 399, inFlight: 3),
    KillPoint(acks: 400, inFlight: 0),
    KillPoint(acks: 512, inFlight: 88), KillPoint(acks: 599, inFlight: 1),
  ]

  static let script = CrashRecoveryScript(actionCount: 600, seed: 2026)

  @Test(arguments: killPoints)
  func killedApplyRestoresAPrefixHoldingEveryAcknowledgedAction(at point: KillPoint) throws {
    try withScratchDirectory { scratch in
      let killed = scratch.appendingPathComponent("killed")
      let lines = Self.script.lines
      let child = try SessionApplyChild(
        dataDirectory: killed, now: fixedNow,
        errorLog: scratch.appendingPathComponent("apply.err"))
      var written = 0
      var acknowledged = 0
      func write(upTo count: Int) throws {
        while written < min(count, lines.count) {
          try child.send(lines[written])
          written += 1
        }
      }
      while acknowledged < point.acks {
        try write(upTo: acknowledged + max(point.inFlight, 1))
        let reply = try child.readLine()
        guard reply == "ok \(acknowledged + 1)" else {
          try? child.kill()
          Issue.record("line \(acknowledged + 1): \(reply ?? "EOF"); \(child.errors)")
          return
        }
        acknowledged += 1
      }
      try write(upTo: acknowledged + point.inFlight)
      try child.kill()
      // Acknowledgements the child printed before it died but the test had not read yet.
      for reply in try child.remainingLines() {
        guard reply == "ok \(acknowledged + 1)" else {
          Issue.record("line \(acknowledged + 1): \(reply); \(child.errors)")
          return
        }
        acknowledged += 1
      }

      let shown = try perform(["session", "show", "--data-dir", killed.path])
      #expect(shown.status == 0)
      #expect(
        shown.stderr.isEmpty || shown.stderr.hasPrefix("perform: Dropped an action cut short"),
        "\(shown.stderr)")
      let restored = try savedSequence(killed, shown: shown.stdout)
      #expect(restored >= acknowledged, "written \(written)")
      #expect(restored <= written, "acknowledged \(acknowledged)")
      let expected = try workout(
        after: lines.prefix(restored), in: scratch.appendingPathComponent("reference"))
      #expect(String(decoding: shown.stdout, as: UTF8.self) == expected)
    }
  }

  @Test func everyScriptedActionChangesTheWorkout() throws {
    try withScratchDirectory { scratch in
      let lines = Self.script.lines
      let applied = try perform(
        ["session", "apply", "--data-dir", scratch.path], input: lines)
      #expect(applied.status == 0, "\(applied.stderr)")
      #expect(applied.stdout == acknowledgements(lines.count))
    }
  }

  @Test func showOfACorruptSnapshotReportsItOnStandardErrorAndKeepsTheFile() throws {
    try withScratchDirectory { scratch in
      let workout = scratch.appendingPathComponent("workout-session")
      try FileManager.default.createDirectory(at: workout, withIntermediateDirectories: true)
      let damaged = Data(#"{"schemaVersion":1,"sequence":3,"state":{"ses"#.utf8)
      try damaged.write(to: workout.appendingPathComponent("session.json"))

      let shown = try perform(["session", "show", "--data-dir", scratch.path])

      #expect(shown.status == 0)
      #expect(shown.stderr.hasPrefix("perform: Saved workout could not be read (session.json: "))
      let kept = try FileManager.default.contentsOfDirectory(atPath: workout.path)
        .filter { $0.hasPrefix("session.json.unreadable-") }
      #expect(kept.count == 1)
      #expect(kept.allSatisfy { shown.stderr.contains($0) })
      #expect(
        try kept.map { try Data(contentsOf: workout.appendingPathComponent($0)) } == [damaged])
      let document = try JSONSerialization.jsonObject(with: Data(shown.stdout)) as? [String: Any]
      #expect(document.map { $0["session"] == nil || $0["session"] is NSNull } == true)
    }
  }

  @Test func showAfterAnActionCutShortReportsItAndKeepsTheOthers() throws {
    try withScratchDirectory { scratch in
      let lines = Array(Self.script.lines.prefix(5))
      _ = try perform(["session", "apply", "--data-dir", scratch.path], input: lines)
      let journal = scratch.appendingPathComponent("workout-session/journal-1.jsonl")
      let handle = try FileHandle(forWritingTo: journal)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(#"{"v":1,"seq":6,"at":17676"#.utf8))
      try handle.close()

      let shown = try perform(["session", "show", "--data-dir", scratch.path])

      #expect(shown.status == 0)
      #expect(
        shown.stderr
          == "perform: Dropped an action cut short by a crash at the end of journal-1.jsonl.\n")
      let reference = scratch.appendingPathComponent("reference")
      #expect(
        String(decoding: shown.stdout, as: UTF8.self)
          == (try workout(after: lines[...], in: reference)))
    }
  }

  @Test func badLinesToApplyAreReportedByNumberAndChangeNothing() throws {
    try withScratchDirectory { scratch in
      let good = Array(Self.script.lines.prefix(4))
      let input = [
        good[0], good[1], "{ not json", good[2],
        #"{"do":"jump","exerciseId":"ex_1"}"#, #"{"do":"toggleSet","exerciseId":"ex_1"}"#,
        #"{"do":"toggleSet","exerciseId":"ex_missing","setNumber":1}"#, good[3],
      ]

      let applied = try perform(["session", "apply", "--data-dir", scratch.path], input: input)

      #expect(applied.status == 2)
      let replies = String(decoding: applied.stdout, as: UTF8.self).split(separator: "\n")
      #expect(replies.count == 5)
      #expect(Array(replies.prefix(3)) == ["ok 1", "ok 2", "ok 3"])
      #expect(replies.dropFirst(3).first?.hasPrefix("refused unknownExercise") == true)
      #expect(replies.last == "ok 4")
      let errors = applied.stderr.split(separator: "\n")
      #expect(errors.count == 3, "\(applied.stderr)")
      let places = errors.map { String($0.prefix("perform: line 3:".count)) }
      #expect(places == ["perform: line 3:", "perform: line 5:", "perform: line 6:"])
      #expect(applied.stderr.contains("jump"))
      let shown = try perform(["session", "show", "--data-dir", scratch.path])
      let reference = scratch.appendingPathComponent("reference")
      #expect(
        String(decoding: shown.stdout, as: UTF8.self)
          == (try workout(after: good[...], in: reference)))
    }
  }
}

// MARK: - Running perform

/// The clock every run of `perform` reads, so replays of the same actions are identical.
private let fixedNow = "2026-01-05T10:00:00Z"

/// Runs `perform arguments --now fixedNow`, feeding `input` one line each.
private func perform(
  _ arguments: [String], input: [String]? = nil
) throws -> PerformBinary.Output {
  let data = input.map { Data($0.map { $0 + "\n" }.joined().utf8) }
  return try PerformBinary.run(arguments + ["--now", fixedNow], input: data)
}

private func acknowledgements(_ count: Int) -> Data {
  Data((0..<count).map { "ok \($0 + 1)\n" }.joined().utf8)
}

/// The sequence number the journal in `dataDirectory` continues from, asked the way a front end
/// would: a `start` of the open workout changes nothing and is acknowledged with it.
private func savedSequence(_ dataDirectory: URL, shown: Data) throws -> Int {
  let document = try JSONSerialization.jsonObject(with: shown) as? [String: Any]
  guard let session = document?["session"], !(session is NSNull) else { return 0 }
  let probe = try perform(
    ["session", "apply", "--data-dir", dataDirectory.path],
    input: [CrashRecoveryScript.startLine()])
  let reply = String(decoding: probe.stdout, as: UTF8.self)
  let sequence = try #require(
    reply.hasPrefix("ok ") ? Int(reply.dropFirst(3).dropLast()) : nil, "\(reply)\(probe.stderr)")
  return sequence
}

/// What `perform session show` prints after exactly `lines` were applied to a fresh data
/// directory `directory`, in one run without a kill.
private func workout(after lines: ArraySlice<String>, in directory: URL) throws -> String {
  if !lines.isEmpty {
    let applied = try perform(
      ["session", "apply", "--data-dir", directory.path], input: Array(lines))
    #expect(applied.status == 0, "\(applied.stderr)")
    #expect(applied.stdout == acknowledgements(lines.count))
  }
  let shown = try perform(["session", "show", "--data-dir", directory.path])
  #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
  return String(decoding: shown.stdout, as: UTF8.self)
}

private func withScratchDirectory(_ body: (URL) throws -> Void) throws {
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("CrashRecoveryTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: root) }
  try body(root)
}
