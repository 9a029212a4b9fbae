import DurableFiles
import Foundation
import LiveActivity
import TerminalScreens
import TerminalUI
import TextColumns
import WorkoutSession

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units":
// each row changes with one key and is saved at once; a bar or plate list that is not numbers above
// 0 is refused under the row, and nothing is saved until it is one. `e` puts a row back to what the
// environment says.

/// The settings tab: language, units, the bar and the plates; signed in, the account's sign-out
/// and studio switch.
@MainActor
public final class SettingsScreen: AppScreen {
  enum Row: Int, CaseIterable { case language, units, bar, plates, signOut, switchStudio }

  let settings: AppSettingsStore
  weak var host: (any ScreenHost)?
  var row = Row.language
  /// The bar or plates being typed, and why the last Enter was refused.
  private(set) var editor: LineEditor?
  var problem: String?
  /// The account's steps when a session is signed in (`SettingsScreen+Account.swift`).
  let account: SettingsAccountSteps?
  /// The account's studios, once the server said them.
  var studios: AccountStudios?
  /// A sign-out or studio switch under way.
  var flow: AccountFlow?

  /// The tab for `settings`; `account` adds the sign-out and studio switch rows.
  public init(
    settings: AppSettingsStore, host: any ScreenHost, account: SettingsAccountSteps? = nil
  ) {
    self.settings = settings
    self.host = host
    self.account = account
  }

  var text: AppText { settings.text }
  public var isEditingText: Bool { editor != nil || flow != nil }

  /// The rows shown: the switch only for an account of more than one studio.
  var rows: [Row] {
    var rows: [Row] = [.language, .units, .bar, .plates]
    if account != nil { rows.append(.signOut) }
    if account != nil, (studios?.all.count ?? 0) > 1 { rows.append(.switchStudio) }
    return rows
  }

  public var keyHelp: [KeyHelp] {
    if let flow { return flowKeyHelp(flow) }
    if editor != nil {
      return [KeyHelp("Enter", text(.keySave)), KeyHelp("Esc", text(.keyCancel))]
    }
    return [
      KeyHelp("↑/↓ j/k", text(.keyChoose)), KeyHelp("Enter/Space", text(.keyChange)),
      KeyHelp("e", text(.keyFromEnvironment)),
    ]
  }

  public func handle(_ key: Key, now: Date) -> KeyResult {
    if let flow { return handleFlow(flow, key) }
    if var editing = editor {
      switch editing.handle(key) {
      case .editing: editor = editing
      case .cancelled:
        editor = nil
        problem = nil
      case .committed(let typed): commit(typed)
      }
      return .handled
    }
    let shown = rows
    let index = shown.firstIndex(of: row) ?? 0
    switch key {
    case .down, .character("j"): row = shown[min(index + 1, shown.count - 1)]
    case .up, .character("k"): row = shown[max(index - 1, 0)]
    case .enter, .character(" "): change()
    case .character("e"): fromEnvironment()
    default: return .ignored
    }
    return .handled
  }

  private func change() {
    var choices = settings.saved
    let current = settings.current
    switch row {
    case .language:
      let all = ActivityLanguage.displayOrder
      let index = all.firstIndex(of: current.language) ?? 0
      choices.language = all[(index + 1) % all.count]
    case .units:
      choices.units = current.units == .metric ? .imperial : .metric
    case .bar:
      editor = LineEditor(
        text.decimal(current.barbell.bar), maxLength: 8, allowed: LineEditor.numeric)
      return
    case .plates:
      editor = LineEditor(
        Self.plateList(current.barbell, text: text), maxLength: 80,
        allowed: LineEditor.numeric.union([" ", "x", "X", "×", "*"]))
      return
    case .signOut:
      startSignOut()
      return
    case .switchStudio:
      startSwitch()
      return
    }
    save(choices)
  }

  private func fromEnvironment() {
    var choices = settings.saved
    switch row {
    case .language: choices.language = nil
    case .units: choices.units = nil
    case .bar, .plates: choices.barbell = nil
    case .signOut, .switchStudio: return
    }
    save(choices)
  }

  private func commit(_ typed: String) {
    let current = settings.current
    var setup = current.barbell
    switch row {
    case .bar:
      guard let bar = Self.weight(typed) else {
        problem = text(.settingsBadWeight, ["value": typed, "example": text.decimal(20)])
        return
      }
      setup.bar = bar
    default:
      guard let (plates, pairs) = Self.plates(typed) else {
        problem = text(.settingsBadPlates, ["value": typed])
        return
      }
      setup.plates = plates
      setup.pairs = pairs
    }
    var choices = settings.saved
    choices.barbell = SavedBarbell(units: current.units, setup: setup)
    if save(choices) {
      editor = nil
      problem = nil
    }
  }

  // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Plates and warm-ups", plate stocks: the
  // plates row is a list of sizes, each alone (as many as needed) or with the pairs owned after
  // `x`, `×` or `*` (`20x2`: two 20 kg plates a side); a size twice takes the last count.

  /// The plate sizes (heaviest first) and counted pairs of a typed list such as `25 20x2 2,5×1`;
  /// `nil` when a part is not a size above 0 or a count is not a whole number from 1 to 99.
  static func plates(_ typed: String) -> (plates: [Double], pairs: [Double: Int])? {
    let parts = typed.split(separator: " ")
    guard !parts.isEmpty else { return nil }
    var sizes: Set<Double> = []
    var pairs: [Double: Int] = [:]
    for part in parts {
      let halves = part.split(
        omittingEmptySubsequences: false, whereSeparator: { "xX×*".contains($0) })
      guard halves.count <= 2, let size = weight(String(halves[0])) else {
        return nil
      }
      sizes.insert(size)
      if halves.count == 2 {
        guard let count = Int(halves[1]), (1...99).contains(count) else { return nil }
        pairs[size] = count
      } else {
        pairs[size] = nil
      }
    }
    return (sizes.sorted(by: >), pairs)
  }

  /// The plates row as typed: `25 20×2 2,5`.
  static func plateList(_ setup: BarbellSetup, text: AppText) -> String {
    setup.plates.map { size in
      text.decimal(size) + (setup.pairs[size].map { "×\($0)" } ?? "")
    }.joined(separator: " ")
  }

  /// A weight typed with a point or a comma, above 0 and below 10 000.
  static func weight(_ typed: String) -> Double? {
    let trimmed = typed.trimmingCharacters(in: .whitespaces)
    guard trimmed.filter({ $0 == "." || $0 == "," }).count <= 1,
      let value = Double(trimmed.replacingOccurrences(of: ",", with: ".")), value.isFinite,
      value > 0, value < 10_000
    else { return nil }
    return value
  }

  @discardableResult
  private func save(_ choices: SavedSettings) -> Bool {
    do {
      try settings.save(choices)
      host?.setNeedsRedraw()
      return true
    } catch {
      problem = text(.settingsNotSaved, ["problem": "\(error)"])
      return false
    }
  }

  // MARK: Drawing

  public func body(size: TerminalSize, now: Date) -> Frame {
    let current = settings.current
    let labels: [(Row, String, String, Bool)] = [
      (
        .language, text(.settingsLanguage), current.language.ownName,
        settings.languageFromEnvironment
      ),
      (
        .units, text(.settingsUnits),
        text(current.units == .metric ? .settingsMetric : .settingsImperial),
        settings.unitsFromEnvironment
      ),
      (
        .bar, text(.settingsBar), text.weight(current.barbell.bar, in: current.units),
        settings.barbellFromEnvironment
      ),
      (
        .plates, text(.settingsPlates),
        Self.plateList(current.barbell, text: text) + " " + current.units.weightSymbol,
        settings.barbellFromEnvironment
      ),
    ]
    let labelWidth = (labels.map { TextColumns.of($0.1) } + accountLabelWidths).max() ?? 0
    var lines = [StyledLine(text(.tabSettings), TextStyle(bold: true)), StyledLine("")]
    var cursor: (row: Int, column: Int)?
    for (row, label, value, fromEnvironment) in labels {
      let selected = row == self.row
      var line = StyledLine(selected ? "▸ " : "  ", TextStyle(bold: true))
      line.append(pad(label, labelWidth + 2), TextStyle(bold: true))
      if selected, let editor {
        cursor = (lines.count, TextColumns.of(line.plainText) + 1 + editor.cursor)
        line.append("[" + editor.text + "]", TextStyle(underline: true))
      } else {
        line.append(value, TextStyle(reverse: selected))
        let origin = fromEnvironment ? text(.settingsFromEnvironment) : text(.settingsChosen)
        line.append("  (\(origin))", TextStyle(dim: true))
      }
      lines.append(line)
      if selected, let problem {
        lines += messageLines(
          "    " + problem, TextStyle(bold: true, foreground: .red), columns: size.columns)
      }
    }
    lines += accountLines(labelWidth: labelWidth, columns: size.columns)
    lines.append(StyledLine(""))
    let keptIn = text(.settingsKeptIn, ["path": settings.fileURL.path])
    lines += messageLines(keptIn, TextStyle(dim: true), columns: size.columns)
    return Frame(lines: lines, cursor: cursor)
  }
}

extension ActivityLanguage {
  /// The languages in the order the settings cycle through them.
  static let displayOrder: [ActivityLanguage] = [.en, .de, .fr, .it, .ja]
}
