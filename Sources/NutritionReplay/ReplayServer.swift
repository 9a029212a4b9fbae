import Foundation
import NutritionLog
import TraineeAPI

// NB: `perform nutrition-replay` (docs/replay.md): an in-process server that keeps days per date, can
// be made to fail, refuses a PUT of a future date as the real one does (400 `future_date`, today
// taken in the request's `X-Timezone`), and records every request. The answer of a request
// reaches the app `latency` after it was sent, when the runner delivers it; it arrives on the
// main actor, and the engine's code after the call runs in the same step, so the runner knows
// exactly when an answer has been taken in.
// The requests the engine sends at one instant in one go (a flush of several dates, the retries
// when the network comes back) leave in the order it walks a dictionary of dates, which differs
// from run to run; the server takes each such batch in date order, so which one a `failNext`
// hits, and the order they are recorded and answered in, is the same every time.

/// The replay's nutrition day server, and the app's transport to it.
@MainActor
final class ReplayServer: NutritionDayTransport {
  /// The path of both calls.
  static let dayPath = TraineeEndpoints.table.getNutritionDay.path.description
  /// The status of a call failed by `failNext`.
  static let failureStatus = 500
  /// The status of a PUT of a date after the server's today (`future_date`).
  static let futureDateStatus = 400

  /// The days the server holds.
  private(set) var days: [CalendarDay: NutritionDaySnapshot]
  /// Every request the app sent, in order, including those that never reached the server.
  private(set) var requests: [ReplayRequest] = []
  /// Whether the network lets requests through.
  var isReachable = true
  /// How long an answer takes to reach the app.
  var latency = Duration.zero

  private let device: ReplayDevice
  private var failuresToCome = 0
  /// Calls made since the last `takeCalls()`, not yet handled.
  private var sent: [Call] = []
  /// Handled calls whose answers are on their way.
  private var answers: [Call] = []
  private var takenIn: CheckedContinuation<Void, Never>?

  /// One call: what was asked, then what the server answered and when the app gets it.
  private final class Call {
    let date: CalendarDay
    /// The day a PUT sends; `nil` for a GET.
    let snapshot: NutritionDaySnapshot?
    let deliver: CheckedContinuation<Void, Never>
    var outcome: Result<NutritionDaySnapshot?, NutritionDayTransportError> = .failure(.offline)
    var dueAt = Duration.zero

    init(
      date: CalendarDay, snapshot: NutritionDaySnapshot?, deliver: CheckedContinuation<Void, Never>
    ) {
      self.date = date
      self.snapshot = snapshot
      self.deliver = deliver
    }

    var method: String { snapshot == nil ? "GET" : "PUT" }
  }

  /// A server holding `days`, on the clock and zone of `device`.
  init(days: [CalendarDay: NutritionDaySnapshot], device: ReplayDevice) {
    self.days = days
    self.device = device
  }

  /// Fails the next `count` requests that reach the server with status 500.
  func failNext(_ count: Int) {
    failuresToCome += count
  }

  // MARK: NutritionDayTransport

  func getDay(date: CalendarDay) async throws(NutritionDayTransportError) -> NutritionDayResponse {
    let data = try await call(date, snapshot: nil).get()
    return NutritionDayResponse(date: date, data: data)
  }

  func putDay(
    date: CalendarDay, snapshot: NutritionDaySnapshot
  ) async throws(NutritionDayTransportError) {
    _ = try await call(date, snapshot: snapshot).get()
  }

  /// Sends a call and waits for its answer; then tells the runner it arrived.
  private func call(
    _ date: CalendarDay, snapshot: NutritionDaySnapshot?
  ) async -> Result<NutritionDaySnapshot?, NutritionDayTransportError> {
    var call: Call?
    await withCheckedContinuation { deliver in
      call = Call(date: date, snapshot: snapshot, deliver: deliver)
      sent.append(call!)
    }
    takenIn?.resume()
    takenIn = nil
    return call!.outcome
  }

  // MARK: The runner's side

  /// Handles the calls sent since the last time, in date order: records them, decides each
  /// answer (no network, a failure asked for, or what the server makes of it) and sets it on
  /// its way.
  func handleSent() {
    let batch = sent.sorted { $0.date < $1.date }
    sent = []
    for call in batch {
      call.outcome = outcome(of: call)
      call.dueAt = device.elapsed + latency
      let status: Int? =
        switch call.outcome {
        case .success: 200
        case .failure(.http(let status)): status
        case .failure: nil
        }
      requests.append(
        ReplayRequest(
          method: call.method, path: Self.dayPath, date: call.date, status: status,
          at: device.wallNow))
      answers.append(call)
    }
  }

  private func outcome(of call: Call) -> Result<NutritionDaySnapshot?, NutritionDayTransportError> {
    guard isReachable else { return .failure(.offline) }
    if failuresToCome > 0 {
      failuresToCome -= 1
      return .failure(.http(status: Self.failureStatus))
    }
    guard let snapshot = call.snapshot else { return .success(days[call.date]) }
    guard call.date <= device.serverToday() else {
      return .failure(.http(status: Self.futureDateStatus))
    }
    days[call.date] = snapshot
    return .success(snapshot)
  }

  /// When the next answer is due.
  var nextAnswerAt: Duration? {
    answers.first.map(\.dueAt)
  }

  /// Delivers the earliest answer (the first sent, among those due together) and returns once
  /// the app has taken it in. Returns `false` when none is on its way.
  func deliverNext() async -> Bool {
    // NB: every call waits the same latency from when it was handled, so `answers` is in due
    // order unless `latency` shrank meanwhile: take the earliest, the first among equals.
    guard let index = answers.indices.min(by: { answers[$0].dueAt < answers[$1].dueAt }) else {
      return false
    }
    let call = answers.remove(at: index)
    await withCheckedContinuation { waiter in
      takenIn = waiter
      call.deliver.resume()
    }
    return true
  }

  /// Lets every call still waiting get an answer, without waiting for it to arrive (the end of
  /// a replay): calls not handled yet fail as if the network were down.
  func deliverAll() {
    let waiting = sent + answers
    sent = []
    answers = []
    for call in waiting { call.deliver.resume() }
  }
}

/// One request the app sent: `status` is the server's answer, `nil` when the network was down.
public struct ReplayRequest: Encodable, Equatable, Sendable {
  /// `GET` or `PUT`.
  public var method: String
  /// `/v1/trainee/nutrition/day`.
  public var path: String
  /// The day asked for or sent, written `YYYY-MM-DD`.
  public var date: CalendarDay
  /// 200, 400 (a future date), 500 (`failNext`), or `nil` when the network was down.
  public var status: Int?
  /// When it was sent, on the device's clock.
  public var at: Date

  public init(method: String, path: String, date: CalendarDay, status: Int?, at: Date) {
    self.method = method
    self.path = path
    self.date = date
    self.status = status
    self.at = at
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(method, forKey: .method)
    try container.encode(path, forKey: .path)
    try container.encode(date, forKey: .date)
    try container.encode(status, forKey: .status)
    try container.encode(ISO8601Instant.text(at), forKey: .at)
  }

  enum CodingKeys: String, CodingKey { case method, path, date, status, at }
}
