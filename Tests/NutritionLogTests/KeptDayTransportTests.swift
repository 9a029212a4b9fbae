import DurableFiles
import Foundation
import PerformTestSupport
import Testing

@testable import NutritionLog
@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The day transport keeping each day fetched as its last good answer, without ever answering
/// the sync engine from that copy.
struct KeptDayTransportTests {
  /// The day transport over `server`, keeping its answers in `copies`.
  func transport(
    _ server: ScriptedHTTPServer, copies: AnswerCopies
  ) -> HTTPNutritionDayTransport {
    let client = server.client()
    let reads = KeptReads(
      client: client, copies: copies, now: { Date(timeIntervalSince1970: 1_767_607_200) },
      report: { _ in })
    return HTTPNutritionDayTransport(client: client, keeping: reads)
  }

  @Test func aFetchedDayIsKeptButNeverAnsweredFromTheCopy() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("kept-days-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = ScriptedHTTPServer(
      body: #"{"date":"2026-01-05","data":{"eaten":{"2026-0-5__it_oats":true}}}"#, headers: [:])
    let transport = transport(server, copies: AnswerCopies(directory: directory))
    let today = Wall.day("2026-01-05")
    #expect(!transport.wasLoadedBefore(today))

    let day = try await transport.getDay(date: today)
    #expect(day.data?.eaten == ["2026-0-5__it_oats": true])
    #expect(transport.wasLoadedBefore(today))
    #expect(!transport.wasLoadedBefore(Wall.day("2026-01-04")))

    server.reachable = false
    await #expect(throws: NutritionDayTransportError.offline) {
      _ = try await transport.getDay(date: today)
    }
  }
}
