import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `/metrics` answers only this machine, or a scraper with the metrics token
/// (docs/security.md, "Metrics").
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServeMetricsTokenTests {
  private static func scratch() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("perform-metrics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// A token file holding `token`, with `mode`.
  private static func tokenFile(
    in directory: URL, _ token: String, mode: mode_t = 0o600
  ) throws -> URL {
    let file = directory.appendingPathComponent("metrics-token")
    try Data((token + "\n").utf8).write(to: file)
    chmod(file.path, mode)
    return file
  }

  @Test(arguments: [
    ["--metrics-host", "0.0.0.0"], ["--metrics-host", "::"], ["--metrics-host", "192.0.2.7"],
  ])
  func aMetricsHostOtherMachinesReachIsRefusedWithoutAToken(host: [String]) throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("perform.sqlite")
    // NB: --check-config, so that a broken check shows as a failure, not as a server that runs.
    let output = try PerformBinary.run(
      ["serve", "--check-config", "--database", database.path, "--metrics-port", "9464"] + host)
    #expect(output.status == 2, "\(output.stderr)")
    #expect(output.stderr.contains("--metrics-token-file"), "\(output.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: database.path), "a refused start creates nothing")
  }

  @Test func theEnvironmentsMetricsHostIsRefusedTooAndNamed() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = try PerformBinary.run(
      ["serve", "--check-config", "--database", directory.appendingPathComponent("p.sqlite").path],
      environment: ["PERFORM_METRICS_PORT": "9464", "PERFORM_METRICS_HOST": "0.0.0.0"])
    #expect(output.status == 2)
    #expect(output.stderr.contains("(from PERFORM_METRICS_HOST)"), "\(output.stderr)")
  }

  @Test func aTokenFileOthersCanReadOrAShortTokenIsRefused() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("p.sqlite").path
    let loose = try Self.tokenFile(in: directory, String(repeating: "a", count: 32), mode: 0o644)
    let refused = try PerformBinary.run(
      [
        "serve", "--check-config", "--database", database, "--metrics-port", "9464",
        "--metrics-token-file", loose.path,
      ])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("chmod 600"), "\(refused.stderr)")

    let short = try Self.tokenFile(in: directory, "short")
    let tooShort = try PerformBinary.run(
      [
        "serve", "--check-config", "--database", database, "--metrics-port", "9464",
        "--metrics-token-file", short.path,
      ])
    #expect(tooShort.status == 2)
    #expect(tooShort.stderr.contains("16 to 256 visible ASCII characters"), "\(tooShort.stderr)")
  }

  @Test func withATokenAnyHostIsAllowedAndSaid() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let token = try Self.tokenFile(in: directory, String(repeating: "b", count: 40))
    let output = try PerformBinary.run(
      [
        "serve", "--check-config", "--database", directory.appendingPathComponent("p.sqlite").path,
        "--metrics-port", "9464", "--metrics-host", "0.0.0.0", "--metrics-token-file",
        token.path,
      ])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(
      String(decoding: output.stdout, as: UTF8.self).contains(
        "metrics: 0.0.0.0:9464 (bearer token)"))
  }

  @Test func aScrapeWithoutTheTokenIsRefusedAndWithItAnswered() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let secret = String(repeating: "c0ffee", count: 6)
    let token = try Self.tokenFile(in: directory, secret)
    let server = try ServeChild(
      database: directory.appendingPathComponent("perform.sqlite"), demo: true,
      arguments: ["--metrics-port", "0", "--metrics-token-file", token.path])
    defer { server.interrupt() }
    let metrics = try #require(server.metricsURL)
    let port = try #require(metrics.port)
    let trainee = try #require(server.token)

    let bare = try RawHTTP.send(
      Array("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8),
      port: port)
    #expect(bare.status == 401)
    #expect(!bare.body.contains("perform_http_requests_total"))
    for wrong in [trainee, secret + "x", String(secret.dropLast())] {
      let refused = try RawHTTP.send(RawHTTP.get("/metrics", token: wrong), port: port)
      #expect(refused.status == 401)
      #expect(!refused.body.contains("perform_http_requests_total"))
    }
    let scraped = try RawHTTP.send(RawHTTP.get("/metrics", token: secret), port: port)
    #expect(scraped.status == 200)
    #expect(scraped.body.contains("# TYPE perform_http_requests_total counter"), "\(scraped.body)")
    #expect(!scraped.body.contains(secret))
    // Only GET /metrics is there, token or not.
    let elsewhere = try RawHTTP.send(RawHTTP.get("/v1/trainee/session", token: secret), port: port)
    #expect(elsewhere.status == 404)
  }
}
