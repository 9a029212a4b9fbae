import Foundation
import TerminalScreens
import TerminalUI
import TextColumns

// NB: docs/decisions/the-apps-files-and-the-api-client.md, "The sign-in screen": an email and a
// password (drawn as dots), one line saying why the last try failed, Enter signs in through the
// same code as `perform login`, Esc leaves. Every key is the fields': the screen is all typing.

/// The app's sign-in screen: the email and password fields and what the last try answered.
@MainActor
public final class SignInScreen: AppScreen {
  /// The field being typed.
  public enum Field: Equatable, Sendable { case email, password }

  /// What a sign-in answers: `nil` when signed in, else the line to show.
  public typealias SignIn = @MainActor (_ email: String, _ password: String) async -> String?

  private let server: String
  private let text: AppText
  private let signIn: SignIn
  private let leave: @MainActor (_ signedIn: Bool) -> Void
  private weak var host: (any ScreenHost)?
  public private(set) var field = Field.email
  public private(set) var email = LineEditor(maxLength: 254)
  public private(set) var password = LineEditor(maxLength: 1024)
  /// Why the last try failed (or why the screen is shown), until the next try.
  public private(set) var problem: String?
  /// Whether a sign-in is under way (keys but Esc wait for it).
  public private(set) var working = false

  /// The screen for `server`, in `text`'s language; `notice` is shown first (a refused session),
  /// `email` is typed already (the account signed in before, then on the password).
  /// `signIn` tries the fields; `leave` hears `true` once signed in, `false` on Esc.
  public init(
    server: String, text: AppText, email: String = "", notice: String? = nil,
    host: any ScreenHost, signIn: @escaping SignIn,
    leave: @escaping @MainActor (_ signedIn: Bool) -> Void
  ) {
    self.server = server
    self.text = text
    self.email = LineEditor(email, maxLength: 254)
    self.field = email.isEmpty ? .email : .password
    self.problem = notice
    self.host = host
    self.signIn = signIn
    self.leave = leave
  }

  public var isEditingText: Bool { true }

  public var keyHelp: [KeyHelp] {
    [
      KeyHelp("Enter", text(.keySignIn)), KeyHelp("Tab/↑/↓", text(.keyNextField)),
      KeyHelp("Esc", text(.keyQuitApp)),
    ]
  }

  public func handle(_ key: Key, now: Date) -> KeyResult {
    if key == .escape {
      leave(false)
      return .handled
    }
    guard !working else { return .handled }
    switch key {
    case .tab, .backTab, .down, .up:
      field = field == .email ? .password : .email
      return .handled
    case .enter:
      if field == .email, password.text.isEmpty {
        field = .password
      } else {
        submit()
      }
      return .handled
    default: break
    }
    switch field {
    case .email: _ = email.handle(key)
    case .password: _ = password.handle(key)
    }
    return .handled
  }

  /// Signs in with the fields, or says what is missing.
  private func submit() {
    let typed = email.text.trimmingCharacters(in: .whitespaces)
    guard !typed.isEmpty, !password.text.isEmpty else {
      problem = text(.signInNeedsBoth)
      field = typed.isEmpty ? .email : .password
      return
    }
    working = true
    problem = nil
    let secret = password.text
    Task { @MainActor in
      let failure = await signIn(typed, secret)
      working = false
      if let failure {
        problem = failure
        password = LineEditor(maxLength: 1024)
        field = .password
        host?.setNeedsRedraw()
      } else {
        leave(true)
      }
    }
  }

  public func body(size: TerminalSize, now: Date) -> Frame {
    let label = [text(.signInEmail), text(.signInPassword)].map(TextColumns.of).max() ?? 0
    func row(_ name: String, _ value: String, _ chosen: Bool) -> StyledLine {
      let padding = String(repeating: " ", count: label - TextColumns.of(name))
      var line = StyledLine("  \(name):\(padding) ", TextStyle(bold: chosen))
      line.append(value, TextStyle(underline: true))
      return line
    }
    let dots = String(repeating: "•", count: password.text.count)
    var lines = [
      StyledLine(),
      StyledLine("  " + text(.signInTitle, ["server": server]), TextStyle(bold: true)),
      StyledLine(),
      row(text(.signInEmail), email.text, field == .email),
      row(text(.signInPassword), dots, field == .password),
      StyledLine(),
    ]
    if working {
      lines.append(StyledLine("  " + text(.signInWorking), TextStyle(dim: true)))
    } else if let problem {
      lines.append(StyledLine("  " + problem, TextStyle(foreground: .red)))
    }
    let start = 2 + label + 2
    let cursor =
      field == .email
      ? (row: 3, column: start + TextColumns.of(String(email.text.prefix(email.cursor))))
      : (row: 4, column: start + password.cursor)
    return Frame(lines: lines, cursor: working ? nil : cursor)
  }
}
