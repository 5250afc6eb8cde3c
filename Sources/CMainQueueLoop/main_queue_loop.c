#define _GNU_SOURCE
#include "main_queue_loop.h"

#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <unistd.h>

/* libdispatch's run-loop hooks (exported by libdispatch.so, declared in its private header). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

void main_queue_loop_run(void) {
  int handle = _dispatch_get_main_queue_handle_4CF();
  for (;;) {
    _dispatch_main_queue_callback_4CF(NULL);
    /* Work queued from now on writes to the eventfd, so it is never missed between the drain
     * and the wait. */
    struct pollfd ready = {.fd = handle, .events = POLLIN};
    while (poll(&ready, 1, -1) < 0 && errno == EINTR) {
    }
    /* The eventfd is non-blocking: reading resets it, or finds it reset already. */
    uint64_t count;
    ssize_t result = read(handle, &count, sizeof count);
    (void)result;
  }
}

bool main_queue_loop_is_main_thread(void) { return gettid() == getpid(); }
