import Foundation
import Synchronization
import Testing

@testable import TraineeAPI
@testable import TraineeClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// After the server's first 401, clients sharing a `TokenRefusal` send nothing more.
struct TokenRefusalTests {
  @Test func afterA401NoRequestIsSentAndTheSame401IsThrown() async throws {
    let sent = Mutex(0)
    var client = TraineeAPIClient(
      baseURL: URL(string: "http://perform.test")!, token: "wrong", timeZone: { .gmt }
    ) { request in
      sent.withLock { $0 += 1 }
      return (
        Data(#"{"error":{"code":"unauthorized","message":"The token is not valid."}}"#.utf8),
        HTTPURLResponse(url: request.url!, statusCode: 401, httpVersion: nil, headerFields: nil)!
      )
    }
    let refusal = TokenRefusal()
    client.tokenRefusal = refusal
    let other = client

    let first = await #expect(throws: TraineeAPIError.self) { try await client.workouts() }
    #expect(first?.isRefusedToken == true)
    #expect(refusal.isRefused)
    let again = await #expect(throws: TraineeAPIError.self) { try await other.nutritionPlans() }
    #expect(again == first)
    #expect(sent.withLock { $0 } == 1)
  }

  @Test func otherFailuresRefuseNothing() async throws {
    let sent = Mutex(0)
    var client = TraineeAPIClient(
      baseURL: URL(string: "http://perform.test")!, token: "t", timeZone: { .gmt }
    ) { request in
      sent.withLock { $0 += 1 }
      return (
        Data(),
        HTTPURLResponse(url: request.url!, statusCode: 503, httpVersion: nil, headerFields: nil)!
      )
    }
    client.tokenRefusal = TokenRefusal()
    _ = try? await client.workouts()
    _ = try? await client.workouts()
    #expect(client.tokenRefusal?.isRefused == false)
    #expect(sent.withLock { $0 } == 2)
  }
}
