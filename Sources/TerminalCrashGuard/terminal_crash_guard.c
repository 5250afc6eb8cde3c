#define _GNU_SOURCE
#include "terminal_crash_guard.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>

static const int guarded_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS};
enum { guarded_count = sizeof guarded_signals / sizeof guarded_signals[0] };

/* Written by install, before any front end is attached; only read afterwards. */
static struct sigaction previous_actions[guarded_count];
static struct termios saved_modes;
static int terminal_descriptor = -1;
static int screen_descriptor = -1;

static atomic_bool full_screen;
static atomic_flag restored = ATOMIC_FLAG_INIT;

/* A stack for the handler on the main thread, so a stack overflow there is handled too. */
enum { alternate_stack_size = 64 * 1024 };

static void restore_terminal(void) {
  if (atomic_flag_test_and_set(&restored)) return;
  /* A background process that sets the terminal's modes is stopped by SIGTTOU: only the
   * foreground one touches them. */
  if (tcgetpgrp(terminal_descriptor) != getpgrp()) return;
  if (atomic_load(&full_screen) && screen_descriptor >= 0) {
    static const char leave[] = "\033[m\033[?25h\033[?1049l";
    ssize_t written = write(screen_descriptor, leave, sizeof leave - 1);
    (void)written; /* Nothing better to do if the terminal is gone. */
  }
  tcsetattr(terminal_descriptor, TCSANOW, &saved_modes);
}

static void on_fatal_signal(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  int saved_errno = errno;
  restore_terminal();
  for (int index = 0; index < guarded_count; index++) {
    if (guarded_signals[index] != signal_number) continue;
    sigaction(signal_number, &previous_actions[index], NULL);
    break;
  }
  /* A fault (a bad access, an invalid instruction: SIGSEGV, SIGBUS, SIGILL or SIGFPE with
   * si_code > 0) happens again when the handler returns, and reaches the previous action
   * then. Anything else would not: a sent signal (kill, raise, abort), a breakpoint trap, a
   * refused system call. Send those again; the signal stays blocked until this handler
   * returns. */
  bool is_fault_signal = signal_number == SIGSEGV || signal_number == SIGBUS
    || signal_number == SIGILL || signal_number == SIGFPE;
  bool recurs = is_fault_signal && info != NULL && info->si_code > 0;
  if (!recurs) raise(signal_number);
  errno = saved_errno;
}

bool terminal_crash_guard_install(int terminal, int screen) {
  if (!isatty(terminal) || tcgetattr(terminal, &saved_modes) != 0) return false;
  terminal_descriptor = terminal;
  screen_descriptor = isatty(screen) ? screen : -1;

  stack_t current;
  if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
    stack_t alternate = {.ss_sp = malloc(alternate_stack_size), .ss_size = alternate_stack_size};
    if (alternate.ss_sp != NULL) sigaltstack(&alternate, NULL);
  }

  struct sigaction action = {0};
  action.sa_sigaction = on_fatal_signal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int index = 0; index < guarded_count; index++) {
    struct sigaction *previous = &previous_actions[index];
    sigaction(guarded_signals[index], &action, previous);
    /* A signal the process ignores does not end it: leave it alone. */
    if (!(previous->sa_flags & SA_SIGINFO) && previous->sa_handler == SIG_IGN) {
      sigaction(guarded_signals[index], previous, NULL);
    }
  }
  return true;
}

void terminal_crash_guard_set_full_screen(bool value) { atomic_store(&full_screen, value); }
