import Foundation
import TraineeAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// NB: docs/decisions/the-server-http-routes-and-storage.md, "The server: HTTP, routes and storage",
// Client: `URLSession` with typed requests per endpoint; every request carries `Authorization:
// Bearer <token>` and `X-Timezone: <IANA zone>`; errors are typed. The transport is a closure so
// tests hand the client a fake (docs/architecture.md, "Effects at the edge").

/// The trainee API as typed calls, one method per endpoint.
///
/// Every request carries `Authorization: Bearer <token>` and `X-Timezone` with the zone the
/// time-zone provider gives at the time of the request. Every method throws `TraineeAPIError`.
public struct TraineeAPIClient: Sendable {
  /// Sends one request and answers the body and the HTTP response.
  typealias Transport = @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

  /// The server's root, such as `http://127.0.0.1:8080`; paths are appended to it.
  public let baseURL: URL
  /// What every request's `Authorization` carries.
  public let credentials: APICredentials
  let timeZone: @Sendable () -> TimeZone
  let transport: Transport
  /// Shared by the app's clients: once the server refused the token (401), no request is sent.
  public var tokenRefusal: TokenRefusal?

  /// A client of the server at `baseURL` acting for the trainee `token` names, over `session`.
  ///
  /// `timeZone` is asked on every request (the device zone, read through `DeviceTimeZone` in
  /// the app); it defaults to the process's current zone.
  public init(
    baseURL: URL, token: String, session: URLSession = .shared,
    timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
  ) {
    self.init(baseURL: baseURL, credentials: .token(token), session: session, timeZone: timeZone)
  }

  /// A client of the server at `baseURL` sending `credentials` (a legacy token, a signed-in
  /// session that renews itself, or none for sign-in and refresh), over `session`.
  public init(
    baseURL: URL, credentials: APICredentials, session: URLSession = .shared,
    timeZone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
  ) {
    self.init(baseURL: baseURL, credentials: credentials, timeZone: timeZone) { request in
      let (data, response) = try await session.data(for: request)
      guard let http = response as? HTTPURLResponse else {
        throw TraineeAPIError.transport("The answer is not an HTTP response.")
      }
      return (data, http)
    }
  }

  /// A client sending through `transport`, for tests.
  init(
    baseURL: URL, token: String, timeZone: @escaping @Sendable () -> TimeZone,
    transport: @escaping Transport
  ) {
    self.init(
      baseURL: baseURL, credentials: .token(token), timeZone: timeZone, transport: transport)
  }

  /// A client sending `credentials` through `transport`, for tests.
  init(
    baseURL: URL, credentials: APICredentials, timeZone: @escaping @Sendable () -> TimeZone,
    transport: @escaping Transport
  ) {
    self.baseURL = baseURL
    self.credentials = credentials
    self.timeZone = timeZone
    self.transport = transport
  }

  /// This client with no credentials: what sign-in and refresh are sent with.
  public var withoutCredentials: TraineeAPIClient {
    TraineeAPIClient(
      baseURL: baseURL, credentials: .none, timeZone: timeZone, transport: transport)
  }
}

/// What a client's requests carry in `Authorization: Bearer`.
public enum APICredentials: Sendable {
  /// A legacy token (`perform trainee add`, `--token`, the demo trainee's): never renewed.
  case token(String)
  /// A signed-in session: its access token, renewed by its refresh token.
  case session(SessionCredentials)
  /// Nothing: sign-in and refresh.
  case none
}

extension TraineeAPIClient {
  /// The request for `endpoint`, each `{name}` of its path filled from `parameters`, with
  /// `query`, `body` (JSON) and `headers`; a missing path parameter is `.transport`.
  func request<Request, Answer>(
    _ endpoint: Endpoint<Request, Answer>, path parameters: [String: String] = [:],
    query: [URLQueryItem] = [], body: Data? = nil, headers: [String: String] = [:]
  ) throws(TraineeAPIError) -> URLRequest {
    guard let path = endpoint.path.filled(parameters) else {
      throw .transport("\(endpoint.path) needs \(endpoint.path.parameterNames) in its path.")
    }
    var root = baseURL.absoluteString
    while root.hasSuffix("/") { root.removeLast() }
    guard var components = URLComponents(string: root + path) else {
      throw .transport("Cannot build a URL from \(root + path).")
    }
    if !query.isEmpty {
      components.queryItems = query
      // NB: `+` is left alone by URLComponents but read as a space by many servers.
      components.percentEncodedQuery = components.percentEncodedQuery?
        .replacingOccurrences(of: "+", with: "%2B")
    }
    guard let url = components.url else {
      throw .transport("Cannot build a URL from \(root + path).")
    }
    var request = URLRequest(url: url)
    request.httpMethod = endpoint.method.rawValue
    if case .token(let token) = credentials {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    request.setValue(timeZone().identifier, forHTTPHeaderField: "X-Timezone")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return request
  }

  /// Sends `request` through the transport; a failure to get any answer is thrown as the
  /// client's error.
  ///
  /// Once the server refused the token (`tokenRefusal`), nothing is sent: the server's 401 is
  /// thrown again. With a session, a 401 `token_expired` renews the access token (one refresh
  /// for every request that meets it) and sends the request once more; a refused refresh is the
  /// refusal.
  func exchange(_ request: URLRequest) async throws(TraineeAPIError) -> (Data, HTTPURLResponse) {
    if let refused = tokenRefusal?.error { throw refused }
    guard case .session(let session) = credentials else { return try await sendRefusing(request) }
    var request = request
    let token = await session.accessToken
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    let answer = try await transport(sending: request)
    guard answer.1.statusCode == 401,
      (try? JSONDecoder().decode(APIErrorBody.self, from: answer.0))?.error.code
        == APIErrorBody.tokenExpired
    else { return refusing(answer) }
    let renewed: String
    do {
      renewed = try await session.accessToken(replacing: token)
    } catch {
      if case .http(401, let body) = error { tokenRefusal?.refuse(body) }
      throw error
    }
    request.setValue("Bearer \(renewed)", forHTTPHeaderField: "Authorization")
    return try await sendRefusing(request)
  }

  /// Sends `request`; a 401 answer is kept as the refusal (`tokenRefusal`).
  private func sendRefusing(
    _ request: URLRequest
  ) async throws(TraineeAPIError) -> (Data, HTTPURLResponse) {
    refusing(try await transport(sending: request))
  }

  /// `answer`, kept as the refusal first when it is a 401.
  private func refusing(_ answer: (Data, HTTPURLResponse)) -> (Data, HTTPURLResponse) {
    if answer.1.statusCode == 401, let tokenRefusal {
      tokenRefusal.refuse(try? JSONDecoder().decode(APIErrorBody.self, from: answer.0))
    }
    return answer
  }

  /// `request` through the transport; a failure to get any answer is the client's error.
  private func transport(
    sending request: URLRequest
  ) async throws(TraineeAPIError) -> (Data, HTTPURLResponse) {
    do {
      return try await transport(request)
    } catch {
      throw TraineeAPIError(transportError: error)
    }
  }

  /// Sends `request` and answers the body of a 2xx answer; any other answer is `.http`.
  func send(_ request: URLRequest) async throws(TraineeAPIError) -> Data {
    let (data, response) = try await exchange(request)
    guard (200..<300).contains(response.statusCode) else {
      let body = try? JSONDecoder().decode(APIErrorBody.self, from: data)
      throw .http(status: response.statusCode, error: body)
    }
    return data
  }

  /// Sends `request` and decodes its answer as `type`.
  func send<Answer: Decodable>(
    _ request: URLRequest, as type: Answer.Type
  ) async throws(TraineeAPIError) -> Answer {
    let data = try await send(request)
    do {
      return try JSONDecoder().decodePayload(type, from: data)
    } catch {
      throw .decoding(error)
    }
  }

  /// `value` as a JSON request body.
  func body(_ value: some Encodable) throws(TraineeAPIError) -> Data {
    do {
      return try JSONEncoder().encode(value)
    } catch {
      throw .transport("Cannot encode the request body: \(error)")
    }
  }
}
