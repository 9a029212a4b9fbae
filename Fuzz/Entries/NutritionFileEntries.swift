import DurableFiles
import Foundation
import NutritionLog
import NutritionScreens

/// The preferred nutrition day file, loaded at launch by `PreferredDayFile`.
enum PreferredDayEntry {
  /// 2026-01-05 08:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_767_600_000)

  static func run(_ input: Data) throws(FuzzFinding) {
    try ScratchDirectory.with { directory throws(FuzzFinding) in
      let file = PreferredDayFile(directory: directory)
      ScratchDirectory.write(input, to: file.url)
      switch file.load(now: now) {
      case .none:
        throw FuzzFinding("a file that is there loaded as none")
      case .failed(let error):
        throw FuzzFinding("loading failed: \(error)")
      case .unreadable(let report):
        // Moved aside whole, never lost.
        guard let movedTo = report.movedTo,
          DurableFile.contents(atPath: movedTo.path) == input
        else {
          throw FuzzFinding("an unreadable file was not kept: \(report.message)")
        }
      case .active, .expired:
        break
      }
    }
  }
}

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app" (offline): the
// edits file is what the terminal app restores after a quit or a kill while offline. Whatever it
// held, what the app writes back from the edit maps must load again without a problem.

/// The terminal app's nutrition edits file, restored into the edit maps by
/// `NutritionEditsFile`.
enum NutritionEditsEntry {
  /// 2026-01-05 08:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_767_600_000)

  static func run(_ input: Data) throws(FuzzFinding) {
    try ScratchDirectory.with { directory throws(FuzzFinding) in
      let file = NutritionEditsFile(dataDirectory: directory)
      ScratchDirectory.write(input, to: file.url)
      var edits = NutritionEdits()
      if file.restore(into: &edits, now: now) != nil,
        FileManager.default.fileExists(atPath: file.url.path)
      {
        throw FuzzFinding("an unreadable edits file was left in place")
      }
      do {
        try file.save(edits)
      } catch {
        throw FuzzFinding("saving the restored edits failed: \(error)")
      }
      if let problem = NutritionEditsFile(dataDirectory: directory).load(now: now).problem {
        throw FuzzFinding("the saved edits do not load again: \(problem)")
      }
    }
  }
}
