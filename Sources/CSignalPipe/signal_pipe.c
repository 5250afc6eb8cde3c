#define _GNU_SOURCE
#include "signal_pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static int read_end = -1;
static int write_end = -1;

static void on_signal(int signal_number) {
  int saved_errno = errno;
  unsigned char byte = (unsigned char)signal_number;
  /* A full pipe drops the byte: enough of the same kind are already waiting to be read. */
  ssize_t written = write(write_end, &byte, 1);
  (void)written;
  errno = saved_errno;
}

int signal_pipe_open(void) {
  if (read_end >= 0) return read_end;
  int ends[2];
  if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
  read_end = ends[0];
  write_end = ends[1];
  return read_end;
}

bool signal_pipe_catch(int signal_number) {
  if (signal_pipe_open() < 0) return false;
  struct sigaction action = {0};
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (sigaction(signal_number, &action, NULL) != 0) return false;
  /* A mask inherited from the parent (a thread that blocked it, then spawned us) would keep
   * the signal pending for ever. */
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  return pthread_sigmask(SIG_UNBLOCK, &set, NULL) == 0;
}

void signal_pipe_raise_default(int signal_number) {
  struct sigaction action = {0};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  raise(signal_number);
  signal_pipe_catch(signal_number);
}
