/// Checks `condition` every millisecond of real time until it holds, for at most `timeout`;
/// returns whether it held. For a test waiting on work it cannot await exactly (an answer over
/// the loopback, a screen's own task and redraw): a busy machine only makes it slower, and a
/// condition that never holds fails the test after `timeout` instead of hanging it. The default
/// bound is generous (see `ManualClock.untilSleepers`): it only has to end a wait that would
/// never end, and a loaded two-core run can keep a task from a thread for seconds.
public func until(
  within timeout: Duration = .seconds(60), isolation: isolated (any Actor)? = #isolation,
  _ condition: () async -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if await condition() { return true }
    guard (try? await clock.sleep(for: .milliseconds(1))) != nil else { break }
  }
  return await condition()
}
