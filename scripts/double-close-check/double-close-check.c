// Loaded with LD_PRELOAD by scripts/with-double-close-check.sh: reports every close(2) that fails
// with EBADF in a process whose executable lies under PERFORM_CLOSE_CHECK_EXE (our builds; the
// tools the tests start are left alone), with a backtrace, to the file PERFORM_CLOSE_CHECK_LOG.
//
// NB: docs/architecture.md, "Descriptors are closed once": a descriptor closed twice is EBADF only
// when its number is still free; when another thread got the number meanwhile, the second close
// takes that thread's file (libmicrohttpd aborted on its wake-up descriptor so). Failing on every
// EBADF finds the mistake on the runs the race spares.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int (*real_close)(int);
static int watched;

__attribute__((constructor)) static void decide_whether_watched(void) {
  real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
  const char *prefix = getenv("PERFORM_CLOSE_CHECK_EXE");
  if (!prefix || !*prefix || !getenv("PERFORM_CLOSE_CHECK_LOG")) return;
  char exe[4096];
  ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (length <= 0) return;
  exe[length] = 0;
  watched = strncmp(exe, prefix, strlen(prefix)) == 0;
}

int close(int fd) {
  if (!real_close) real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
  int result = real_close(fd);
  if (result != 0 && errno == EBADF && watched) {
    int saved = errno;
    int log = open(getenv("PERFORM_CLOSE_CHECK_LOG"), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
                   0600);
    if (log >= 0) {
      char line[160];
      int count = snprintf(line, sizeof line, "close(%d) failed with EBADF in process %d:\n", fd,
                           (int)getpid());
      if (count > 0) (void)!write(log, line, (size_t)count);
      void *frames[48];
      backtrace_symbols_fd(frames, backtrace(frames, 48), log);
      (void)!write(log, "\n", 1);
      real_close(log);
    }
    errno = saved;
  }
  return result;
}
