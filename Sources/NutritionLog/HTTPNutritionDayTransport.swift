import Foundation
import TraineeAPI
import TraineeClient

// NB: docs/behaviour.md, "The nutrition day": `GET/PUT /v1/trainee/nutrition/day` through the API
// client. The client's offline (and timeout, cancelled and other transport failures: no answer
// came) is the engine's `.offline`, so those saves are retried when the network is reachable again;
// an HTTP status is `.http`; a 2xx body that is not a day is `.malformedResponse`.

/// The nutrition day API over `TraineeAPIClient`: the sync engine's transport in the app.
public struct HTTPNutritionDayTransport: NutritionDayTransport {
  /// The client the calls go through.
  public let client: TraineeAPIClient
  /// Where the days fetched are kept as last good answers, if anywhere.
  public let reads: KeptReads?

  /// A transport over `client`; with `reads` (on the same client), every day fetched is kept as
  /// its last good answer, which tells the app the day was loaded before
  /// (`wasLoadedBefore(_:)`). The engine is never answered from a copy.
  public init(client: TraineeAPIClient, keeping reads: KeptReads? = nil) {
    self.client = client
    self.reads = reads
  }

  /// Whether `date` was fetched from the server before (a copy of it is kept).
  public func wasLoadedBefore(_ date: CalendarDay) -> Bool {
    reads?.copies.contains(
      KeptRead<NutritionDayDto<NutritionDaySnapshot>>.nutritionDay(
        date: date.isoDate
      ).key) ?? false
  }

  public func getDay(
    date: CalendarDay
  ) async throws(NutritionDayTransportError) -> NutritionDayResponse {
    let answer: NutritionDayDto<NutritionDaySnapshot>
    do throws(TraineeAPIError) {
      if let reads {
        let kept: KeptAnswer<NutritionDayDto<NutritionDaySnapshot>> = try await reads.read(
          .nutritionDay(date: date.isoDate))
        if let failure = kept.failure { throw failure }
        answer = kept.value
      } else {
        answer = try await client.nutritionDay(date: date.isoDate, as: NutritionDaySnapshot.self)
      }
    } catch {
      throw Self.transportError(error)
    }
    guard let answered = CalendarDay(isoDate: answer.date), answered == date else {
      throw .malformedResponse(problem: "date is \"\(answer.date)\", not \(date.isoDate)")
    }
    return NutritionDayResponse(date: date, data: answer.data, swapOptions: answer.swapOptions)
  }

  public func putDay(
    date: CalendarDay, snapshot: NutritionDaySnapshot
  ) async throws(NutritionDayTransportError) {
    do {
      try await client.saveNutritionDay(date: date.isoDate, data: snapshot)
    } catch {
      throw Self.transportError(error)
    }
  }

  /// The engine's reading of a client error.
  static func transportError(_ error: TraineeAPIError) -> NutritionDayTransportError {
    switch error {
    case .offline, .timeout, .cancelled, .transport:
      .offline
    case .http(let status, _):
      .http(status: status)
    case .decoding(let problem):
      .malformedResponse(problem: problem.description)
    }
  }
}
