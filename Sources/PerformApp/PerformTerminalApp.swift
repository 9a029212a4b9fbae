import Foundation
import LiveWorkoutScreens
import TerminalScreens
import TerminalUI
import TextColumns

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app". The shell is
// pure drawing and key routing: the runner gives it keys and a size and draws the frames it
// returns, so tests drive the whole app without a terminal.

/// What the app wants after a key.
public enum AppCommand: Equatable, Sendable {
  case none
  /// Leave the app (everything is already saved).
  case quit
  /// Hand the terminal to the shell until `fg` (Ctrl-Z); the app stays exactly as it is.
  case suspend
}

/// The terminal app's shell: the tab bar, the current screen, the status line and the keys.
@MainActor
public final class PerformTerminalApp: ScreenHost {
  /// One tab: its name and screen.
  public struct Tab {
    public var title: String
    public var screen: any AppScreen
    /// Called when the tab is shown (reloads, say).
    public var onShow: (@MainActor () -> Void)?

    public init(title: String, screen: any AppScreen, onShow: (@MainActor () -> Void)? = nil) {
      self.title = title
      self.screen = screen
      self.onShow = onShow
    }
  }

  public private(set) var tabs: [Tab] = []
  public private(set) var selectedTab = 0
  public private(set) var message: String?
  public private(set) var showingHelp = false
  /// Whether the terminal window has the focus: `nil` until the terminal first reports it
  /// (terminals without focus reporting never do).
  public private(set) var terminalFocused: Bool?
  /// The bells rung so far (the runner writes BEL for each new one).
  public private(set) var bells = 0
  /// A short fact shown at the right of the status line ("nutrition: saved").
  public var statusDetail: @MainActor () -> String? = { nil }
  /// The running rest at a time, shown in the status line of every tab (`restStatus`).
  public var statusRest: @MainActor (_ now: Date) -> StyledRun? = { _ in nil }
  /// The shell's texts (the tab bar's hint and the help), in the trainee's language.
  public var text = AppText(.en)
  /// Whether the tab bar says how to switch tabs, get help and quit (not on the sign-in screen).
  public var showsShellHint = true
  /// Set by the runner: asks for a redraw soon.
  public var onNeedsRedraw: (@MainActor () -> Void)?
  /// Screens opened over the current tab (a logged workout, a progress chart), the last on top:
  /// Esc closes the top one, switching tabs closes them all.
  public private(set) var presented: [any AppScreen] = []

  public init() {}

  /// Sets the tabs (screens need the app as their host, so they come after it).
  public func setTabs(_ tabs: [Tab], selected: Int = 0) {
    self.tabs = tabs
    selectedTab = min(max(0, selected), tabs.count - 1)
    tabs[selectedTab].onShow?()
  }

  /// Renames the tabs, in order (the language changed).
  public func retitle(_ titles: [String]) {
    for (index, title) in titles.enumerated() where tabs.indices.contains(index) {
      tabs[index].title = title
    }
    setNeedsRedraw()
  }

  /// Shows tab `index`.
  public func select(tab index: Int) {
    guard tabs.indices.contains(index) else { return }
    selectedTab = index
    presented = []
    tabs[index].onShow?()
    setNeedsRedraw()
  }

  /// Opens `screen` over the current tab until Esc (or `dismissPresented()`).
  public func present(_ screen: any AppScreen) {
    presented.append(screen)
    setNeedsRedraw()
  }

  /// Closes the screen opened last.
  public func dismissPresented() {
    guard !presented.isEmpty else { return }
    presented.removeLast()
    setNeedsRedraw()
  }

  /// The screen drawn and given keys: the one opened last, else the tab's.
  private var currentScreen: (any AppScreen)? {
    presented.last ?? (tabs.indices.contains(selectedTab) ? tabs[selectedTab].screen : nil)
  }

  // MARK: ScreenHost

  public func setNeedsRedraw() { onNeedsRedraw?() }

  public func ringBell() {
    bells += 1
    setNeedsRedraw()
  }

  public func show(message: String) {
    self.message = message
    setNeedsRedraw()
  }

  // MARK: Keys

  /// Routes `key`: Ctrl-Z and Ctrl-C on every screen, help and tab switching next (unless a
  /// value is being typed), then the screen, then the app's own keys.
  public func handle(_ key: Key, now: Date) -> AppCommand {
    // NB: job control (docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal
    // app"): Ctrl-Z changes nothing, not even the message or the help shown, so `fg` comes back to
    // the very same screen.
    if key == .control("z") { return .suspend }
    // A focus report is not a key press: it changes nothing on screen.
    if key == .focusIn || key == .focusOut {
      terminalFocused = key == .focusIn
      return .none
    }
    message = nil
    if key == .control("c") { return .quit }
    if showingHelp {
      showingHelp = false
      return .none
    }
    guard let screen = currentScreen else {
      return key == .character("q") ? .quit : .none
    }
    if !screen.isEditingText {
      switch key {
      case .character("?"):
        showingHelp = true
        return .none
      case .tab:
        select(tab: (selectedTab + 1) % tabs.count)
        return .none
      case .backTab:
        select(tab: (selectedTab + tabs.count - 1) % tabs.count)
        return .none
      default: break
      }
    }
    if screen.handle(key, now: now) == .handled { return .none }
    if key == .escape, !presented.isEmpty {
      dismissPresented()
      return .none
    }
    switch key {
    case .character("q"): return .quit
    case .character(let character):
      if let number = character.wholeNumberValue, (1...tabs.count).contains(number) {
        select(tab: number - 1)
      }
    default: break
    }
    return .none
  }

  // MARK: Drawing

  /// The whole screen at `now` for a terminal of `size`.
  public func frame(size: TerminalSize, now: Date) -> Frame {
    let width = max(20, size.columns)
    var lines = [tabBar(width: width)]
    let footer = footerLines(width: width)
    let status = statusLines(width: width, now: now)
    let bodyRows = max(1, size.rows - 1 - status.count - footer.count)
    var cursor: (row: Int, column: Int)?
    if showingHelp {
      lines += helpLines(rows: bodyRows, width: width)
    } else if let screen = currentScreen {
      let body = screen.body(
        size: TerminalSize(rows: bodyRows, columns: width), now: now)
      lines += body.lines.prefix(bodyRows)
      if let inner = body.cursor, inner.row < bodyRows { cursor = (inner.row + 1, inner.column) }
    }
    while lines.count < 1 + bodyRows { lines.append(StyledLine()) }
    lines += status
    lines += footer
    return Frame(lines: Array(lines.prefix(size.rows)), cursor: cursor)
  }

  // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units",
  // tab bar: every tab's number and name while they fit; in longer words (German, French at 80
  // columns) the tabs not shown keep their number and the first letters of their name, so the bar
  // never runs off the line.

  private func tabBar(width: Int) -> StyledLine {
    var titles = tabs.map(\.title)
    func columns(_ titles: [String]) -> Int {
      9
        + titles.enumerated().map { 1 + TextColumns.of(" \($0.offset + 1) \($0.element) ") }
        .reduce(0, +)
    }
    var room = titles.map(TextColumns.of).max() ?? 0
    while columns(titles) > width, room > 1 {
      room -= 1
      titles = tabs.enumerated().map { index, tab in
        index == selectedTab || TextColumns.of(tab.title) <= room
          ? tab.title : TextColumns.fit(tab.title, columns: room)
      }
    }
    var line = StyledLine(" Perform ", TextStyle(bold: true, reverse: true))
    for (index, title) in titles.enumerated() {
      line.append(" ")
      let label = " \(index + 1) \(title) "
      line.append(
        label,
        index == selectedTab
          ? TextStyle(bold: true, reverse: true, foreground: .cyan) : TextStyle(dim: true))
    }
    // The hint only when it fits whole (at 80 columns the five tabs leave no room for it), and
    // not on the sign-in screen, which takes Tab and `q` as typing.
    let hint = "   " + text(.shellHint)
    if showsShellHint, TextColumns.of(line.plainText + hint) <= width {
      line.append(hint, TextStyle(dim: true))
    }
    return line
  }

  // NB: issue 29 item 8: the rest runs on whichever tab is shown, so its time (and how long it
  // is overdue) is at the right of the status line on every tab, before the detail.
  /// The message, wrapped to fit beside the rest and the status detail (which stay on the first
  /// line).
  private func statusLines(width: Int, now: Date) -> [StyledLine] {
    let detail = statusDetail() ?? ""
    let rest = statusRest(now)
    let restColumns = rest.map { TextColumns.of($0.text) + 1 } ?? 0
    let room = max(1, width - TextColumns.of(detail) - 1 - restColumns)
    let style = TextStyle(bold: true, foreground: .yellow)
    var lines = messageLines(message ?? "", style, columns: room).map {
      StyledLine(pad($0.plainText, room), style)
    }
    if let rest { lines[0].append(" " + rest.text, rest.style) }
    lines[0].append(" " + detail, TextStyle(dim: true))
    return lines
  }

  /// The current screen's keys, as many as fit on two lines.
  private func footerLines(width: Int) -> [StyledLine] {
    guard let screen = currentScreen, !showingHelp else {
      return [StyledLine(text(.helpClose), TextStyle(dim: true))]
    }
    var lines: [StyledLine] = [StyledLine()]
    for help in screen.keyHelp {
      let item = "\(help.keys) \(help.action)  "
      if TextColumns.of(lines[lines.count - 1].plainText + item) > width {
        guard lines.count < 2 else { break }
        lines.append(StyledLine())
      }
      lines[lines.count - 1].append(help.keys, TextStyle(bold: true))
      lines[lines.count - 1].append(" \(help.action)  ", TextStyle(dim: true))
    }
    return lines
  }

  // NB: docs/decisions/the-terminal-app-as-a-daily-app.md "The app's settings, language and units",
  // help: one key a line while it fits; on a short terminal (80x24 with the live workout's keys)
  // the keys that work everywhere flow several to a line after their heading (q and Ctrl-C as one);
  // when even that is too tall (resting, at 80x24), the screen's keys flow too. Every key stays in
  // view.

  private func helpLines(rows: Int, width: Int) -> [StyledLine] {
    var lines = [StyledLine(text(.helpKeys), TextStyle(bold: true, underline: true))]
    let digits = (1...max(1, tabs.count)).map(String.init).joined(separator: " ")
    let global = [
      KeyHelp("Tab / Shift-Tab", text(.helpNextTab)),
      KeyHelp(digits, text(.helpGoToTab)),
      KeyHelp("?", text(.helpThis)), KeyHelp("q", text(.helpQuit)),
      KeyHelp("Ctrl-C", text(.helpQuit)),
      KeyHelp("Ctrl-Z", text(.helpSuspend)),
    ]
    let screenKeys = currentScreen?.keyHelp ?? []
    let keysWidth = (global + screenKeys).map { TextColumns.of($0.keys) }.max() ?? 0
    for help in screenKeys {
      lines.append(
        StyledLine([
          StyledRun("  " + pad(help.keys, keysWidth + 2), TextStyle(bold: true)),
          StyledRun(help.action),
        ]))
    }
    var everywhere = [StyledLine(text(.helpEverywhere), TextStyle(bold: true, underline: true))]
    for help in global {
      everywhere.append(
        StyledLine([
          StyledRun("  " + pad(help.keys, keysWidth + 2), TextStyle(bold: true)),
          StyledRun(help.action),
        ]))
    }
    let fitsWhole =
      lines.count + 1 + everywhere.count <= rows
      && (lines + everywhere).allSatisfy { TextColumns.of($0.plainText) <= width }
    guard !fitsWhole else { return Array((lines + [StyledLine("")] + everywhere).prefix(rows)) }
    let compact =
      [global[0], global[1], global[2], KeyHelp("q / Ctrl-C", text(.helpQuit))]
      + global.dropFirst(5)
    everywhere = flowed(compact, heading: text(.helpEverywhere), width: width)
    if lines.count + everywhere.count <= rows {
      return lines + everywhere
    }
    return Array(
      (flowed(screenKeys, heading: text(.helpKeys), width: width) + everywhere).prefix(rows))
  }

  /// `keys` several to a line after `heading`, each line at most `width` columns.
  private func flowed(_ keys: [KeyHelp], heading: String, width: Int) -> [StyledLine] {
    var lines = [StyledLine(heading + ":  ", TextStyle(bold: true, underline: true))]
    for help in keys {
      let item = "\(help.keys) \(help.action)  "
      if TextColumns.of(lines[lines.count - 1].plainText + item) > width {
        lines.append(StyledLine("  "))
      }
      lines[lines.count - 1].append(help.keys, TextStyle(bold: true))
      lines[lines.count - 1].append(" \(help.action)  ")
    }
    return lines
  }
}
