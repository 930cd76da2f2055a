// The two functions libdispatch exports for a run loop that serves the main queue from its own
// poll: Foundation's RunLoop (CoreFoundation) is their user on Linux. They are underscored SPI,
// declared here and nowhere else, so that if a toolchain renames them only this file changes.
#define _GNU_SOURCE
#include "cmainqueue.h"
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static bool on_main_thread(void) { return (pid_t)syscall(SYS_gettid) == getpid(); }

int gk_main_queue_fd(void) {
    if (!on_main_thread()) return -1;
    int fd = _dispatch_get_main_queue_handle_4CF();
    // Emptied by a read in gk_main_queue_drain, which must never block.
    int flags = fcntl(fd, F_GETFL);
    if (fd >= 0 && flags >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    return fd;
}

void gk_main_queue_drain(void) {
    if (!on_main_thread()) return;
    int fd = _dispatch_get_main_queue_handle_4CF();
    // The eventfd counts wake-ups: read it to zero before the jobs run (it is non-blocking), so
    // a job queued meanwhile is not lost and poll does not spin on a count already served.
    uint64_t count;
    while (read(fd, &count, sizeof count) < 0 && errno == EINTR) {}
    _dispatch_main_queue_callback_4CF(0);
}
