import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `perform serve` running in the background on a free loopback port.
final class ServeChild: @unchecked Sendable {
  // @unchecked: every stored property is a constant set in init; Process is used only to send
  // signals and wait, which it allows from any thread.
  let process = Process()
  let port: Int
  /// The demo trainee's token, when started with `--demo`.
  let token: String?
  /// `GET /metrics` of a server started with `--metrics-port`.
  let metricsURL: URL?
  /// The coach's dashboard, as `serve` prints it after `listening:`.
  let dashboardURL: String?
  private let output = Pipe()

  /// Starts `perform serve --port port --database database [--demo]` with `extra` arguments
  /// and waits for its `listening:` line (at most a minute); port 0 picks a free one.
  convenience init(
    database: URL, demo: Bool, port: Int = 0, arguments extra: [String] = [],
    environment: [String: String] = [:]
  ) throws {
    try self.init(
      databaseArgument: database.path, demo: demo, port: port, arguments: extra,
      environment: environment)
  }

  /// Starts `perform serve --database databaseArgument` (a SQLite path or a PostgreSQL URL).
  init(
    databaseArgument: String, demo: Bool, port: Int = 0, arguments extra: [String] = [],
    environment: [String: String] = [:]
  ) throws {
    process.executableURL = PerformBinary.url
    process.arguments =
      ["serve", "--host", "127.0.0.1", "--port", String(port), "--database", databaseArgument]
      + (demo ? ["--demo"] : []) + extra
      // Standard output is read only until `listening:`: no access log there unless asked.
      + (extra.contains("--access-log") || environment["PERFORM_ACCESS_LOG"] != nil
        ? [] : ["--access-log", "off"])
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try ChildStart.run(process)
    var token: String?
    var port: Int?
    var metricsURL: URL?
    let wantsMetrics = extra.contains("--metrics-port")
    var buffer = Data()
    let deadline = Date() + 60
    var dashboardURL: String?
    while port == nil || dashboardURL == nil || (wantsMetrics && metricsURL == nil),
      Date() < deadline
    {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      buffer += chunk
      for line in String(decoding: buffer, as: UTF8.self).split(separator: "\n") {
        if line.hasPrefix("token: ") { token = String(line.dropFirst("token: ".count)) }
        if line.hasPrefix("listening: "), let colon = line.lastIndex(of: ":") {
          port = Int(line[line.index(after: colon)...])
        }
        if line.hasPrefix("metrics: ") { metricsURL = URL(string: String(line.dropFirst(9))) }
        if line.hasPrefix("coach dashboard: ") {
          dashboardURL = String(line.dropFirst("coach dashboard: ".count))
        }
      }
    }
    self.metricsURL = metricsURL
    self.dashboardURL = dashboardURL
    guard let port else {
      process.terminate()
      throw ChildFailure("perform serve did not start: \(String(decoding: buffer, as: UTF8.self))")
    }
    self.port = port
    self.token = token
  }

  /// Kills the server at once, as a crash or `kill -9` would.
  func kill9() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Asks the server to stop and waits for it; one that has not stopped after 20 seconds is
  /// killed, so a hung server fails the test instead of hanging it.
  @discardableResult
  func interrupt() -> Bool {
    kill(process.processIdentifier, SIGINT)
    let deadline = Date() + 20
    while process.isRunning, Date() < deadline { usleep(10_000) }
    guard process.isRunning else { return true }
    kill9()
    return false
  }

  /// Sends a request and returns the status and body; throws when no answer came.
  func request(
    _ method: String, _ path: String, token: String?, body: Data? = nil,
    headers: [String: String] = [:]
  ) async throws -> (status: Int, body: Data) {
    let answer = try await exchange(method, path, token: token, body: body, headers: headers)
    return (answer.status, answer.body)
  }

  /// Sends a request and returns the status, the body and the answer's headers; throws when no
  /// answer came.
  func exchange(
    _ method: String, _ path: String, token: String?, body: Data? = nil,
    headers: [String: String] = [:]
  ) async throws -> (status: Int, body: Data, headers: [String: String]) {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = 30
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.cachePolicy = .reloadIgnoringLocalCacheData
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as? HTTPURLResponse
    var fields: [String: String] = [:]
    for (name, value) in http?.allHeaderFields ?? [:] {
      if let name = name as? String, let value = value as? String { fields[name] = value }
    }
    return (http?.statusCode ?? 0, data, fields)
  }
}
