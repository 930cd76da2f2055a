#ifndef CMAINQUEUE_H
#define CMAINQUEUE_H
#include <stdbool.h>

/// The descriptor that becomes readable when the main dispatch queue has work (on Linux,
/// libdispatch's eventfd for it), or -1 when this thread cannot serve the queue: it is not the
/// process's main thread, or the main thread already handed the queue to `dispatch_main()`
/// (an `async` main does). The main actor's jobs are queued there.
int gk_main_queue_fd(void);

/// Runs the jobs queued on the main dispatch queue so far. Call it on the main thread only, when
/// `gk_main_queue_fd` was readable; it empties the descriptor first, so jobs queued while these
/// run make it readable again.
void gk_main_queue_drain(void);

#endif
