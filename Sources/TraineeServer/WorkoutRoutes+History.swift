import Foundation
import HTTPServer
import TraineeAPI
import TraineeData

// NB: docs/decisions/throughput-kept-answers-group-commit-and-paged-history.md "Throughput: kept
// answers, group commit and paged history", "Paged history": a page is at most `limit` logs (1 to
// 100, default 50), the latest done first (by `loggedAt`, the date an imported workout was given,
// then by id), and `nextCursor` while older logs remain. The cursor is `<loggedAt ms>.<id>` of the
// page's last log (clients treat it as opaque): the next page is the logs after it in that order,
// so a log posted between two pages is newer and shifts nothing, and a deleted one leaves no gap
// and no repeat. A client that sends neither (an older build) gets the latest 50, never the whole
// history.

/// The `limit` and `cursor` of `GET /v1/trainee/workouts/history`.
struct HistoryPageRequest: Equatable {
  /// Logs in a page when the request gives no `limit`.
  static let defaultLimit = 50
  /// The most logs a page holds.
  static let maximumLimit = 100

  var limit: Int
  /// The page holds the logs after this one, latest done first; `nil`: from the latest.
  var after: WorkoutHistoryCursor?

  /// Reads the query; 400 `invalid_query` for a limit that is not a whole number from 1 to 100,
  /// or a cursor this server did not give.
  init(_ request: HTTPRequest) throws(HTTPError) {
    if let text = request.query["limit"] {
      guard text.utf8.count <= 3, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let limit = Int(text), (1...Self.maximumLimit).contains(limit)
      else {
        throw HTTPError(
          .badRequest, code: "invalid_query",
          message: "limit must be a whole number from 1 to \(Self.maximumLimit).")
      }
      self.limit = limit
    } else {
      limit = Self.defaultLimit
    }
    if let text = request.query["cursor"] {
      guard let after = WorkoutHistoryCursor(text) else {
        throw HTTPError(
          .badRequest, code: "invalid_query",
          message: "cursor must be a nextCursor of an earlier page, as given.")
      }
      self.after = after
    } else {
      after = nil
    }
  }

  /// The key of this page's answer in the answer cache.
  var cacheKey: String {
    answerKey("history", String(limit), after?.description ?? "")
  }
}

extension WorkoutRoutes {
  /// One page of the trainee's history.
  static func historyPage(
    _ page: HistoryPageRequest, of trainee: TraineeID, in store: any TraineeStore
  ) throws -> WorkoutHistoryDto {
    historyPage(
      page,
      of: try store.workoutSummaries(for: trainee, after: page.after, limit: page.limit + 1))
  }

  /// The page of `logs`, summaries read after the page's cursor, one more than the page holds
  /// when another page follows.
  static func historyPage(
    _ page: HistoryPageRequest, of logs: [WorkoutLogSummary]
  ) -> WorkoutHistoryDto {
    let shown = logs.prefix(page.limit)
    return WorkoutHistoryDto(
      workouts: shown.map { dto($0) },
      nextCursor: logs.count > page.limit ? shown.last?.cursor.description : nil)
  }
}
