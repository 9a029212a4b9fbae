#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netdb.h>
#include <malloc.h>
#include <microhttpd.h>

// NB: Swift cannot call C variadic functions, so the two variadic entry points the server needs
// are wrapped here with fixed arguments. Everything else is called from Swift directly.

/// Starts a daemon whose options are all given in one MHD_OPTION_ARRAY (ended by MHD_OPTION_END).
static inline struct MHD_Daemon *perform_mhd_start_daemon(
  unsigned int flags, uint16_t port, MHD_AccessHandlerCallback handler, void *handler_context,
  struct MHD_OptionItem *options)
{
  return MHD_start_daemon(
    flags, port, NULL, NULL, handler, handler_context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The port the daemon's listening socket is bound to (the real one when 0 was asked), or 0.
static inline uint16_t perform_mhd_bound_port(struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// The socket of `connection`, or -1 (MHD_get_connection_info is variadic).
static inline int perform_mhd_connection_fd(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// The numeric address of `connection`'s peer (`127.0.0.1`, `::1`) in `buffer`; 0 on success.
static inline int perform_mhd_client_address(
  struct MHD_Connection *connection, char *buffer, size_t size)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (info == NULL || info->client_addr == NULL) return -1;
  socklen_t length = info->client_addr->sa_family == AF_INET6
    ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
  return getnameinfo(info->client_addr, length, buffer, size, NULL, 0, NI_NUMERICHOST);
}

/// Fixes glibc's mmap threshold at `bytes`, so that it no longer rises as mapped blocks are
/// freed (see MicroHTTPDServer.swift); 1 on success.
static inline int perform_fix_mmap_threshold(int bytes)
{
  return mallopt(M_MMAP_THRESHOLD, bytes);
}

/// The pointer the connection callback stored for `connection` (MHD_get_connection_info is
/// variadic), or NULL.
static inline void *perform_mhd_socket_context(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}
