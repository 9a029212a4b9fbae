#if canImport(Glibc)
  import Glibc

  // NB: job control (docs/decisions/the-terminal-app-and-the-perform-command.md, "The terminal
  // app"): Ctrl-Z and SIGTSTP suspend in ordinary code, never in the signal handler, so the
  // terminal is handed back under the same lock that frames are written under and no frame is cut
  // in two. `suspension` is also the lock under which the terminal and the SIGTSTP action change
  // hands: suspend, resume, the SIGTSTP action put back after a stop, and `restore()`. It is taken
  // before `state`, never inside it; the signal and exit handlers take no lock, and `stopJob` runs
  // with none held.

  extension TerminalDevice {
    /// Hands the terminal back to the shell and stops the job, as Ctrl-Z does in any full-screen
    /// program; returns once the job is continued (`fg`), with the terminal taken again.
    ///
    /// Before the stop the terminal is left exactly as ``restore()`` leaves it: the saved
    /// settings, the main screen, the cursor shown, the style reset. The job then stops with
    /// SIGTSTP's default action and the shell takes over. Once continued the device puts raw mode
    /// back, enters the alternate screen and clears it, and calls the ``onResume(_:)`` handlers,
    /// which redraw everything; frames written while suspended are dropped. Nothing else changes:
    /// the reader and the resize handlers go on, and the app's state is as it was.
    ///
    /// Returns `false`, having done nothing, when the process ignores SIGTSTP (a shell without job
    /// control: no one could continue it) or the device is restored or already suspending. When
    /// no shell could continue the job (an orphaned process group) the system skips the stop and
    /// the app comes back at once. SIGTSTP from outside (`kill -TSTP`) suspends the same way.
    @discardableResult
    public func suspend() -> Bool {
      guard hasJobControl else { return false }
      let ours = suspension.withLock { suspended -> sigaction? in
        guard !suspended, !state.withLock({ $0.restored }) else { return nil }
        suspended = true
        signalRecord.pointee.suspending = 1
        restoreTerminalFromSignalRecord()
        return handStopSignalToTheJob()
      }
      guard var ours else { return false }
      stopJob()
      // NB: only while the device is open: a `restore()` since (the app quit after SIGCONT, or
      // when the system skipped the stop) put the original action back, and ours would then
      // swallow SIGTSTP for good, its pipe closed, and be what a later `open` saves as original.
      suspension.withLock { _ in
        guard !state.withLock({ $0.restored }) else { return }
        sigaction(SIGTSTP, &ours, nil)
      }
      resume()
      return true
    }

    /// The SIGTSTP actions around the stop, under `suspension` while the device is open (so never
    /// after `restore()` put the original action back): this process ignores SIGTSTP while
    /// `signalJob` sends it to the rest of the job, then gets the default action for `stopJob`.
    /// Returns the action it replaced, ours, to put back once the job continues.
    ///
    /// NB: a thread that blocks SIGTSTP at the `kill` (the one still in the SIGTSTP handler that
    /// asked for this suspension) keeps it pending instead of ignoring it, and it would stop the
    /// process before `raise` and `raise` again after `fg`: setting SIG_IGN once more discards it
    /// (POSIX `sigaction`: a pending signal set to be ignored is discarded, blocked or not).
    private func handStopSignalToTheJob() -> sigaction {
      var ignore = sigaction()
      ignore.__sigaction_handler.sa_handler = SIG_IGN
      var byDefault = sigaction()
      byDefault.__sigaction_handler.sa_handler = SIG_DFL
      var ours = sigaction()
      sigaction(SIGTSTP, &ignore, &ours)
      signalJob()
      sigaction(SIGTSTP, &ignore, nil)
      sigaction(SIGTSTP, &byDefault, nil)
      return ours
    }

    /// Takes the terminal again after a stop (ours, or a SIGSTOP someone sent): raw mode, the
    /// alternate screen cleared, the cursor hidden; then the resume handlers.
    ///
    /// Put in the background (`bg`), setting the terminal stops the job again (SIGTTOU, unblocked
    /// for the call), as the terminal stops any background job that changes its settings, until
    /// `fg`; the screen is not touched before.
    func resume() {
      let resumed = suspension.withLock { suspended in
        let record = signalRecord
        guard !state.withLock({ $0.restored }) else { return false }
        // Before the settings: an ending signal from here on restores the terminal.
        record.pointee.active = 1
        resuming()
        withSignalUnblocked(SIGTTOU) { _ = tcsetattr(input, TCSANOW, &record.pointee.raw) }
        writeWhole(Self.enterSequence)
        suspended = false
        record.pointee.suspending = 0
        return true
      }
      guard resumed else { return }
      for handler in state.withLock({ $0.resumeHandlers }) { handler() }
    }
  }

  /// Sends SIGTSTP to the other processes of this one's job (a wrapper script waiting for the
  /// app), as the terminal's Ctrl-Z would; this process ignores it meanwhile.
  func signalThisJob() {
    kill(0, SIGTSTP)
  }

  /// Stops this process with SIGTSTP's default action (in place by then), and returns once it is
  /// continued (at once when the system discards the stop: no shell could continue an orphaned
  /// process group).
  ///
  /// NB: `raise` sends the signal to this thread, with SIGTSTP unblocked there, so the stop
  /// happens before `raise` returns, whichever thread asks (Dispatch's threads block SIGTSTP; a
  /// signal sent to the process would stop it a moment later, after the terminal is taken again).
  func stopThisProcess() {
    withSignalUnblocked(SIGTSTP) { _ = raise(SIGTSTP) }
  }

  /// Runs `body` with `signal` unblocked in this thread, then puts the thread's mask back.
  private func withSignalUnblocked(_ signal: Int32, _ body: () -> Void) {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, signal)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &unblocked, &mask)
    body()
    pthread_sigmask(SIG_SETMASK, &mask, nil)
  }
#endif
