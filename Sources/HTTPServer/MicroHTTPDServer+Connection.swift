import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Whether the client sent `Expect: 100-continue` and waits for the go-ahead before its body.
func waitsForContinue(_ connection: OpaquePointer) -> Bool {
  MHD_lookup_connection_value(connection, .HEADER_KIND, "Expect").map {
    String(cString: $0).lowercased() == "100-continue"
  } ?? false
}

/// The `Content-Length` the client declared (libmicrohttpd has already refused a malformed one).
func declaredBodyLength(_ connection: OpaquePointer) -> UInt64? {
  MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length").flatMap {
    UInt64(String(cString: $0))
  }
}

/// The request's header fields, read with their lengths; `nil` when a name or value holds a
/// NUL byte (which a C string would cut short) or bytes that are not UTF-8.
func headerFields(on connection: OpaquePointer) -> [HTTPHeaderField]? {
  var fields: [HTTPHeaderField]? = []
  withUnsafeMutablePointer(to: &fields) { target in
    _ = MHD_get_connection_values_n(
      connection, .HEADER_KIND,
      { target, _, key, keySize, value, valueSize in
        guard let target else { return .NO }
        let fields = target.assumingMemoryBound(to: [HTTPHeaderField]?.self)
        guard let name = exactText(key, keySize), let text = exactText(value, valueSize) else {
          fields.pointee = nil
          return .NO
        }
        fields.pointee?.append(HTTPHeaderField(name: name, value: text))
        return .YES
      }, target)
  }
  return fields
}

/// `count` bytes at `pointer` as text; `nil` when they hold a NUL or are not UTF-8.
func exactText(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> String? {
  guard let pointer else { return "" }
  let bytes = UnsafeRawBufferPointer(start: pointer, count: count)
  guard !bytes.contains(0) else { return nil }
  return String(validating: bytes, as: UTF8.self)
}

/// Queues `response`; a status outside 100...599 is sent as 500, and a header MHD refuses (one
/// with a line break, say) is left out.
func queueAnswer(
  _ response: HTTPResponse, on connection: OpaquePointer, for request: RequestBody
) -> MHD_Result {
  var response = response
  if !(100...599).contains(response.status.code) {
    response = .error(
      .internalServerError, code: "internal_error",
      message: "The server could not complete the request.")
  }
  request.status = response.status.code
  request.bytesOut = response.bodyFile?.size ?? response.body.count
  let created: OpaquePointer?
  if let file = response.bodyFile {
    // MHD closes the copy of the descriptor it is given when it is done sending.
    let descriptor = dup(file.descriptor)
    guard descriptor >= 0 else { return .NO }
    created = MHD_create_response_from_fd64(UInt64(file.size), descriptor)
    if created == nil { close(descriptor) }
  } else {
    created = response.body.withUnsafeBytes { bytes in
      bytes.isEmpty
        ? MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        : MHD_create_response_from_buffer(
          bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
  }
  guard let created else { return .NO }
  defer { MHD_destroy_response(created) }
  // NB: the request's id is added here rather than set in `response.headers`, which would copy
  // a kept answer's header list on every request.
  for field in response.headers
  where !HTTPHeaders.namesMatch(field.name, "Content-Length")
    && !HTTPHeaders.namesMatch(field.name, "X-Request-Id")
  {
    _ = MHD_add_response_header(created, field.name, field.value)
  }
  _ = MHD_add_response_header(created, "X-Request-Id", request.id)
  return MHD_queue_response(connection, UInt32(response.status.code), created)
}

// NB: docs/security.md, "Connections held open": the three callbacks below wrap the ones in
// MicroHTTPDServer+Requests.swift with the connection guards (`ConnectionWatch`): the
// per-address connection limit when a connection is accepted, and the header deadline, which
// stops when a request's headers are in and starts again when it ends.

/// MHD's connection callback: `forgetConnection`, and the connection counted against its client
/// address; one over the address's limit is answered 503 `busy` at once and shut.
let watchConnection: MHD_NotifyConnectionCallback = {
  serverContext, connection, socketContext, code in
  guard let serverContext, let connection else {
    forgetConnection(serverContext, connection, socketContext, code)
    return
  }
  let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
  let id = Int(bitPattern: connection)
  switch code {
  case .CONNECTION_NOTIFY_STARTED:
    forgetConnection(serverContext, connection, socketContext, code)
    let socket = perform_mhd_connection_fd(connection)
    let address = ConnectionState.of(connection)?.peerAddress(connection) ?? peerAddress(connection)
    if !server.connections.open(id, socket: socket, address: address), socket >= 0 {
      refuseAtOnce(socket)
    }
  case .CONNECTION_NOTIFY_CLOSED:
    server.connections.close(id)
    forgetConnection(serverContext, connection, socketContext, code)
  default:
    forgetConnection(serverContext, connection, socketContext, code)
  }
}

/// MHD's access handler: `answerRequest`, unless the connection was refused or shut for its
/// header deadline before the headers came in (MHD had read them already): then nothing is
/// served and MHD closes the connection.
let answerWatchedRequest: MHD_AccessHandlerCallback = {
  serverContext, connection, url, method, version, uploadData, uploadDataSize, requestSlot in
  if let serverContext, let connection, let requestSlot, requestSlot.pointee == nil {
    let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
    guard server.connections.headersArrived(Int(bitPattern: connection)) else { return .NO }
  }
  return answerRequest(
    serverContext, connection, url, method, version, uploadData, uploadDataSize, requestSlot)
}

/// MHD's completed callback: `releaseRequest`, and the connection's next header deadline.
let releaseWatchedRequest: MHD_RequestCompletedCallback = {
  serverContext, connection, requestSlot, code in
  releaseRequest(serverContext, connection, requestSlot, code)
  guard let serverContext, let connection else { return }
  let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()
  server.connections.requestEnded(Int(bitPattern: connection))
}

/// Writes 503 `busy` (the JSON error, `Retry-After: 1`, `Connection: close`) on a connection
/// just accepted, without waiting, and shuts it: MHD reads its end and closes it. The request
/// is never read, so the answer comes first; a client that sent its request before the answer
/// arrived may see the connection reset instead.
func refuseAtOnce(_ socket: Int32) {
  let bytes = closingAnswer(
    busyAnswer("Too many connections from your address are open"),
    reason: "Service Unavailable")
  _ = bytes.withUnsafeBytes {
    send(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
  }
  shutdown(socket, Int32(SHUT_RDWR))
}

/// `response` as the bytes of an HTTP/1.1 answer that closes its connection, with its own
/// `X-Request-Id`.
func closingAnswer(_ response: HTTPResponse, reason: String) -> [UInt8] {
  var head = "HTTP/1.1 \(response.status.code) \(reason)\r\n"
  for field in response.headers
  where !HTTPHeaders.namesMatch(field.name, "Content-Length")
    && !HTTPHeaders.namesMatch(field.name, "Connection")
  {
    head += "\(field.name): \(field.value)\r\n"
  }
  head += "X-Request-Id: \(RequestID.next())\r\n"
  head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
  return Array(head.utf8) + Array(response.body)
}
