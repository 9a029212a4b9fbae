import Foundation
import TerminalScreens
import TerminalUI
import TextColumns

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out and studio switch in the
// app": "Sign out" and, for an account of more than one studio, "Switch studio". Each first
// lists what the server has not yet had from this device and offers to send it (Enter), discard
// it (d) or stay (Esc); nothing is cleared until the trainee chose. What could not be sent is
// said, and asked about again. A switch is chosen from the account's studios, then asked as a
// sign-out is.

extension SettingsScreen {
  /// Asks the server for the account's studios again (the switch row shows for more than one).
  public func reloadStudios() {
    guard let account else { return }
    Task { @MainActor in
      guard let loaded = await account.studios() else { return }
      studios = loaded
      if !rows.contains(row) { row = .signOut }
      host?.setNeedsRedraw()
    }
  }

  func startSignOut() {
    guard let account else { return }
    problem = nil
    flow = .confirming(.signOut, unsent: account.unsent(), problems: [])
  }

  func startSwitch() {
    guard let studios, studios.all.count > 1 else { return }
    problem = nil
    let current = studios.all.firstIndex { $0.id == studios.currentID }
    flow = .choosingStudio(index: current.map { ($0 + 1) % studios.all.count } ?? 0)
  }

  func handleFlow(_ flow: AccountFlow, _ key: Key) -> KeyResult {
    switch flow {
    case .choosingStudio(let index):
      let all = studios?.all ?? []
      switch key {
      case .down, .character("j"): self.flow = .choosingStudio(index: min(index + 1, all.count - 1))
      case .up, .character("k"): self.flow = .choosingStudio(index: max(index - 1, 0))
      case .enter, .character(" "):
        guard all.indices.contains(index), all[index].id != studios?.currentID else {
          self.flow = nil
          return .handled
        }
        self.flow = .confirming(
          .switchStudio(all[index]), unsent: account?.unsent() ?? [], problems: [])
      case .escape: self.flow = nil
      default: break
      }
    case .confirming(let intent, let unsent, _):
      if unsent.isEmpty {
        if text.isYes(key) { proceed(intent) } else { self.flow = nil }
      } else if key == .enter || text.isYes(key) {
        send(then: intent)
      } else if key == .character("d") {
        proceed(intent)
      } else {
        self.flow = nil
      }
    case .sending, .working: break
    }
    return .handled
  }

  /// Sends what is not yet sent; all sent, goes on with `intent`, else asks again.
  private func send(then intent: AccountFlow.Intent) {
    guard let account else { return }
    flow = .sending(intent)
    Task { @MainActor in
      let problems = await account.sendUnsent()
      let unsent = account.unsent()
      if unsent.isEmpty {
        proceed(intent)
      } else {
        flow = .confirming(intent, unsent: unsent, problems: problems)
      }
      host?.setNeedsRedraw()
    }
  }

  /// Signs out or switches; a refused switch is said under its row.
  private func proceed(_ intent: AccountFlow.Intent) {
    guard let account else { return }
    flow = .working(intent)
    host?.setNeedsRedraw()
    Task { @MainActor in
      switch intent {
      case .signOut: await account.signOut()
      case .switchStudio(let studio):
        if let refusal = await account.switchStudio(studio) {
          flow = nil
          row = .switchStudio
          problem = text(.settingsNotSwitched, ["problem": refusal])
        }
      }
      host?.setNeedsRedraw()
    }
  }

  func flowKeyHelp(_ flow: AccountFlow) -> [KeyHelp] {
    switch flow {
    case .choosingStudio:
      [
        KeyHelp("↑/↓ j/k", text(.keyChooseStudio)), KeyHelp("Enter", text(.keySwitchTo)),
        KeyHelp("Esc", text(.keyCancel)),
      ]
    case .confirming(_, let unsent, _) where unsent.isEmpty:
      [KeyHelp(String(text.yesKey), text(.keyGoAhead)), KeyHelp("n/Esc", text(.keyStay))]
    case .confirming:
      [
        KeyHelp("Enter", text(.keySendFirst)), KeyHelp("d", text(.keyDiscard)),
        KeyHelp("Esc", text(.keyStay)),
      ]
    case .sending, .working: []
    }
  }

  // MARK: Drawing

  /// The widths of the account rows' labels, to line the values up with the others'.
  var accountLabelWidths: [Int] {
    rows.compactMap { row in
      switch row {
      case .signOut: TextColumns.of(text(.settingsSignOut))
      case .switchStudio: TextColumns.of(text(.settingsSwitchStudio))
      default: nil
      }
    }
  }

  /// The account rows and, under them, the step under way.
  func accountLines(labelWidth: Int, columns: Int) -> [StyledLine] {
    guard let account else { return [] }
    var lines: [StyledLine] = []
    for shown in rows where shown == .signOut || shown == .switchStudio {
      let selected = shown == row
      var line = StyledLine(selected ? "▸ " : "  ", TextStyle(bold: true))
      let label = text(shown == .signOut ? .settingsSignOut : .settingsSwitchStudio)
      line.append(pad(label, labelWidth + 2), TextStyle(bold: true))
      let value =
        shown == .signOut
        ? account.email : (studios?.current?.name ?? text(.settingsNoStudio))
      line.append(value, TextStyle(reverse: selected && flow == nil))
      lines.append(line)
      if selected, flow == nil, let problem {
        lines += messageLines(
          "    " + problem, TextStyle(bold: true, foreground: .red), columns: columns)
      }
    }
    if let flow { lines += flowLines(flow, columns: columns) }
    return lines
  }

  private func flowLines(_ flow: AccountFlow, columns: Int) -> [StyledLine] {
    var lines = [StyledLine("")]
    func say(_ sentence: String, _ style: TextStyle = TextStyle()) {
      lines += messageLines("  " + sentence, style, columns: columns)
    }
    switch flow {
    case .choosingStudio(let index):
      say(text(.settingsChooseStudio), TextStyle(bold: true))
      for (number, studio) in (studios?.all ?? []).enumerated() {
        var line = StyledLine(number == index ? "  ▸ " : "    ", TextStyle(bold: true))
        line.append(studio.name, TextStyle(reverse: number == index))
        if studio.id == studios?.currentID {
          line.append("  " + text(.settingsStudioInUse), TextStyle(dim: true))
        }
        lines.append(line)
      }
    case .confirming(let intent, let unsent, let problems):
      if !unsent.isEmpty {
        say(title(intent), TextStyle(bold: true))
        say(text(.settingsUnsentHeading))
        for item in unsent { say("  - " + item) }
        for problem in problems {
          say(text(.settingsNotSent, ["problem": problem]), TextStyle(foreground: .red))
        }
        say(text(.settingsUnsentAsk), TextStyle(bold: true))
      } else {
        say(question(intent), TextStyle(bold: true))
      }
    case .sending:
      say(text(.settingsSending), TextStyle(dim: true))
    case .working(let intent):
      switch intent {
      case .signOut: say(text(.settingsSigningOut), TextStyle(dim: true))
      case .switchStudio(let studio):
        say(text(.settingsSwitching, ["studio": studio.name]), TextStyle(dim: true))
      }
    }
    return lines
  }

  /// The row and what it acts on: "Sign out: ada@example.com".
  private func title(_ intent: AccountFlow.Intent) -> String {
    switch intent {
    case .signOut: text(.settingsSignOut) + ": " + (account?.email ?? "")
    case .switchStudio(let studio): text(.settingsSwitchStudio) + ": " + studio.name
    }
  }

  private func question(_ intent: AccountFlow.Intent) -> String {
    switch intent {
    case .signOut: text(.settingsConfirmSignOut, ["email": account?.email ?? ""])
    case .switchStudio(let studio): text(.settingsConfirmSwitch, ["studio": studio.name])
    }
  }
}
