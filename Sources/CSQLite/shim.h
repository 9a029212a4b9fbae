#include <sqlite3.h>

// NB: sqlite3_config is variadic, which Swift cannot call; this wraps the one call the server
// makes.

/// Turns SQLite's memory statistics off; it must come before SQLite is first used in the
/// process. With them on, every allocation of every connection takes one global mutex, which the
/// server's threads then queue on. SQLITE_OK, or SQLITE_MISUSE once SQLite has started.
static inline int perform_sqlite_memory_statistics_off(void)
{
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
