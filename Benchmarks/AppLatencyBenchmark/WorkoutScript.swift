/// What a key must visibly do before its frame counts as arrived.
enum Expectation {
  /// The selected set's row, its place or the cursor changes (`ScreenModel.selection`).
  case selectionChanges
  /// Some row shows this text, which none showed before the key.
  case shows(String)
  /// No row shows this text any more.
  case hides(String)
}

/// Why a key is typed: its latency is reported by kind too.
enum KeyKind: Equatable {
  case plain
  /// Space on an open set: the set is checked and (but in a superset's first half) a rest starts.
  case check
  /// Space on a done set.
  case uncheck
}

/// One key of the scripted workout and what it must show.
struct ScriptedKey {
  var bytes: [UInt8]
  var expectation: Expectation
  var kind: KeyKind = .plain

  /// The key as the slow-key list shows it.
  var name: String {
    switch bytes {
    case [13]: "Enter"
    case [32]: "Space"
    default: String(decoding: bytes, as: UTF8.self)
    }
  }

  static func text(_ value: String) -> [ScriptedKey] {
    value.utf8.map { ScriptedKey(bytes: [$0], expectation: .selectionChanges) }
  }
  static let enter = ScriptedKey(bytes: [13], expectation: .selectionChanges)
  static let check = ScriptedKey(bytes: [32], expectation: .selectionChanges, kind: .check)
  static let uncheck = ScriptedKey(bytes: [32], expectation: .selectionChanges, kind: .uncheck)
  static let up = ScriptedKey(bytes: Array("k".utf8), expectation: .selectionChanges)
}

/// The demo trainee's Day 1 (Push: bench press 4 sets, incline press 3, dips and pushdowns as a
/// superset of 3 rounds, a bike set), done as a person does it: each set's weight and reps typed
/// and checked; the technique prompt after the first bench set skipped (`V`); two rests skipped
/// (`s`); on the bench and incline press four sets checked, unchecked (`k`, Space) and checked
/// again;
/// then finished (`F`, `y`). Every set is checked with the cursor where the app moved it.
enum WorkoutScript {
  /// The keys from the workouts tab to the complete screen, without the finish itself.
  static var keys: [ScriptedKey] {
    var keys: [ScriptedKey] = []
    func set(_ weight: String, _ reps: String) {
      keys += ScriptedKey.text(weight) + [.enter] + ScriptedKey.text(reps) + [.enter, .check]
    }
    /// After checking a set that is not the exercise's last: back to it, uncheck, check again.
    func recheck() {
      keys += [.up, .uncheck, .check]
    }
    set("40", "10")
    keys.append(ScriptedKey(bytes: Array("V".utf8), expectation: .hides("technique video")))
    keys.append(ScriptedKey(bytes: Array("s".utf8), expectation: .hides("[s] skip")))
    set("60", "8")
    recheck()
    set("60", "7")
    recheck()
    set("52.5", "9")
    set("22.5", "10")
    recheck()
    set("22.5", "10")
    recheck()
    keys.append(ScriptedKey(bytes: Array("s".utf8), expectation: .hides("[s] skip")))
    set("22.5", "9")
    for round in 1...3 {
      set("10", "\(11 - round)")
      set("25", "12")
    }
    set("20:00", "5")
    keys.append(ScriptedKey(bytes: Array("F".utf8), expectation: .shows("Finish the workout?")))
    return keys
  }
}
