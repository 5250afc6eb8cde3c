#define _GNU_SOURCE
#include "terminal_crash_guard.h"

#include <errno.h>
#include <pthread.h>
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
  /* Without a terminal (standard input a pipe or a file) there is nothing to give back. */
  if (terminal_descriptor < 0) return;
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

static bool is_handler(const struct sigaction *action) {
  if (action->sa_flags & SA_SIGINFO) return action->sa_sigaction != NULL;
  return action->sa_handler != SIG_DFL && action->sa_handler != SIG_IGN
    && action->sa_handler != SIG_ERR;
}

/* Runs `previous` for this signal as the kernel would have delivered it, had the guard not
 * been there: with its disposition reset first if it asked for SA_RESETHAND, with its mask,
 * and with the signal itself blocked unless it asked for SA_NODEFER (the Swift runtime's
 * backtracer does, and resets its own handlers to the default on entry). */
static void run_previous_action(
  const struct sigaction *previous, int signal_number, siginfo_t *info, void *context
) {
  if (!is_handler(previous)) return;
  if (previous->sa_flags & SA_RESETHAND) {
    struct sigaction default_action = {0};
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signal_number, &default_action, NULL);
  }
  /* This handler runs with the interrupted mask plus this signal: add the previous mask. */
  pthread_sigmask(SIG_BLOCK, &previous->sa_mask, NULL);
  if (previous->sa_flags & SA_NODEFER) {
    sigset_t this_signal;
    sigemptyset(&this_signal);
    sigaddset(&this_signal, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &this_signal, NULL);
  }
  if (previous->sa_flags & SA_SIGINFO) {
    previous->sa_sigaction(signal_number, info, context);
  } else {
    previous->sa_handler(signal_number);
  }
}

/* Ends the process by `signal_number`'s default action (every guarded signal's is to
 * terminate, with a core dump where enabled), so that its parent sees it die of the signal. */
static void die_of(int signal_number) {
  struct sigaction default_action = {0};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigset_t this_signal;
  sigemptyset(&this_signal);
  sigaddset(&this_signal, signal_number);
  /* Set after the previous handler returned: a handler that reinstalled itself (or a helper
   * of it that caught faults while it ran) is out of the way. The signal is delivered, and
   * the process ends, as soon as it is unblocked. */
  sigaction(signal_number, &default_action, NULL);
  raise(signal_number);
  pthread_sigmask(SIG_UNBLOCK, &this_signal, NULL);
  /* Only reached if another thread installed a handler for the signal in between, which
   * then returned. The process must not go on as if nothing had happened: end it with the
   * status a shell shows for the signal. */
  _exit(128 + signal_number);
}

static void on_fatal_signal(int signal_number, siginfo_t *info, void *context) {
  int saved_errno = errno;
  restore_terminal();
  const struct sigaction *previous = NULL;
  for (int index = 0; index < guarded_count; index++) {
    if (guarded_signals[index] == signal_number) previous = &previous_actions[index];
  }
  if (previous == NULL) return; /* Not one of ours: cannot happen. */
  /* A fault (a bad access, an invalid instruction: SIGSEGV, SIGBUS, SIGILL or SIGFPE with
   * si_code > 0) happens again when the handler returns, and reaches the previous action
   * then, as if the guard had never been there. */
  bool is_fault_signal = signal_number == SIGSEGV || signal_number == SIGBUS
    || signal_number == SIGILL || signal_number == SIGFPE;
  if (is_fault_signal && info != NULL && info->si_code > 0) {
    sigaction(signal_number, previous, NULL);
    errno = saved_errno;
    return;
  }
  /* Anything else does not happen again: a sent signal (kill, raise, abort), a breakpoint
   * trap, a refused system call. (si_code > 0 alone does not make a fault: a breakpoint trap
   * and SIGQUIT from a terminal carry SI_KERNEL, which is positive.) Sending it again is not
   * enough: the Swift runtime's backtracer prints its report and returns, counting on a
   * fault to happen again, and after a sent SIGSEGV the process would go on. So the previous
   * action runs here, and then the default action ends the process. */
  sigaction(signal_number, previous, NULL);
  run_previous_action(previous, signal_number, info, context);
  die_of(signal_number);
}

/* Installs the handlers, whether or not there is a terminal to give back: the process must
 * die of a fatal signal in any case. */
static void install_handlers(void) {
  /* A second time, the guard's own handler would become the previous action, and a sent
   * signal would call it without end. */
  static bool installed = false;
  if (installed) return;
  installed = true;

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
}

/* Remembers the terminal's modes, if `terminal` is one. */
static bool remember_terminal(int terminal, int screen) {
  if (!isatty(terminal) || tcgetattr(terminal, &saved_modes) != 0) return false;
  screen_descriptor = isatty(screen) ? screen : -1;
  terminal_descriptor = terminal;
  return true;
}

bool terminal_crash_guard_install(int terminal, int screen) {
  /* The terminal first: once the handlers are in place, they read what it saved. */
  bool has_terminal = remember_terminal(terminal, screen);
  install_handlers();
  return has_terminal;
}

void terminal_crash_guard_set_full_screen(bool value) { atomic_store(&full_screen, value); }
