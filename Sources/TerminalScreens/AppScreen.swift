import Foundation
import TerminalUI

/// A key and what it does, for the help screen (`?`) and the footer.
public struct KeyHelp: Hashable, Sendable {
  /// The key as the trainee types it: `j/↓`, `Enter`, `+`.
  public var keys: String
  /// What it does: "next set".
  public var action: String

  public init(_ keys: String, _ action: String) {
    self.keys = keys
    self.action = action
  }
}

/// What a screen did with a key.
public enum KeyResult: Equatable, Sendable {
  /// The screen used the key.
  case handled
  /// Not the screen's key: the app may use it (tab switching, `?`, `q`).
  case ignored
}

/// What the app offers a screen: a redraw when something changed outside a key press (a network
/// answer, a timer), the bell, and a one-line message in the status bar.
@MainActor
public protocol ScreenHost: AnyObject {
  /// Draw again soon (coalesced; safe to call often).
  func setNeedsRedraw()
  /// Ring the terminal bell (the rest-over alert).
  func ringBell()
  /// Show `message` in the status bar until the next key press or message.
  func show(message: String)
}

/// One of the app's screens. The app draws the tab bar above it and the status line and key
/// footer below it; the screen draws its body and handles its keys.
@MainActor
public protocol AppScreen: AnyObject {
  /// The body at `now`, at most `size.rows` lines of at most `size.columns` columns (longer ones
  /// are clipped), and a cursor where a value is being typed (row relative to the body's top).
  func body(size: TerminalSize, now: Date) -> Frame
  /// Handles `key` at `now`.
  func handle(_ key: Key, now: Date) -> KeyResult
  /// The keys this screen uses in its current state, for help and the footer.
  var keyHelp: [KeyHelp] { get }
  /// Whether the screen is taking typed text (then the app's own letter keys are off).
  var isEditingText: Bool { get }
}
