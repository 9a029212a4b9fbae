import Accounts
import CoachDashboard
import HTTPServer

/// Everything the trainee API server is started with besides its store: where it listens and its
/// limits, where its logs go, how long a graceful stop waits, where `/metrics` listens.
///
/// `perform serve` fills one in from its options and environment; tests fill one in by hand.
public struct ServerConfiguration: Equatable, Sendable {
  /// Where a log of JSON lines goes.
  public enum LogDestination: Equatable, Sendable {
    case off
    case standardOutput
    case standardError
    /// Appended to the file at this path, which is opened again on `reopenAccessLog()`.
    case file(String)
  }

  /// The API's address, port (0 picks one), threads, body and per-client limits, trusted proxies.
  public var http: MicroHTTPDServer.Configuration
  /// One line per request (`JSONLineLog.accessLine`).
  public var accessLog: LogDestination
  /// One line per request that failed inside the server, and per graceful stop that cut requests
  /// off.
  public var errorLog: LogDestination
  /// How long a graceful stop (`TraineeAPIServer.drain()`) waits for the requests begun.
  public var drainSeconds: Int
  /// The port of `GET /metrics` (0 picks one); no metrics server when `nil`.
  public var metricsPort: UInt16?
  /// Where `/metrics` listens.
  public var metricsHost: String
  /// The bearer token a scrape of `/metrics` must send (`Authorization: Bearer <token>`); any
  /// scrape is answered when `nil`. `perform serve` refuses a metrics host other than loopback
  /// without one.
  public var metricsToken: String?

  /// The most bytes of answers kept (`AnswerCache`); one trainee's answers hold at most an
  /// eighth of them (docs/security.md, "One trainee's reads and another's kept answers").
  public var answerCacheBytes = 64 << 20

  /// The accounts' lifetimes and limits; `perform serve --access-token-seconds` sets the access
  /// token's life (docs/decisions/accounts.md, "Token formats and lifetimes").
  public var accountPolicy = AccountPolicy.defaults

  /// How the coach's dashboard is reached: `perform serve --behind-tls` makes its cookie
  /// `Secure` (docs/security.md, "The dashboard's session and forms").
  public var dashboard = DashboardSettings()

  /// A configuration; by default the API on 127.0.0.1:8080, no access log, errors to standard
  /// error, a 30-second drain and no metrics.
  public init(
    http: MicroHTTPDServer.Configuration = .init(), accessLog: LogDestination = .off,
    errorLog: LogDestination = .standardError, drainSeconds: Int = 30,
    metricsPort: UInt16? = nil, metricsHost: String = "127.0.0.1", metricsToken: String? = nil
  ) {
    self.http = http
    self.accessLog = accessLog
    self.errorLog = errorLog
    self.drainSeconds = drainSeconds
    self.metricsPort = metricsPort
    self.metricsHost = metricsHost
    self.metricsToken = metricsToken
  }
}

/// Why the trainee API server did not start; it is stopped when this is thrown.
public enum ServerStartError: Error, CustomStringConvertible {
  /// The access log's file could not be opened for appending.
  case accessLog(any Error)
  /// The error log's file could not be opened for appending.
  case errorLog(any Error)
  /// The API could not listen at `host`:`port`.
  case listen(host: String, port: UInt16, MicroHTTPDServer.StartError)
  /// The store's opener threw (the database could not be opened or migrated, say).
  case store(any Error)
  /// `/metrics` could not listen at `host`:`port`.
  case metrics(host: String, port: UInt16, MicroHTTPDServer.StartError)

  public var description: String {
    switch self {
    case .accessLog(let error): "access log \(error)"
    case .errorLog(let error): "error log \(error)"
    case .listen(let host, let port, let error): "cannot listen on \(host):\(port): \(error)"
    case .store(let error): "\(error)"
    case .metrics(let host, let port, let error):
      "cannot listen for metrics on \(host):\(port): \(error)"
    }
  }
}
