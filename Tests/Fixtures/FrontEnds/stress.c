/* Front ends for the concurrency stress test (StressTests.swift), built twice:
 *
 *   by default, "stress-sender": stress_start(THREADS, SENDS) starts THREADS pthreads that each
 *   send SENDS email bindings "t<thread>-<index>", in order, through the ABI from off the store
 *   thread, rotating between send, send_path and a typed sender made by make_sender;
 *   stress_join() waits for them and returns how many calls did not return TTT_OK.
 *
 *   with -DSTRESS_RENDERER, "stress-renderer": after every change it reads the login screen
 *   and redraws it into its output file (the attach argument), in place, as a terminal would.
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tictactoe_frontend.h"

static const ttt_host_api *api;
static ttt_host *host;
static ttt_store *root, *login;

#ifdef STRESS_RENDERER

static int output = -1;
static unsigned long renders, render_failures;

static void render(void *context) {
  (void)context;
  ttt_root_state root_state = {.struct_size = sizeof root_state};
  if (api->read_root(root, &root_state) != TTT_OK) {
    render_failures++;
    return;
  }
  char screen[512];
  int length;
  if (root_state.active == TTT_FEATURE_LOGIN) {
    ttt_login_state state = {.struct_size = sizeof state};
    if (api->read_login(login, &state) != TTT_OK) {
      render_failures++;
      return;
    }
    length = snprintf(screen, sizeof screen, "== Login ==\nEmail: %s\nPassword: %zu characters\n%s\n",
                      state.email, state.password_length, state.is_login_button_enabled ? "[Log in]" : "");
  } else {
    length = snprintf(screen, sizeof screen, "== New game ==\n");
  }
  if (length < 0 || (size_t)length >= sizeof screen) length = (int)sizeof screen - 1;
  if (pwrite(output, screen, (size_t)length, 0) != length || ftruncate(output, length) != 0) {
    render_failures++;
    return;
  }
  renders++;
}

static ttt_status attach(const ttt_host_api *a, ttt_host *h, const ttt_attach_info *info, void **out_instance) {
  api = a;
  host = h;
  root = api->root(host);
  login = api->scope(root, TTT_FEATURE_LOGIN);
  if (info->argument == NULL) return TTT_ERR_INVALID_ARGUMENT;
  output = open(info->argument, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (output < 0) return TTT_ERR_INVALID_ARGUMENT;
  if (api->subscribe(root, render, NULL) == 0) return TTT_ERR_INVALID_ARGUMENT;
  render(NULL);
  *out_instance = &output;
  return TTT_OK;
}

static void detach(void *instance) {
  (void)instance;
  close(output);
}

unsigned long stress_renders(void) { return renders; }
unsigned long stress_render_failures(void) { return render_failures; }

#define STRESS_NAME "stress-renderer"

#else

typedef ttt_status (*set_text_fn)(const char *value);
static set_text_fn set_email;

struct worker {
  pthread_t thread;
  int number;
  long sends;
  long failures;
};

static struct worker *workers;
static int worker_count;

static void *work(void *context) {
  struct worker *worker = context;
  char value[64];
  for (long index = 0; index < worker->sends; index++) {
    snprintf(value, sizeof value, "t%d-%ld", worker->number, index);
    ttt_status status;
    switch (index % 3) {
    case 0: {
      ttt_action action = {sizeof action, TTT_ACTION_LOGIN_SET_EMAIL, value, 0, 0};
      status = api->send(login, &action);
      break;
    }
    case 1: {
      ttt_value argument = {.type = TTT_TYPE_STRING, .string = value};
      status = api->send_path(root, "login.view.binding.email", &argument, 1);
      break;
    }
    default:
      status = set_email(value);
      break;
    }
    if (status != TTT_OK) worker->failures++;
  }
  return NULL;
}

/* Starts `threads` threads sending `sends` times each; returns 0, or -1 if one did not start. */
int stress_start(int threads, long sends) {
  workers = calloc((size_t)threads, sizeof *workers);
  if (workers == NULL || set_email == NULL) return -1;
  worker_count = threads;
  for (int number = 0; number < threads; number++) {
    workers[number].number = number;
    workers[number].sends = sends;
    if (pthread_create(&workers[number].thread, NULL, work, &workers[number]) != 0) return -1;
  }
  return 0;
}

/* Waits for every thread; returns how many calls did not return TTT_OK. */
long stress_join(void) {
  long failures = 0;
  for (int number = 0; number < worker_count; number++) {
    pthread_join(workers[number].thread, NULL);
    failures += workers[number].failures;
  }
  free(workers);
  workers = NULL;
  worker_count = 0;
  return failures;
}

static ttt_status attach(const ttt_host_api *a, ttt_host *h, const ttt_attach_info *info, void **out_instance) {
  (void)info;
  api = a;
  host = h;
  root = api->root(host);
  login = api->scope(root, TTT_FEATURE_LOGIN);
  set_email = (set_text_fn)api->make_sender(root, "login.view.binding.email");
  *out_instance = &api;
  return set_email ? TTT_OK : TTT_ERR_UNKNOWN;
}

static void detach(void *instance) { (void)instance; }

#define STRESS_NAME "stress-sender"

#endif

static const ttt_frontend_descriptor descriptor = {
  .struct_size = sizeof(ttt_frontend_descriptor),
  .abi_major = TTT_ABI_VERSION_MAJOR,
  .abi_minor = TTT_ABI_VERSION_MINOR,
  .name = STRESS_NAME,
  .description = "A concurrency stress fixture",
  .version = "0.0.1",
  .flags = 0,
  .attach = attach,
  .detach = detach,
};

const ttt_frontend_descriptor *tictactoe_frontend_entry(void) { return &descriptor; }
