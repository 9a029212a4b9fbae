import DurableFiles
import Foundation
import HTTPServer
import SQLStore
import TraineeData
import TraineeDatabaseSchema
import TraineeServer

#if canImport(Glibc)
  import Glibc
#endif

// NB: container platforms and systemd units configure a server through its environment. Every
// option of `perform serve` can also come from `PERFORM_` and its name in capitals with `_` for
// `-` (`--max-requests-per-address` is `PERFORM_MAX_REQUESTS_PER_ADDRESS`; the `--demo` flag is
// `PERFORM_DEMO=1`, `true` or `yes`, off with `0`, `false`, `no` or empty). The command line wins
// over the environment. A bad value names where it came from.

/// The settings of `perform serve`, read from its arguments and the environment and checked.
package struct ServeSettings {
  package static let options: Set<String> = Set([
    "host", "port", "database", "data-dir", "max-requests-per-address",
    "max-body-mib-in-flight", "trusted-proxy", "access-log", "drain-seconds", "metrics-port",
    "metrics-host", "metrics-token-file",
    // Connections held open (docs/security.md, "Connections held open").
    "max-connections", "max-connections-per-address", "header-deadline-seconds",
    "answer-cache-mib",
  ])
  // The trainee quotas (ServeSettings+Quotas.swift).
  .union(quotaOptions.keys)
  // The audit log's retention (ServeSettings+AuditRetention.swift).
  .union(["audit-retention-days"])
  // The access token's life (ServeSettings+AccessTokens.swift).
  .union(["access-token-seconds"])
  package static let flags: Set<String> = ["demo", "check-config", "behind-tls"]

  /// What the server is started with: address, limits, logs, drain and metrics.
  package var server: ServerConfiguration
  /// What each trainee may keep and how fast they may write.
  package var quotas: TraineeQuotas
  /// How long a deleted account's audit events are kept, in days.
  package var auditRetentionDays: Int
  package var demo: Bool
  package var checkOnly: Bool
  /// The options as given (for the database and data directory).
  package var given: Options

  /// Reads `arguments`, then the `PERFORM_` variables of `environment` for what they lack.
  package init(arguments: [String], environment: [String: String]) throws(UsageError) {
    var given = try Options(arguments, known: Self.options, knownFlags: Self.flags)
    guard given.positional.isEmpty else {
      throw UsageError("serve takes no arguments besides its options")
    }
    var sources: [String: String] = [:]
    for name in Self.options where given.values[name] == nil {
      if let value = environment[Self.variable(name)] {
        given.values[name] = value
        sources[name] = Self.variable(name)
      }
    }
    for flag in ["demo", "behind-tls"] where !given.flags.contains(flag) {
      guard let value = environment[Self.variable(flag)] else { continue }
      switch value.lowercased() {
      case "1", "true", "yes": given.flags.insert(flag)
      case "0", "false", "no", "": break
      default:
        throw UsageError(
          "\(Self.variable(flag)) \"\(value)\" is not 1, true, yes, 0, false or no")
      }
    }
    func name(_ option: String) -> String {
      sources[option].map { "--\(option) (from \($0))" } ?? "--\(option)"
    }
    let host = given.values["host"] ?? "127.0.0.1"
    guard let port = UInt16(given.values["port"] ?? "8080") else {
      throw UsageError(
        "\(name("port")) \"\(given.values["port"] ?? "")\" is not a port number (0 to 65535)")
    }
    var configuration = MicroHTTPDServer.Configuration(host: host, port: port)
    if let text = given.values["max-requests-per-address"] {
      guard let limit = Int(text), (1...100_000).contains(limit) else {
        throw UsageError(
          "\(name("max-requests-per-address")) \"\(text)\" is not a number from 1 to 100000")
      }
      configuration.maxRequestsPerAddress = limit
    }
    if let text = given.values["max-body-mib-in-flight"] {
      guard let mebibytes = Int(text), (1...65_536).contains(mebibytes) else {
        throw UsageError(
          "\(name("max-body-mib-in-flight")) \"\(text)\" is not a number from 1 to 65536")
      }
      configuration.maxBodyBytesInFlight = mebibytes << 20
    }
    if let text = given.values["trusted-proxy"] {
      let proxies = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      guard !proxies.isEmpty, proxies.allSatisfy(isNumericAddress) else {
        throw UsageError(
          "\(name("trusted-proxy")) \"\(text)\" is not a comma-separated list of IP addresses")
      }
      configuration.trustedProxies = Set(proxies)
    }
    try Self.readConnectionLimits(given, into: &configuration, name: name)
    // Errors and warnings go to standard error as JSON lines with the request's id.
    var server = ServerConfiguration(http: configuration, errorLog: .standardError)
    if let text = given.values["metrics-port"] {
      guard let port = UInt16(text) else {
        throw UsageError("\(name("metrics-port")) \"\(text)\" is not a port number (0 to 65535)")
      }
      server.metricsPort = port
    }
    server.metricsHost = given.values["metrics-host"] ?? "127.0.0.1"
    if let path = given.values["metrics-token-file"] {
      server.metricsToken = try Self.metricsToken(
        fromFile: path, option: name("metrics-token-file"))
    }
    // NB: docs/security.md, "Metrics": a scrape from beyond this machine needs the token.
    if server.metricsPort != nil, server.metricsToken == nil, !isLoopback(server.metricsHost) {
      throw UsageError(
        "\(name("metrics-host")) \(server.metricsHost) is reachable from other machines: give"
          + " --metrics-token-file FILE too (scrapes then send Authorization: Bearer <token>),"
          + " or leave the metrics on 127.0.0.1")
    }
    if let text = given.values["drain-seconds"] {
      guard let seconds = Int(text), (0...3600).contains(seconds) else {
        throw UsageError("\(name("drain-seconds")) \"\(text)\" is not a number from 0 to 3600")
      }
      server.drainSeconds = seconds
    }
    // The answer cache (docs/security.md, "One trainee's reads and another's kept answers").
    if let text = given.values["answer-cache-mib"] {
      guard let mebibytes = Int(text), (1...65_536).contains(mebibytes) else {
        throw UsageError("\(name("answer-cache-mib")) \"\(text)\" is not a number from 1 to 65536")
      }
      server.answerCacheBytes = mebibytes << 20
    }
    switch given.values["access-log"] ?? "-" {
    case "off": server.accessLog = .off
    case "-": server.accessLog = .standardOutput
    case "": throw UsageError("\(name("access-log")) is empty; give -, a file or off")
    case let file: server.accessLog = .file(file)
    }
    server.accountPolicy.accessTokenSeconds = try Self.accessTokenSeconds(given, name: name)
    server.dashboard.behindTLS = given.flags.contains("behind-tls")
    self.server = server
    self.quotas = try Self.quotas(given, name: name)
    self.auditRetentionDays = try Self.auditRetentionDays(given, name: name)
    self.demo = given.flags.contains("demo")
    self.checkOnly = given.flags.contains("check-config")
    self.given = given
  }

  /// The token in the file at `path` (its first line), which other users must not be able to
  /// read; `option` names where the path came from.
  static func metricsToken(fromFile path: String, option: String) throws(UsageError) -> String {
    let token: String
    do {
      token = try RemoteServer.read(tokenFile: path)
    } catch {
      throw UsageError("\(option): \(error.description)")
    }
    guard ServerConfiguration.isMetricsToken(token) else {
      throw UsageError(
        "\(option): the token in \(path) must be 16 to 256 visible ASCII characters on its"
          + " first line (openssl rand -hex 32 makes one)")
    }
    return token
  }

  /// `--max-connections`, `--max-connections-per-address` and `--header-deadline-seconds`.
  private static func readConnectionLimits(
    _ given: Options, into configuration: inout MicroHTTPDServer.Configuration,
    name: (String) -> String
  ) throws(UsageError) {
    func number(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
      guard let text = given.values[option] else { return nil }
      guard let value = Int(text), range.contains(value) else {
        throw UsageError(
          "\(name(option)) \"\(text)\" is not a number from \(range.lowerBound)"
            + " to \(range.upperBound)")
      }
      return value
    }
    if let value = try number("max-connections", in: 1...1_000_000) {
      configuration.maxConnections = value
    }
    if let value = try number("max-connections-per-address", in: 1...1_000_000) {
      configuration.maxConnectionsPerAddress = value
    }
    if let value = try number("header-deadline-seconds", in: 1...3600) {
      configuration.headerDeadlineSeconds = value
    }
  }

  /// `PERFORM_` and `option` in capitals, `-` as `_`.
  static func variable(_ option: String) -> String {
    "PERFORM_" + option.uppercased().replacingOccurrences(of: "-", with: "_")
  }

  /// Problems `--check-config` finds beyond the values themselves: an access log file or a
  /// database that cannot be opened, a database a newer Perform wrote. Creates nothing.
  func problems() -> [String] {
    var found: [String] = []
    if case .file(let path) = server.accessLog, !canWrite(file: path) {
      found.append("--access-log \(path): cannot be written")
    }
    let database =
      given.values["database"]
      ?? dataLayout(given).database.path
    let isURL = PostgreSQLDatabase.isURL(database)
    if isURL || FileManager.default.fileExists(atPath: database) {
      do {
        let opened: any DatabaseDriver =
          isURL
          ? try PostgreSQLDatabase(url: database) : try SQLiteDatabase(path: database)
        defer { opened.close() }
        let version = try Migrations.version(of: opened)
        if version > TraineeSchema.version {
          found.append(
            "\(opened.location) has schema version \(version), newer than the"
              + " \(TraineeSchema.version) this Perform knows")
        }
      } catch {
        found.append("\(isURL ? PostgreSQLDatabase.withoutPassword(database) : database): \(error)")
      }
    } else if !canWrite(file: database) {
      found.append("\(database) does not exist and cannot be created")
    }
    return found
  }

  /// What `--check-config` prints when the settings are good.
  var summary: [String] {
    let log: String
    switch server.accessLog {
    case .off: log = "off"
    case .standardOutput: log = "standard output"
    case .standardError: log = "standard error"
    case .file(let path): log = path
    }
    let configuration = server.http
    return [
      "listen: \(configuration.host):\(configuration.port)",
      "database: \(PostgreSQLDatabase.withoutPassword(given.values["database"] ?? dataLayout(given).database.path))",
      "access log: \(log)",
      "max requests per address: \(configuration.maxRequestsPerAddress)",
      "max body MiB in flight: \(configuration.maxBodyBytesInFlight >> 20)",
      "max connections: \(configuration.maxConnections),"
        + " \(configuration.maxConnectionsPerAddress) per address",
      "header deadline: \(configuration.headerDeadlineSeconds) s",
      "trusted proxies: \(configuration.trustedProxies.sorted().joined(separator: ",").nilIfEmpty ?? "none")",
      "demo trainee: \(demo ? "yes" : "no")",
      "dashboard cookies: "
        + (server.dashboard.behindTLS
          ? "Secure (behind TLS)" : "Secure when a trusted proxy says https"),
      "metrics: \(server.metricsPort.map { "\(server.metricsHost):\($0)" } ?? "off")"
        + (server.metricsPort != nil && server.metricsToken != nil ? " (bearer token)" : ""),
      "answer cache MiB: \(server.answerCacheBytes >> 20)",
      "audit retention of deleted accounts: \(auditRetentionDays) days",
      "access token life: \(server.accountPolicy.accessTokenSeconds) s",
    ] + Self.summary(of: quotas)
  }
}

/// Whether `path` exists and can be written, or its directory lets it be created.
private func canWrite(file path: String) -> Bool {
  if FileManager.default.fileExists(atPath: path) { return access(path, W_OK) == 0 }
  let directory = (path as NSString).deletingLastPathComponent
  return access(directory.isEmpty ? "." : directory, W_OK) == 0
}

/// Whether `host` names this machine only: `localhost`, 127.0.0.0/8 or `::1`.
private func isLoopback(_ host: String) -> Bool {
  if host == "localhost" { return true }
  var v4 = in_addr()
  if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
  var v6 = in6_addr()
  guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
  return withUnsafeBytes(of: &v6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
}

/// Whether `text` is an IPv4 or IPv6 address written as numbers (`192.0.2.1`, `::1`).
private func isNumericAddress(_ text: String) -> Bool {
  var v4 = in_addr()
  var v6 = in6_addr()
  return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
