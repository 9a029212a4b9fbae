import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An address to listen on, resolved from a host and port.
struct SocketAddress {
  var storage = sockaddr_storage()
  var isIPv6 = false

  init?(host: String, port: UInt16) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
      return nil
    }
    defer { freeaddrinfo(found) }
    guard let address = first.pointee.ai_addr,
      Int(first.pointee.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size
    else { return nil }
    withUnsafeMutableBytes(of: &storage) { target in
      target.copyMemory(
        from: UnsafeRawBufferPointer(start: address, count: Int(first.pointee.ai_addrlen)))
    }
    isIPv6 = first.pointee.ai_family == AF_INET6
  }
}
