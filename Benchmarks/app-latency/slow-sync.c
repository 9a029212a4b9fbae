// A slow disk for `perform`, to see what waits on a sync: every fsync(2) and fdatasync(2) of the
// process sleeps first, SLOW_SYNC_MS milliseconds (default 200), or 40-449 ms drawn at random
// when SLOW_SYNC_RANDOM is set (the spread once reported). Loaded with LD_PRELOAD by
// slow-disk.sh; never linked into Perform.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

static void wait_like_a_busy_disk(void) {
  const char *fixed = getenv("SLOW_SYNC_MS");
  int milliseconds = fixed ? atoi(fixed) : 200;
  if (getenv("SLOW_SYNC_RANDOM")) milliseconds = 40 + rand() % 410;
  usleep((useconds_t)milliseconds * 1000);
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  wait_like_a_busy_disk();
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  wait_like_a_busy_disk();
  return real(fd);
}
