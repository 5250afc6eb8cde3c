/*
 * main_queue_loop.h — runs the main dispatch queue on the main thread, as Foundation's
 * RunLoop.main does on Linux, without loading Foundation (and with it ICU) at start-up.
 *
 * libdispatch signals work for the main queue on an eventfd and drains the queue when asked:
 * the two hooks it keeps for a run loop (the ones CoreFoundation uses). Everything the host
 * schedules on the main queue, main-actor jobs included, then runs on the main thread.
 */
#ifndef MAIN_QUEUE_LOOP_H
#define MAIN_QUEUE_LOOP_H

#include <stdbool.h>

/* Runs everything queued on the main queue, then waits for more, for ever. Call it on the main
 * thread, once everything that starts the program is queued. */
__attribute__((noreturn)) void main_queue_loop_run(void);

/* Whether the calling thread is the process's main thread (its thread id is the process id):
 * the thread main_queue_loop_run serves the main queue on. */
bool main_queue_loop_is_main_thread(void);

#endif
