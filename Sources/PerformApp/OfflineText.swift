import Foundation
import TraineeAPI

/// How the screens say that what they show is a kept copy.
enum OfflineText {
  /// `10:32` for a time today in `timeZone`, `30 Nov 10:32` for an earlier day.
  static func time(_ date: Date, now: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm" : "d MMM HH:mm"
    return formatter.string(from: date)
  }

  /// What a failure means to the trainee, with what to do about a refused token.
  static func describe(_ error: TraineeAPIError) -> String {
    switch error {
    case .http(401, _): "the server refused this app's token (401)"
    case .offline: "the server cannot be reached"
    case .timeout: "the server did not answer in time"
    case .http(let status, let body):
      "the server answered \(status)\(body.map { ": \($0.error.message)" } ?? "")"
    default: "\(error)"
    }
  }

  /// What to do about `error`, when the trainee can do something: a new token for a 401.
  static func help(for error: TraineeAPIError) -> String? {
    guard case .http(401, _) = error else { return nil }
    return "Get a new token (perform serve --demo prints the demo trainee's), then start"
      + " perform --server URL --token TOKEN."
  }
}
