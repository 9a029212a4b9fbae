import Foundation

extension AppInPseudoTerminal {
  /// Feeds `screen` what the app writes until `quiet` passes without a byte.
  func settle(_ screen: inout ScreenModel, for quiet: Duration) {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: quiet)
    while clock.now < end, let (bytes, _) = read(within: end - clock.now) {
      screen.feed(bytes)
    }
  }

  /// Feeds `screen` what the app writes until it shows `text`; throws with the screen when
  /// `timeout` passes first.
  func waitFor(_ text: String, on screen: inout ScreenModel, within timeout: Duration) throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !screen.shows(text) {
      guard let (bytes, _) = read(within: deadline - clock.now) else {
        throw BenchmarkFailure("\"\(text)\" never appeared\n\(screen.dump)")
      }
      screen.feed(bytes)
    }
  }
}
