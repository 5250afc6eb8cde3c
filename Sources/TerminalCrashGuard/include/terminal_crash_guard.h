#ifndef TERMINAL_CRASH_GUARD_H
#define TERMINAL_CRASH_GUARD_H

#include <stdbool.h>

/// Gives the terminal back when the host dies of a signal it cannot survive, and makes sure it
/// does die of it.
///
/// A front end runs inside the host's process, so a front end that dereferences NULL or calls
/// `abort()` takes the host down with it, and the terminal owner never gets to run its
/// `detach`: the terminal would stay in raw mode, on the alternate screen, with the cursor
/// hidden. The guard remembers the terminal's modes before any front end touches them and,
/// on SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP and SIGSYS, puts them back
/// and leaves the alternate screen before the process ends. The handler only calls
/// async-signal-safe functions (`tcgetpgrp`, `getpgrp`, `tcsetattr`, `write`, `sigaction`,
/// `pthread_sigmask`, `raise`, `_exit`) and whatever the previous handler calls.
///
/// The signal then goes on as if the guard were not there: to the handler installed before
/// the guard (the Swift runtime's backtracer, a sanitizer), or to the default action, so the
/// process still dies of that signal, with its core dump and exit status. A fault (a bad
/// access, an invalid instruction) reaches the previous handler by happening again when the
/// guard's handler returns. Anything else (a signal sent with `kill`, `abort()`, a breakpoint
/// trap, a refused system call) would not happen again, and the Swift runtime's backtracer
/// returns after its report: so the guard calls the previous handler itself, then ends the
/// process with the signal's default action. SIGKILL cannot be caught; after it the terminal
/// stays as the front end left it (`stty sane; tput rmcup`).
///
/// Written in C because a signal handler must not allocate, take locks or touch lazily
/// initialised globals, which Swift code cannot promise.

/// Installs the handlers and, when `terminal_descriptor` (usually 0) is a terminal, remembers
/// its modes. Escape sequences that leave a full-screen interface go to `screen_descriptor`
/// (usually 1) when it is a terminal and `terminal_crash_guard_set_full_screen(true)` was
/// called. The handlers are installed in any case (standard input may be a pipe: the process
/// must still die of the signal); returns whether there is a terminal to give back.
/// Call it once, on the main thread, before any front end is attached. [main-thread]
bool terminal_crash_guard_install(int terminal_descriptor, int screen_descriptor);

/// Says whether the terminal now shows a full-screen interface (alternate screen, hidden
/// cursor), which a crash must leave. The host calls it whenever the terminal owner changes.
/// [thread-safe]
void terminal_crash_guard_set_full_screen(bool full_screen);

#endif
