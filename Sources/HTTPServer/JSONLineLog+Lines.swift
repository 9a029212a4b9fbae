import Foundation
import WireFormat

// The lines the server writes to its logs (`JSONLineLog`), their times as the API writes times
// (`ISO8601Instant`).

extension JSONLineLog {
  /// The access log line of `request`: time, id, method (`other` for one HTTP does not know:
  /// `HTTPMethod.label`), the route's pattern (`-` when none matched), status (`null` when the client went away first), duration and bytes.
  public static func accessLine(_ request: CompletedRequest, route: String?) -> String {
    encode(
      AccessLine(
        time: ISO8601Instant.textWithMilliseconds(request.startedAt), id: request.id,
        method: request.head.method.label,
        route: route ?? "-", status: request.status,
        durationMs: Double(request.duration.components.seconds) * 1000
          + Double(request.duration.components.attoseconds) / 1e15,
        bytesIn: request.bytesIn, bytesOut: request.bytesOut))
  }

  /// An error line: time, `level`, the request's id and route, and the message.
  public static func errorLine(
    _ message: String, request: HTTPRequest?, route: String?, at time: Date
  ) -> String {
    encode(
      ErrorLine(
        time: ISO8601Instant.textWithMilliseconds(time), level: "error", id: request?.id,
        method: request?.method.label,
        route: route, message: message))
  }

  private struct AccessLine: Encodable {
    var time: String
    var id: String
    var method: String
    var route: String
    var status: Int?
    var durationMs: Double
    var bytesIn: Int
    var bytesOut: Int

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(time, forKey: .time)
      try container.encode(id, forKey: .id)
      try container.encode(method, forKey: .method)
      try container.encode(route, forKey: .route)
      try container.encode(status, forKey: .status)
      try container.encode((durationMs * 1000).rounded() / 1000, forKey: .durationMs)
      try container.encode(bytesIn, forKey: .bytesIn)
      try container.encode(bytesOut, forKey: .bytesOut)
    }

    enum CodingKeys: String, CodingKey {
      case time, id, method, route, status, durationMs, bytesIn, bytesOut
    }
  }

  private struct ErrorLine: Encodable {
    var time: String
    var level: String
    var id: String?
    var method: String?
    var route: String?
    var message: String
  }

  private static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return #"{"level":"error"}"# }
    return String(decoding: data, as: UTF8.self)
  }
}
