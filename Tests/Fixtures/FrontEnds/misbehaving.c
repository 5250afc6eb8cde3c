/* A small, well-behaved observer front end for `tictactoe check-frontend`, and one deliberately
 * misbehaving variant per conformance check (-DMISBEHAVE_...):
 *
 *   MISBEHAVE_EXPORTS_EXTRA       exports a function and a variable besides the entry symbol
 *   MISBEHAVE_LOGS_ERROR          logs an error when the login alert is shown
 *   MISBEHAVE_CRASHES_IN_GAME     dereferences NULL when a game is shown
 *   MISBEHAVE_ABORTS_IN_GAME      calls abort() when a game is shown
 *   MISBEHAVE_KEEPS_TERMINAL      turns off ECHO and ICANON on attach and never restores them
 *   MISBEHAVE_LEAKS_SUBSCRIPTION  does not end its change subscription in detach
 *   MISBEHAVE_WRITES_AFTER_DETACH a writer thread keeps appending to its output after detach
 *   MISBEHAVE_WRITES_STDOUT       does not declare TTT_FRONTEND_WRITES_TERMINAL, yet writes its
 *                                 lines to standard output
 *
 * and one legitimate variant that must pass:
 *
 *   NULL_INSTANCE                 leaves *out_instance NULL (its state is a global), as a
 *                                 stateless front end may
 *
 * It writes one line per change of the root state to the file given as its argument. */
#define _GNU_SOURCE /* pthread_setname_np */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tictactoe_frontend.h"

struct instance {
  const ttt_host_api *api;
  ttt_host *host;
  ttt_store *root, *login, *game;
  uint64_t changes, actions;
  int out;
};

#ifdef NULL_INSTANCE
static struct instance *only_instance;
#endif

static void say(struct instance *self, const char *line) {
  if (write(self->out, line, strlen(line)) < 0) self->api->log(self->host, TTT_LOG_WARNING, "write failed");
}

static void on_change(void *context) {
  struct instance *self = context;
  ttt_root_state root = {.struct_size = sizeof root};
  if (self->api->read_root(self->root, &root) != TTT_OK) {
    self->api->log(self->host, TTT_LOG_ERROR, self->api->last_error(self->host));
    return;
  }
  say(self, root.active == TTT_FEATURE_LOGIN ? "login\n" : "new game\n");
#ifdef MISBEHAVE_LOGS_ERROR
  ttt_login_state login = {.struct_size = sizeof login};
  if (self->api->read_login(self->login, &login) == TTT_OK && login.alert_title != NULL) {
    self->api->log(self->host, TTT_LOG_ERROR, "cannot draw the alert");
  }
#endif
#ifdef MISBEHAVE_CRASHES_IN_GAME
  if (self->api->is_active(self->game)) {
    volatile int *nowhere = NULL;
    *nowhere = 1;
  }
#endif
#ifdef MISBEHAVE_ABORTS_IN_GAME
  if (self->api->is_active(self->game)) abort();
#endif
}

static void on_action(void *context, const ttt_action_event *event) {
  (void)context;
  (void)event;
}

#ifdef MISBEHAVE_WRITES_AFTER_DETACH
/* Appends a tick every millisecond, for ten seconds at most; nothing ever stops it. */
static void *tick(void *context) {
  /* Named, as check-frontend tells a front end's threads from the host's by their names. */
  pthread_setname_np(pthread_self(), "tick");
  int out = *(int *)context;
  free(context);
  struct timespec millisecond = {0, 1000000};
  for (int count = 0; count < 10000; count++) {
    if (write(out, "tick\n", 5) < 0) break;
    nanosleep(&millisecond, NULL);
  }
  return NULL;
}
#endif

static ttt_status attach(const ttt_host_api *api, ttt_host *host, const ttt_attach_info *info,
                         void **out_instance) {
  struct instance *self = calloc(1, sizeof *self);
  if (self == NULL) return TTT_ERR_INVALID_ARGUMENT;
  self->api = api;
  self->host = host;
  self->root = api->root(host);
  self->login = api->scope(self->root, TTT_FEATURE_LOGIN);
  self->game = api->scope(self->root, TTT_FEATURE_GAME);
#ifdef MISBEHAVE_WRITES_STDOUT
  (void)info;
  self->out = dup(STDOUT_FILENO);
#else
  self->out = info->argument ? open(info->argument, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644)
                             : dup(STDOUT_FILENO);
#endif
  if (self->out < 0) {
    api->log(host, TTT_LOG_ERROR, "cannot open the output file");
    free(self);
    return TTT_ERR_INVALID_ARGUMENT;
  }
  self->changes = api->subscribe(self->root, on_change, self);
  self->actions = api->observe_actions(host, on_action, self);
#ifdef MISBEHAVE_KEEPS_TERMINAL
  struct termios modes;
  if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &modes) == 0) {
    modes.c_lflag &= ~(tcflag_t)(ECHO | ICANON);
    tcsetattr(STDIN_FILENO, TCSANOW, &modes);
  }
#endif
#ifdef MISBEHAVE_WRITES_AFTER_DETACH
  int *out = malloc(sizeof *out);
  pthread_t thread;
  if (out != NULL) {
    *out = dup(self->out);
    if (pthread_create(&thread, NULL, tick, out) == 0) pthread_detach(thread);
  }
#endif
  on_change(self);
#ifdef NULL_INSTANCE
  only_instance = self;
  *out_instance = NULL;
#else
  *out_instance = self;
#endif
  return TTT_OK;
}

static void detach(void *instance) {
#ifdef NULL_INSTANCE
  struct instance *self = instance ? instance : only_instance;
#else
  struct instance *self = instance;
#endif
#ifndef MISBEHAVE_LEAKS_SUBSCRIPTION
  self->api->unsubscribe(self->host, self->changes);
#endif
  self->api->unsubscribe(self->host, self->actions);
  close(self->out);
  free(self);
}

static const ttt_frontend_descriptor descriptor = {
  .struct_size = sizeof(ttt_frontend_descriptor),
  .abi_major = TTT_ABI_VERSION_MAJOR,
  .abi_minor = TTT_ABI_VERSION_MINOR,
  .name = "misbehaving",
  .description = "A conformance fixture",
  .version = "0.0.1",
#ifdef MISBEHAVE_WRITES_STDOUT
  .flags = 0,
#else
  .flags = TTT_FRONTEND_WRITES_TERMINAL,
#endif
  .attach = attach,
  .detach = detach,
};

const ttt_frontend_descriptor *tictactoe_frontend_entry(void) { return &descriptor; }

#ifdef MISBEHAVE_EXPORTS_EXTRA
/* Meant to be private, but neither static nor hidden: both end up in .dynsym. */
int misbehaving_renders = 0;
int misbehaving_render_count(void) { return misbehaving_renders; }
#endif
