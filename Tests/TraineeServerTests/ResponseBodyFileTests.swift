import Foundation
import Testing

@testable import HTTPServer

/// An answer sent from a file (docs/decisions/accounts.md, "Exporting an account"): the bytes
/// arrive whole with their length, untagged, and a failed write leaves no file.
struct ResponseBodyFileTests {
  @Test func aFileAnswerArrivesWholeAndUntagged() async throws {
    // More than one of MHD's blocks, and not a multiple of one.
    let pieces = (0..<40).map { index in [UInt8](repeating: UInt8(index), count: 65_537) }
    let file = try ResponseBodyFile.written { append in
      for piece in pieces { try append(piece) }
    }
    #expect(file.size == pieces.count * 65_537)
    let server = try LoopbackServer { _ in
      HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], file: file)
    }
    let (answer, response) = try await LoopbackClient(port: server.port).send("GET", "/export")
    #expect(answer.status == 200)
    #expect(answer.body == Data(pieces.joined()))
    #expect(response.value(forHTTPHeaderField: "Content-Length") == String(file.size))
    // Conditional GET leaves it untagged: a digest would read the whole file.
    let request = HTTPRequest(method: .get, path: "/export", headers: ["If-None-Match": "*"])
    let conditional = HTTPResponse(status: .ok, file: file).answering(conditional: request)
    #expect(conditional.status == .ok && conditional.headers["ETag"] == nil)
    // Sent twice from one file: each answer reads it from its start.
    let (again, _) = try await LoopbackClient(port: server.port).send("GET", "/export")
    #expect(again.body == answer.body)
  }

  @Test func aWriteThatFailsThrowsAndLeavesNoFile() throws {
    struct Stop: Error {}
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-body-file-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(throws: Stop.self) {
      try ResponseBodyFile.written(in: directory) { append in
        try append([1, 2, 3])
        throw Stop()
      }
    }
    let made = try ResponseBodyFile.written(in: directory) { try $0([1]) }
    #expect(made.size == 1)
    // Unlinked at once: no name reaches either.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
