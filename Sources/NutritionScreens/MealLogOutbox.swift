import DurableFiles
import Foundation
import TerminalScreens
import TraineeAPI
import TraineeClient

// NB: docs/decisions/the-terminal-app-as-a-daily-app.md "Meal logs from the app": a meal log is
// kept in the data directory (`pending-meal-logs.json`) from the moment it is entered until the
// server has it, and sent with its own `Idempotency-Key`, so a log whose answer was lost is stored
// once when sent again.

/// A meal log waiting for the server: what to send, its key, and the composed meal of the day
/// that stands for it (linked by `logId` once the server answers).
public struct PendingMealLog: Codable, Equatable, Sendable {
  /// The `Idempotency-Key` it is sent with, every time.
  public var key: String
  /// The composed meal holding its figures in the day of `request.date`.
  public var mealId: String
  public var request: MealLogRequestDto

  public init(key: String, mealId: String, request: MealLogRequestDto) {
    self.key = key
    self.mealId = mealId
    self.request = request
  }
}

/// Sends the waiting meal logs, one at a time, keeping each on disk until the server has it.
@MainActor
public final class MealLogOutbox {
  /// What a send came to.
  public enum Outcome: Equatable, Sendable {
    /// The server stored it (or had it already) under `id`.
    case logged(PendingMealLog, id: String)
    /// The server refused it (a 4xx): it is not sent again.
    case refused(PendingMealLog, problem: String)
  }

  /// The logs waiting, oldest first.
  public private(set) var waiting: [PendingMealLog] = []
  /// What the file had to say at launch.
  public let launchProblem: String?
  private let file: DurableJSONFile<[PendingMealLog]>
  private let send:
    @Sendable (MealLogRequestDto, String) async throws(TraineeAPIError) -> LoggedMealDto
  private var sending = false
  private var stopped = false
  /// Told of each log the server took or refused.
  public var onOutcome: (@MainActor (Outcome) -> Void)?

  /// The outbox kept in `dataDirectory`, sending through `send` (the request and its key).
  public init(
    dataDirectory: URL, now: Date,
    send:
      @escaping @Sendable (MealLogRequestDto, String) async throws(TraineeAPIError) ->
      LoggedMealDto
  ) {
    file = DurableJSONFile(
      url: DataDirectory(dataDirectory).pendingMealLogs,
      what: "The meal logs waiting to be sent")
    self.send = send
    let (value, problem) = file.load(now: now)
    waiting = value ?? []
    launchProblem = problem
  }

  /// Keeps `log` on disk, then sends what waits. Throws (keeping nothing) when the file cannot
  /// be written.
  public func add(_ log: PendingMealLog) throws(FileError) {
    try file.save(waiting + [log])
    waiting.append(log)
    sendWaiting()
  }

  /// Sends the waiting logs in order until one cannot be sent (the server away: they wait for
  /// the next call) or all are sent. Does nothing while a send runs.
  public func sendWaiting() {
    guard !stopped, !sending, !waiting.isEmpty else { return }
    sending = true
    Task {
      defer { sending = false }
      while let log = waiting.first {
        do throws(TraineeAPIError) {
          let logged = try await send(log.request, log.key)
          guard !stopped else { return }
          settle(log, .logged(log, id: logged.id))
        } catch {
          // NB: a 401 refuses the token, not the meal: it waits for the next sign-in
          // (docs/decisions/the-apps-files-and-the-api-client.md, "Sign-out without loss").
          guard case .http(let status, let body) = error, (400..<500).contains(status),
            ![401, 408, 429].contains(status)
          else { return }
          let problem = body.map { $0.error.message } ?? "the server answered \(status)"
          guard !stopped else { return }
          settle(log, .refused(log, problem: problem))
        }
      }
    }
  }

  /// Sends nothing more, and leaves the file as it is when a send under way ends: the app stops
  /// it before it quits, since a sign-out or a studio switch then clears the account's files, and
  /// an answer arriving after that must not write the logs back. A log whose answer is dropped
  /// so stays in the file (if not cleared) and is sent again at the next launch under its key,
  /// which the server answers with the same id.
  public func stop() {
    stopped = true
  }

  /// Whether a send is under way (tests wait on it).
  public var isSending: Bool { sending }

  private func settle(_ log: PendingMealLog, _ outcome: Outcome) {
    let rest = waiting.filter { $0.key != log.key }
    do {
      try file.save(rest)
    } catch {
      // Kept in memory as sent; the file still lists it, and the next launch sends it again
      // under the same key, which the server answers with the same id.
    }
    waiting = rest
    onOutcome?(outcome)
  }
}
