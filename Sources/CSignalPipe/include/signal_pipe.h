/*
 * signal_pipe.h — turns caught signals into bytes on a pipe (the self-pipe trick), so that the
 * host's event loop waits for signals with `poll` like for any other descriptor.
 *
 * Written in C because the handler runs in signal context: it only calls write(2).
 */
#ifndef SIGNAL_PIPE_H
#define SIGNAL_PIPE_H

#include <stdbool.h>

/* Creates the pipe (close-on-exec, non-blocking) once and returns its read end; every later
 * call returns the same descriptor. -1 if the pipe cannot be made. */
int signal_pipe_open(void);

/* Catches `signal_number`: each delivery writes the number as one byte to the pipe, and
 * unblocks it in the calling thread (a blocked mask can be inherited across exec). Returns
 * whether the handler was installed. */
bool signal_pipe_catch(int signal_number);

/* Gives `signal_number` its default action and raises it (SIGTSTP: the process stops here, and
 * goes on after SIGCONT), then catches it again. */
void signal_pipe_raise_default(int signal_number);

#endif
