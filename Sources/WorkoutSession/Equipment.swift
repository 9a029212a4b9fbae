import Foundation

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups", equipment: the
// program carries no equipment, so it is read from the exercise's name, the way coaches and the
// apps trainees know write it ("Dumbbell bench press", "Cable row", "Kurzhantel-Bankdrücken"). A
// name that names none is a barbell exercise, as the plate calculator always assumed.

/// What an exercise is done with, as far as loading plates goes.
public enum Equipment: String, Codable, Equatable, Sendable, CaseIterable {
  /// A bar loaded with plates on both sides: the plates per side and the warm-up ladder apply.
  case barbell
  /// Dumbbells or kettlebells: picked up at their weight, nothing to load.
  case dumbbell
  /// A cable stack: a pin, nothing to load.
  case cable
  /// A machine (a Smith machine too, whose bar weight varies): nothing to load on a bar.
  case machine

  /// The equipment `name` names, in any of the app's languages; `.barbell` when it names none.
  public init(exerciseName name: String) {
    let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .lowercased()
    let words = Set(
      folded.split { !($0.isLetter || $0.isNumber) }.map(String.init))
    func says(_ parts: [String], words whole: [String] = []) -> Bool {
      parts.contains { folded.contains($0) } || whole.contains { words.contains($0) }
    }
    if says(["barbell", "langhantel", "bilanciere", "バーベル"], words: ["barre", "bb"]) {
      self = .barbell
    } else if says(
      ["dumbbell", "kettlebell", "kurzhantel", "haltere", "manubri", "ダンベル", "ケトルベル"],
      words: ["db", "kb"])
    {
      self = .dumbbell
    } else if says(
      ["cable", "kabel", "poulie", "ケーブル", "face pull", "pushdown", "pulldown", "latzug"],
      words: ["cavo", "cavi"])
    {
      self = .cable
    } else if says(
      [
        "machine", "maschine", "macchina", "smith", "マシン", "leg press", "beinpresse",
        "leg extension", "leg curl", "pec deck",
      ])
    {
      self = .machine
    } else {
      self = .barbell
    }
  }

  /// Whether plates are loaded per side of a bar: the plate calculator and the warm-up ladder
  /// apply only then.
  public var loadsBar: Bool { self == .barbell }
}

extension SessionExercise {
  /// What the exercise (the one done now, after a swap too) is done with.
  public var equipment: Equipment { Equipment(exerciseName: exercise.name) }
}
