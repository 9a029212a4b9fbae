import DurableFiles
import Foundation
import Synchronization
import Testing

@testable import NutritionLog
@testable import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The day transport keeping each day fetched as its last good answer, without ever answering
/// the sync engine from that copy.
struct KeptDayTransportTests {
  final class Server: Sendable {
    let reachable = Mutex(true)
    let body = #"{"date":"2026-01-05","data":{"eaten":{"2026-0-5__it_oats":true}}}"#

    func transport(copies: AnswerCopies) -> HTTPNutritionDayTransport {
      let client = TraineeAPIClient(
        baseURL: URL(string: "http://perform.test/")!, token: "t0k3n",
        timeZone: { TimeZone(identifier: "UTC")! }
      ) { request in
        guard self.reachable.withLock({ $0 }) else { throw URLError(.cannotConnectToHost) }
        let response = HTTPURLResponse(
          url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])!
        return (Data(self.body.utf8), response)
      }
      let reads = KeptReads(
        client: client, copies: copies, now: { Date(timeIntervalSince1970: 1_767_607_200) },
        report: { _ in })
      return HTTPNutritionDayTransport(client: client, keeping: reads)
    }
  }

  @Test func aFetchedDayIsKeptButNeverAnsweredFromTheCopy() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kept-days-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = Server()
    let transport = server.transport(copies: AnswerCopies(directory: directory))
    let today = Wall.day("2026-01-05")
    #expect(!transport.wasLoadedBefore(today))

    let day = try await transport.getDay(date: today)
    #expect(day.data?.eaten == ["2026-0-5__it_oats": true])
    #expect(transport.wasLoadedBefore(today))
    #expect(!transport.wasLoadedBefore(Wall.day("2026-01-04")))

    server.reachable.withLock { $0 = false }
    await #expect(throws: NutritionDayTransportError.offline) {
      _ = try await transport.getDay(date: today)
    }
  }
}
