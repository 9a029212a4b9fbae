import Foundation
import Synchronization
import TerminalScreens
import TerminalUI

// NB: docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal app": the terminal
// is restored on every exit path (TerminalDevice handles the signals), redrawn on resize, and every
// entered value is already saved when the app leaves (the journal per action, the nutrition edits
// file per change), so quitting needs no "save". Ctrl-Z suspends to the shell
// (TerminalDevice.suspend); whatever brings the app back, the first frame after is drawn whole,
// since the screen showed the shell meanwhile.

/// Runs a `PerformTerminalApp` on a terminal: keys in, frames out, a redraw every 250 ms for
/// the clocks, the card's taps picked up every second.
@MainActor
public final class TerminalAppRunner {
  private let app: PerformTerminalApp
  private let device: TerminalDevice
  private var renderer = ScreenRenderer()
  private var redrawScheduled = false
  private var bellsRung = 0
  private var finished: CheckedContinuation<Void, Never>?
  private var ended = false
  private var forceNext = true
  /// Resumes after a suspension so far, counted on whichever thread resumed; a frame drawn after
  /// a new one is drawn whole.
  private let resumes = Atomic(0)
  private var resumesDrawn = 0
  /// Called every 250 ms before drawing (clock-driven upkeep).
  public var onTick: (@MainActor () -> Void)?
  /// Called every second (the card's pending taps).
  public var onSecond: (@MainActor () -> Void)?
  /// Called after every key the app handled (saving what changed).
  public var afterKey: (@MainActor () -> Void)?
  /// Called once before the terminal is restored on quit.
  public var beforeQuit: (@MainActor () -> Void)?

  public init(app: PerformTerminalApp, device: TerminalDevice) {
    self.app = app
    self.device = device
  }

  /// Runs until the trainee quits or the terminal closes; the terminal is restored after.
  public func run() async {
    app.onNeedsRedraw = { [weak self] in self?.scheduleRedraw() }
    device.onResize { [weak self] in
      Task { @MainActor in
        self?.forceNext = true
        self?.scheduleRedraw()
      }
    }
    device.onResume { [weak self] in
      self?.resumes.add(1, ordering: .relaxed)
      Task { @MainActor in self?.scheduleRedraw() }
    }
    device.readKeys(
      onKeys: { [weak self] keys in Task { @MainActor in self?.handle(keys) } },
      onEnd: { [weak self] in Task { @MainActor in self?.end() } })
    draw()
    let ticker = Task { [weak self] in
      var count = 0
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(250))
        guard let self else { return }
        self.onTick?()
        count += 1
        if count % 4 == 0 { self.onSecond?() }
        self.draw()
      }
    }
    await withCheckedContinuation { finished = $0 }
    ticker.cancel()
  }

  /// Ends `run()` as a quit does (the sign-in screen's Esc, or its sign-in).
  public func stop() { end() }

  private func handle(_ keys: [Key]) {
    guard !ended else { return }
    for key in keys {
      switch app.handle(key, now: Date()) {
      case .none: break
      case .quit:
        end()
        return
      case .suspend: suspend()
      }
    }
    afterKey?()
    draw(answeringKeys: true)
  }

  private func end() {
    guard !ended else { return }
    ended = true
    beforeQuit?()
    device.restore()
    finished?.resume()
    finished = nil
  }

  /// Saves what the keys so far changed, then stops until `fg` (the device redraws after).
  private func suspend() {
    guard device.hasJobControl else {
      app.show(message: "Ctrl-Z does nothing here: SIGTSTP is ignored (no job control)")
      return
    }
    afterKey?()
    device.suspend()
  }

  private func scheduleRedraw() {
    guard !redrawScheduled else { return }
    redrawScheduled = true
    Task { @MainActor in
      self.redrawScheduled = false
      self.draw()
    }
  }

  /// Draws what changed; after keys, answers them even when nothing changed (a key at the edge of a
  /// list), so their answer never waits for the next clock redraw
  /// (docs/decisions/the-terminal-app-and-the-perform-command.md, "Key-to-frame latency").
  private func draw(answeringKeys: Bool = false) {
    guard !ended else { return }
    let size = device.size
    let frame = app.frame(size: size, now: Date())
    let resumed = resumes.load(ordering: .relaxed)
    let force = forceNext || resumed != resumesDrawn
    var output =
      answeringKeys && !force
      ? renderer.answer(frame, size: size) : renderer.render(frame, size: size, force: force)
    forceNext = false
    resumesDrawn = resumed
    if app.bells > bellsRung {
      bellsRung = app.bells
      output += "\u{7}"
    }
    if !output.isEmpty { device.write(output) }
  }
}
