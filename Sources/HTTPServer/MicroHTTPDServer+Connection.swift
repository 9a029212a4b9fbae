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
  request.bytesOut = response.body.count
  let created = response.body.withUnsafeBytes { bytes in
    bytes.isEmpty
      ? MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
      : MHD_create_response_from_buffer(
        bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
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
