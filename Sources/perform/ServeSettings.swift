import DurableFiles
import Foundation
import HTTPServer
import SQLStore
import TraineeData
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
struct ServeSettings {
  static let options: Set<String> = [
    "host", "port", "database", "data-dir", "max-requests-per-address",
    "max-body-mib-in-flight", "trusted-proxy", "access-log", "drain-seconds", "metrics-port",
    "metrics-host",
    "answer-cache-mib",
  ]
  static let flags: Set<String> = ["demo", "check-config"]

  /// What the server is started with: address, limits, logs, drain and metrics.
  var server: ServerConfiguration
  var demo: Bool
  var checkOnly: Bool
  /// The options as given (for the database and data directory).
  var given: Options

  /// Reads `arguments`, then the `PERFORM_` variables of `environment` for what they lack.
  init(arguments: [String], environment: [String: String]) throws(UsageError) {
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
    if !given.flags.contains("demo"), let value = environment[Self.variable("demo")] {
      switch value.lowercased() {
      case "1", "true", "yes": given.flags.insert("demo")
      case "0", "false", "no", "": break
      default:
        throw UsageError(
          "\(Self.variable("demo")) \"\(value)\" is not 1, true, yes, 0, false or no")
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
    // Errors and warnings go to standard error as JSON lines with the request's id.
    var server = ServerConfiguration(http: configuration, errorLog: .standardError)
    if let text = given.values["metrics-port"] {
      guard let port = UInt16(text) else {
        throw UsageError("\(name("metrics-port")) \"\(text)\" is not a port number (0 to 65535)")
      }
      server.metricsPort = port
    }
    server.metricsHost = given.values["metrics-host"] ?? "127.0.0.1"
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
    self.server = server
    self.demo = given.flags.contains("demo")
    self.checkOnly = given.flags.contains("check-config")
    self.given = given
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
      "trusted proxies: \(configuration.trustedProxies.sorted().joined(separator: ",").nilIfEmpty ?? "none")",
      "demo trainee: \(demo ? "yes" : "no")",
      "metrics: \(server.metricsPort.map { "\(server.metricsHost):\($0)" } ?? "off")",
      "answer cache MiB: \(server.answerCacheBytes >> 20)",
    ]
  }
}

/// Whether `path` exists and can be written, or its directory lets it be created.
private func canWrite(file path: String) -> Bool {
  if FileManager.default.fileExists(atPath: path) { return access(path, W_OK) == 0 }
  let directory = (path as NSString).deletingLastPathComponent
  return access(directory.isEmpty ? "." : directory, W_OK) == 0
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
