import Foundation
import NutritionLog
import Testing

@testable import NutritionReplay

/// The in-process server: a future PUT refused in the request's zone, batches taken in date
/// order, and requests recorded with their status (none when the network is down).
@MainActor
struct ReplayServerTests {
  @Test(arguments: [
    (Sample.berlin, 200),  // 2026-01-06T04:30Z is 05:30 on the 6th in Berlin: today
    (Sample.newYork, 400),  // and 23:30 on the 5th in New York: the 6th is still to come
  ])
  func aPutOfADateAfterTheServersTodayIsRefusedLikeTheRealServer(
    _ zone: TimeZone, _ status: Int
  ) async {
    let device = ReplayDevice(start: Sample.instant("2026-01-06T04:30:00Z"), timeZone: zone)
    let server = ReplayServer(days: [:], device: device)
    let put = Task { () -> NutritionDayTransportError? in
      do throws(NutritionDayTransportError) {
        try await server.putDay(date: Sample.tomorrow, snapshot: .empty)
        return nil
      } catch {
        return error
      }
    }
    await drainMainActor()
    server.handleSent()

    #expect(await server.deliverNext())
    let expected: NutritionDayTransportError? = status == 200 ? nil : .http(status: 400)
    #expect(await put.value == expected)
    #expect(server.requests.map(\.status) == [status])
    #expect(server.days.keys.sorted() == (status == 200 ? [Sample.tomorrow] : []))
  }

  @Test func callsSentTogetherAreTakenInDateOrder() async {
    let device = ReplayDevice(start: Sample.start, timeZone: Sample.berlin)
    let server = ReplayServer(days: [:], device: device)
    server.failNext(1)
    let put = Task { try await server.putDay(date: Sample.today, snapshot: .empty) }
    let get = Task { try await server.getDay(date: Sample.yesterday) }
    await drainMainActor()
    server.handleSent()

    #expect(Sample.summary(server.requests) == ["GET 2026-01-04 500 @0", "PUT 2026-01-05 200 @0"])
    while await server.deliverNext() {}
    await #expect(throws: NutritionDayTransportError.http(status: 500)) { try await get.value }
    await #expect(throws: Never.self) { try await put.value }
  }

  @Test func withoutNetworkARequestHasNoStatusAndFailsOffline() async {
    let device = ReplayDevice(start: Sample.start, timeZone: Sample.berlin)
    let server = ReplayServer(days: [Sample.today: .empty], device: device)
    server.isReachable = false
    server.failNext(1)
    let get = Task { try await server.getDay(date: Sample.today) }
    await drainMainActor()
    server.handleSent()
    _ = await server.deliverNext()

    await #expect(throws: NutritionDayTransportError.offline) { try await get.value }
    #expect(Sample.summary(server.requests) == ["GET 2026-01-05 - @0"])
  }

  @Test func anAnswerArrivesAfterTheLatency() async throws {
    let device = ReplayDevice(start: Sample.start, timeZone: Sample.berlin)
    let server = ReplayServer(days: [:], device: device)
    server.latency = .milliseconds(800)
    let get = Task { try await server.getDay(date: Sample.today) }
    await drainMainActor()
    server.handleSent()

    #expect(server.nextAnswerAt == .milliseconds(800))
    _ = await server.deliverNext()
    #expect(try await get.value == NutritionDayResponse(date: Sample.today, data: nil))
  }
}
