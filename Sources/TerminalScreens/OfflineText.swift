import Foundation
import LiveActivity
import TraineeAPI
import TraineeClient

/// How the screens say that what they show is a kept copy.
package enum OfflineText {
  /// `10:32` for a time today in `timeZone`, `30 Nov, 10:32` for an earlier day, as `text`'s
  /// language and region write them (`10:32 AM` in the US).
  package static func time(
    _ date: Date, now: Date, timeZone: TimeZone, text: AppText = AppText(.en)
  ) -> String {
    text.timeOrDay(date, now: now, timeZone: timeZone)
  }

  /// What a failure means to the trainee, with what to do about a refused token.
  package static func describe(_ error: TraineeAPIError, text: AppText = AppText(.en)) -> String {
    switch error {
    case .http(401, _): text(.apiRefusedToken)
    case .offline: text(.apiOffline)
    case .timeout: text(.apiTimeout)
    case .http(let status, let body?):
      text(.apiAnsweredWith, ["status": String(status), "message": body.error.message])
    case .http(let status, nil): text(.apiAnswered, ["status": String(status)])
    default: "\(error)"
    }
  }

  /// A refused token said plainly, with how to get a new one: "The server refused this app's token
  /// (401). Get a new token (...), then start perform --server URL --token TOKEN." Shown where a
  /// screen would otherwise say it tries again (docs/decisions/the-apps-files-and-the-api-client.md
  /// "A refused token").
  package static func refusedToken(text: AppText = AppText(.en)) -> String {
    let said = text(.apiRefusedToken)
    return said.prefix(1).uppercased() + said.dropFirst() + ". " + text(.apiNewToken)
  }

  /// What to do about `error`, when the trainee can do something: a new token for a 401.
  package static func help(for error: TraineeAPIError, text: AppText = AppText(.en)) -> String? {
    guard case .http(401, _) = error else { return nil }
    return text(.apiNewToken)
  }
}
