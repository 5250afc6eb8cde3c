/* A hostile front end for the host's robustness tests (HostileFrontEndTests*.swift).
 *
 * It attaches as an observer named "hostile", keeps every handle and typed sender it is given,
 * and exports hostile_* functions through which a test makes it misbehave:
 *
 *   hostile_absurd()              calls every routine with NULLs, garbage handles, absurd sizes
 *                                 and counts, unknown ids and invalid text
 *   hostile_reenter(FLAGS)        calls back into the host from inside its next callbacks
 *   hostile_thread_sends(N, ...)  sends from another thread (pthread), also after detach
 *   hostile_thread_routines()     calls store-thread routines from another thread
 *   hostile_saved_handles()       keeps calling through its handles after detach
 *   hostile_set_attach_mode(M)    fails attach (after subscribing and requesting), returns a
 *                                 garbage status, or returns no instance
 *   hostile_set_detach_mode(M)    calls the host from inside its detach callback
 *
 * Each call is recorded as "label<TAB>result<TAB>last_error" in a report the test reads
 * (result: the status, or whether a pointer or id came back non-NULL / non-zero).
 *
 * -DHOSTILE_NULL_DESCRIPTION, -DHOSTILE_NULL_VERSION, -DHOSTILE_LONG_NAME, -DHOSTILE_BAD_NAME,
 * -DHOSTILE_BAD_UTF8_DESCRIPTION build a descriptor the host must refuse. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tictactoe_frontend.h"

enum {
  REENTER_SEND = 1 << 0,
  REENTER_READ = 1 << 1,
  REENTER_SUBSCRIBE = 1 << 2,
  REENTER_UNSUBSCRIBE = 1 << 3,
  REENTER_OBSERVE = 1 << 4,
  REENTER_DETACH_SELF = 1 << 5,
  REENTER_SETTLE = 1 << 6,
  REENTER_ATTACH = 1 << 7,
  REENTER_EDIT = 1 << 8,
  REENTER_TYPED_SENDER = 1 << 9,
  REENTER_SWITCH = 1 << 10,
  REENTER_QUIT = 1 << 11,
};

enum {
  ATTACH_OK = 0,
  ATTACH_FAILS_AFTER_SUBSCRIBING = 1,
  ATTACH_GARBAGE_STATUS = 2,
  ATTACH_NULL_INSTANCE = 3,
  ATTACH_DETACHES_ITSELF = 4,
};

enum {
  DETACH_SENDS = 1 << 0,
  DETACH_SUBSCRIBES = 1 << 1,
  DETACH_REQUESTS = 1 << 2,
};

typedef ttt_status (*set_text_fn)(const char *value);

static const ttt_host_api *api;
static ttt_host *host;
static ttt_store *root, *login, *game;
static set_text_fn set_email;
static uint64_t change_subscription, action_subscription;
static unsigned changes, extra_changes, actions, extra_actions, settled;
static unsigned reentry, action_reentry, attach_mode, detach_mode;
static char attach_argument[4096];
static char read_email[256];

static char report[1 << 16];
static size_t report_length;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static void record(const char *label, long result) {
  const char *message = api->last_error(host);
  pthread_mutex_lock(&report_lock);
  int written = snprintf(report + report_length, sizeof report - report_length, "%s\t%ld\t%s\n",
                         label, result, message ? message : "(null)");
  if (written > 0 && report_length + (size_t)written < sizeof report) report_length += (size_t)written;
  pthread_mutex_unlock(&report_lock);
}

const char *hostile_report(void) { return report; }
void hostile_clear_report(void) {
  report_length = 0;
  report[0] = 0;
}

static ttt_status send_email(ttt_store *store, const char *value) {
  ttt_action action = {sizeof action, TTT_ACTION_LOGIN_SET_EMAIL, value, 0, 0};
  return api->send(store, &action);
}

static void on_extra_change(void *context) {
  (void)context;
  extra_changes++;
}

static void on_extra_action(void *context, const ttt_action_event *event) {
  (void)context;
  (void)event;
  extra_actions++;
}

static void on_change(void *context) {
  (void)context;
  changes++;
  unsigned flags = reentry;
  reentry = 0; /* one shot: what a callback sends must not loop forever */
  if (flags & REENTER_SEND) {
    record("reenter send 1", send_email(root, "reentrant-1"));
    record("reenter send 2", send_email(login, "reentrant-2"));
    ttt_value value = {.type = TTT_TYPE_STRING, .string = "reentrant-3"};
    record("reenter send_path", api->send_path(root, "login.view.binding.email", &value, 1));
  }
  if (flags & REENTER_READ) {
    ttt_root_state root_state = {.struct_size = sizeof root_state};
    record("reenter read_root", api->read_root(root, &root_state));
    ttt_login_state login_state = {.struct_size = sizeof login_state};
    ttt_status status = api->read_login(login, &login_state);
    record("reenter read_login", status);
    if (status == TTT_OK) snprintf(read_email, sizeof read_email, "%s", login_state.email);
    ttt_game_state game_state = {.struct_size = sizeof game_state};
    record("reenter read_game", api->read_game(game, &game_state));
    record("reenter is_active", api->is_active(login));
  }
  if (flags & REENTER_SUBSCRIBE) {
    record("reenter subscribe", api->subscribe(root, on_extra_change, NULL) != 0);
    api->unsubscribe(host, change_subscription);
    record("reenter unsubscribe self", 0);
  }
  if (flags & REENTER_UNSUBSCRIBE) {
    api->unsubscribe(host, change_subscription);
    api->unsubscribe(host, action_subscription);
    record("reenter unsubscribe all", 0);
  }
  if (flags & REENTER_DETACH_SELF) record("reenter detach self", api->request(host, TTT_REQUEST_DETACH, "hostile"));
  if (flags & REENTER_SETTLE) record("reenter settle", api->request(host, TTT_REQUEST_SETTLE, NULL));
  if (flags & REENTER_ATTACH) record("reenter attach", api->request(host, TTT_REQUEST_ATTACH, attach_argument));
  if (flags & REENTER_SWITCH) record("reenter switch", api->request(host, TTT_REQUEST_SWITCH, attach_argument));
  if (flags & REENTER_QUIT) record("reenter quit", api->request(host, TTT_REQUEST_QUIT, NULL));
  if (flags & REENTER_EDIT) record("reenter edit_text", api->edit_text(root, TTT_FIELD_LOGIN_EMAIL, TTT_EDIT_APPEND, "+edited"));
  if (flags & REENTER_TYPED_SENDER) {
    set_text_fn sender = (set_text_fn)api->make_sender(root, "login.view.binding.email");
    record("reenter make_sender", sender != NULL);
    if (sender) record("reenter typed sender", sender("reentrant-typed"));
  }
}

static void on_action(void *context, const ttt_action_event *event) {
  (void)context;
  (void)event;
  actions++;
  unsigned flags = action_reentry;
  action_reentry = 0;
  if (flags & REENTER_OBSERVE) {
    record("reenter observe_actions", api->observe_actions(host, on_extra_action, NULL) != 0);
    api->unsubscribe(host, action_subscription);
    record("reenter unobserve self", 0);
  }
  if (flags & REENTER_SEND) record("reenter send from action callback", send_email(root, "from-action"));
  if (flags & REENTER_READ) {
    ttt_login_state login_state = {.struct_size = sizeof login_state};
    record("reenter read_login from action callback", api->read_login(login, &login_state));
  }
}

static void on_settled(void *instance, bool timed_out) {
  (void)instance;
  (void)timed_out;
  settled++;
}

static ttt_status attach(const ttt_host_api *a, ttt_host *h, const ttt_attach_info *info, void **out_instance) {
  (void)info;
  api = a;
  host = h;
  root = api->root(host);
  login = api->scope(root, TTT_FEATURE_LOGIN);
  game = api->scope(root, TTT_FEATURE_GAME);
  set_email = (set_text_fn)api->make_sender(root, "login.view.binding.email");
  change_subscription = api->subscribe(root, on_change, NULL);
  action_subscription = api->observe_actions(host, on_action, NULL);
  switch (attach_mode) {
  case ATTACH_FAILS_AFTER_SUBSCRIBING:
    api->subscribe(login, on_extra_change, NULL);
    api->request(host, TTT_REQUEST_SETTLE, NULL);
    api->request(host, TTT_REQUEST_ATTACH, attach_argument);
    api->request(host, TTT_REQUEST_SWITCH, attach_argument);
    send_email(root, NULL); /* sets last_error: the host quotes it */
    return TTT_ERR_UNSUPPORTED;
  case ATTACH_GARBAGE_STATUS:
    return (ttt_status)12345;
  case ATTACH_NULL_INSTANCE:
    *out_instance = NULL;
    return TTT_OK;
  case ATTACH_DETACHES_ITSELF:
    api->request(host, TTT_REQUEST_DETACH, "hostile");
    break;
  default:
    break;
  }
  *out_instance = &api;
  return TTT_OK;
}

static void detach(void *instance) {
  (void)instance;
  if (detach_mode & DETACH_SENDS) record("detach send", send_email(root, "sent-while-detaching"));
  if (detach_mode & DETACH_SUBSCRIBES) record("detach subscribe", api->subscribe(root, on_extra_change, NULL) != 0);
  if (detach_mode & DETACH_REQUESTS) {
    record("detach request attach", api->request(host, TTT_REQUEST_ATTACH, attach_argument));
    record("detach request switch", api->request(host, TTT_REQUEST_SWITCH, attach_argument));
  }
}

#if defined(HOSTILE_LONG_NAME)
#define HOSTILE_NAME "hostile-hostile-hostile-hostile-hostile-hostile-hostile-hostile-h"
#elif defined(HOSTILE_BAD_NAME)
#define HOSTILE_NAME "../hostile"
#else
#define HOSTILE_NAME "hostile"
#endif

static const ttt_frontend_descriptor descriptor = {
  .struct_size = sizeof(ttt_frontend_descriptor),
  .abi_major = TTT_ABI_VERSION_MAJOR,
  .abi_minor = TTT_ABI_VERSION_MINOR,
  .name = HOSTILE_NAME,
#if defined(HOSTILE_NULL_DESCRIPTION)
  .description = NULL,
#elif defined(HOSTILE_BAD_UTF8_DESCRIPTION)
  .description = "bad \xff\xfe UTF-8",
#else
  .description = "A hostile fixture",
#endif
#ifdef HOSTILE_NULL_VERSION
  .version = NULL,
#else
  .version = "6.6.6",
#endif
  .flags = 0,
  .attach = attach,
  .detach = detach,
  .on_settled = on_settled,
};

const ttt_frontend_descriptor *tictactoe_frontend_entry(void) { return &descriptor; }

/* ---- Configuration and counters ---------------------------------------------------------- */

void hostile_set_attach_mode(unsigned mode, const char *argument) {
  attach_mode = mode;
  snprintf(attach_argument, sizeof attach_argument, "%s", argument ? argument : "");
}
void hostile_set_detach_mode(unsigned mode) { detach_mode = mode; }
void hostile_reenter(unsigned change_flags, unsigned action_flags) {
  reentry = change_flags;
  action_reentry = action_flags;
}
unsigned hostile_changes(void) { return changes; }
unsigned hostile_extra_changes(void) { return extra_changes; }
unsigned hostile_actions(void) { return actions; }
unsigned hostile_extra_actions(void) { return extra_actions; }
unsigned hostile_settled(void) { return settled; }
const char *hostile_read_email(void) { return read_email; }

/* ---- Absurd arguments, on the store thread ----------------------------------------------- */

static void on_nothing(void *context) { (void)context; }

int hostile_absurd(void) {
  static char huge[64 * 1024 + 2];
  memset(huge, 'a', sizeof huge - 1);
  huge[sizeof huge - 1] = 0;
  static char long_log[1 << 20];
  memset(long_log, 'L', sizeof long_log - 1);
  long_log[sizeof long_log - 1] = 0;
  ttt_store *garbage = (ttt_store *)&report;
  ttt_host *garbage_host = (ttt_host *)&report;
  int count = 0;
#define CALL(label, expression) (record(label, (long)(expression)), count++)

  ttt_action action = {sizeof action, TTT_ACTION_LOGIN_SET_EMAIL, "x@y", 0, 0};
  CALL("send NULL action", api->send(root, NULL));
  CALL("send NULL handle", api->send(NULL, &action));
  CALL("send garbage handle", api->send(garbage, &action));
  CALL("send host pointer as store", api->send((ttt_store *)host, &action));
  action.struct_size = 0;
  CALL("send struct_size 0", api->send(root, &action));
  action.struct_size = 1;
  CALL("send struct_size 1", api->send(root, &action));
  ttt_action unknown = {1u << 31, 0, NULL, 0, 0};
  CALL("send struct_size 1<<31 tag 0", api->send(root, &unknown));
  unknown.tag = UINT32_MAX;
  CALL("send tag UINT32_MAX", api->send(root, &unknown));
  ttt_action text = {sizeof text, TTT_ACTION_LOGIN_SET_EMAIL, NULL, 0, 0};
  CALL("send NULL text", api->send(root, &text));
  text.text = "bad \xff\xfe UTF-8";
  CALL("send invalid UTF-8", api->send(root, &text));
  text.text = huge;
  CALL("send 64 KiB + 1 text", api->send(root, &text));
  ttt_action cell = {sizeof cell, TTT_ACTION_GAME_CELL_TAPPED, NULL, INT32_MIN, INT32_MAX};
  CALL("send cell INT32_MIN", api->send(root, &cell));
  action.struct_size = sizeof action;
  CALL("send wrong feature", api->send(game, &action));

  ttt_value values[2] = {{.type = TTT_TYPE_STRING, .string = "x@y"}, {.type = TTT_TYPE_INT32, .int32 = 1}};
  CALL("send_path NULL path", api->send_path(root, NULL, values, 1));
  CALL("send_path count SIZE_MAX", api->send_path(root, "login.view.binding.email", values, SIZE_MAX));
  CALL("send_path count 1<<40", api->send_path(root, "login.view.binding.email", values, (size_t)1 << 40));
  CALL("send_path count 17", api->send_path(root, "login.view.binding.email", values, 17));
  CALL("send_path NULL values", api->send_path(root, "login.view.binding.email", NULL, 1));
  CALL("send_path count 0", api->send_path(root, "login.view.binding.email", values, 0));
  CALL("send_path count 2", api->send_path(root, "login.view.binding.email", values, 2));
  ttt_value wrong_type = {.type = TTT_TYPE_INT32, .int32 = 7};
  CALL("send_path int for string", api->send_path(root, "login.view.binding.email", &wrong_type, 1));
  ttt_value garbage_type = {.type = 999, .string = "x"};
  CALL("send_path type 999", api->send_path(root, "login.view.binding.email", &garbage_type, 1));
  ttt_value null_string = {.type = TTT_TYPE_STRING, .string = NULL};
  CALL("send_path NULL string", api->send_path(root, "login.view.binding.email", &null_string, 1));
  CALL("send_path invalid UTF-8 path", api->send_path(root, "login.\xff", values, 1));
  CALL("send_path unknown path", api->send_path(root, "login.view.binding.nothing", values, 1));
  CALL("send_path garbage handle", api->send_path(garbage, "login.view.binding.email", values, 1));
  CALL("send_path effect-only path", api->send_path(root, "login.loginResponse.success", values, 1));

  CALL("edit_text field UINT32_MAX", api->edit_text(root, UINT32_MAX, TTT_EDIT_APPEND, "x"));
  CALL("edit_text edit UINT32_MAX", api->edit_text(root, TTT_FIELD_LOGIN_EMAIL, UINT32_MAX, "x"));
  CALL("edit_text append NULL", api->edit_text(root, TTT_FIELD_LOGIN_EMAIL, TTT_EDIT_APPEND, NULL));
  CALL("edit_text invalid UTF-8", api->edit_text(root, TTT_FIELD_LOGIN_EMAIL, TTT_EDIT_APPEND, "\xc3"));
  CALL("edit_text 64 KiB + 1", api->edit_text(root, TTT_FIELD_LOGIN_EMAIL, TTT_EDIT_APPEND, huge));
  CALL("edit_text NULL handle", api->edit_text(NULL, TTT_FIELD_LOGIN_EMAIL, TTT_EDIT_CLEAR, NULL));
  CALL("edit_text inactive field", api->edit_text(root, TTT_FIELD_NEW_GAME_X_PLAYER_NAME, TTT_EDIT_APPEND, "x"));

  ttt_login_state login_state = {.struct_size = sizeof login_state};
  CALL("read_login NULL out", api->read_login(login, NULL));
  CALL("read_login NULL handle", api->read_login(NULL, &login_state));
  CALL("read_login garbage handle", api->read_login(garbage, &login_state));
  login_state.struct_size = 0;
  CALL("read_login struct_size 0", api->read_login(login, &login_state));
  login_state.struct_size = 3;
  CALL("read_login struct_size 3", api->read_login(login, &login_state));
  ttt_game_state game_state = {.struct_size = sizeof game_state};
  CALL("read_game through login handle", api->read_game(login, &game_state));
  CALL("read_game inactive", api->read_game(game, &game_state));

  CALL("root NULL", api->root(NULL) != NULL);
  CALL("root garbage", api->root(garbage_host) != NULL);
  CALL("root store pointer as host", api->root((ttt_host *)root) != NULL);
  CALL("scope feature UINT32_MAX", api->scope(root, UINT32_MAX) != NULL);
  CALL("scope NULL", api->scope(NULL, TTT_FEATURE_LOGIN) != NULL);
  CALL("is_active NULL", api->is_active(NULL));
  CALL("is_active garbage", api->is_active(garbage));

  CALL("subscribe NULL callback", api->subscribe(root, NULL, NULL) != 0);
  CALL("subscribe NULL handle", api->subscribe(NULL, on_nothing, NULL) != 0);
  CALL("observe_actions NULL callback", api->observe_actions(host, NULL, NULL) != 0);
  CALL("observe_actions garbage host", api->observe_actions(garbage_host, on_action, NULL) != 0);
  api->unsubscribe(host, UINT64_MAX);
  api->unsubscribe(host, 0);
  api->unsubscribe(NULL, change_subscription);
  api->unsubscribe(garbage_host, change_subscription);
  CALL("unsubscribe unknown ids", 0);

  CALL("request kind UINT32_MAX", api->request(host, UINT32_MAX, "x"));
  CALL("request kind 0", api->request(host, 0, NULL));
  CALL("request attach NULL", api->request(host, TTT_REQUEST_ATTACH, NULL));
  CALL("request attach missing file", api->request(host, TTT_REQUEST_ATTACH, "/no/such/libfrontend.so"));
  CALL("request attach relative file", api->request(host, TTT_REQUEST_ATTACH, "no/such/libfrontend.so"));
  CALL("request switch empty", api->request(host, TTT_REQUEST_SWITCH, ""));
  CALL("request detach NULL", api->request(host, TTT_REQUEST_DETACH, NULL));
  CALL("request NULL host", api->request(NULL, TTT_REQUEST_QUIT, NULL));
  CALL("request garbage host", api->request(garbage_host, TTT_REQUEST_QUIT, NULL));

  api->log(host, UINT32_MAX, "log level UINT32_MAX");
  api->log(host, TTT_LOG_INFO, NULL);
  api->log(NULL, TTT_LOG_INFO, "no host");
  api->log(garbage_host, TTT_LOG_INFO, "garbage host");
  api->log(host, TTT_LOG_WARNING, "bad \xff\xfe UTF-8 in a log line");
  api->log(host, TTT_LOG_INFO, long_log);
  CALL("log absurd", 0);

  CALL("action_count NULL", (long)api->action_count(NULL));
  CALL("action_at SIZE_MAX", api->action_at(host, SIZE_MAX) != NULL);
  CALL("action_at count", api->action_at(host, api->action_count(host)) != NULL);
  CALL("action_at NULL host", api->action_at(NULL, 0) != NULL);
  CALL("field_count NULL", (long)api->field_count(NULL));
  CALL("field_at SIZE_MAX", api->field_at(host, SIZE_MAX) != NULL);
  CALL("field_at garbage host", api->field_at(garbage_host, 0) != NULL);
  CALL("make_sender NULL path", api->make_sender(root, NULL) != NULL);
  CALL("make_sender unknown path", api->make_sender(root, "login.nope") != NULL);
  CALL("make_sender invalid UTF-8", api->make_sender(root, "login.\xff\xfe") != NULL);
  CALL("make_sender NULL handle", api->make_sender(NULL, "login.view.binding.email") != NULL);
  CALL("last_error NULL host", api->last_error(NULL) != NULL);
  CALL("last_error garbage host", api->last_error(garbage_host) != NULL);
  const ttt_action_info *found = (const ttt_action_info *)&report;
  CALL("find_action NULL path", api->find_action(host, NULL, &found));
  CALL("find_action NULL out", api->find_action(host, "login.view.binding.email", NULL));
  CALL("find_action invalid UTF-8", api->find_action(host, "login.\xff", &found));
  CALL("find_action garbage host", api->find_action(garbage_host, "login.view.binding.email", &found));
  CALL("find_action unknown path", api->find_action(host, "login.nope", &found));
  CALL("find_action effect-only path", api->find_action(host, "login.loginResponse.success", &found));
  CALL("find_action leaves NULL", found != NULL);
  ttt_state_json state_json = {.struct_size = sizeof state_json};
  CALL("read_state_json NULL out", api->read_state_json(root, NULL));
  CALL("read_state_json NULL handle", api->read_state_json(NULL, &state_json));
  CALL("read_state_json through login handle", api->read_state_json(login, &state_json));
  state_json.struct_size = 3;
  CALL("read_state_json struct_size 3", api->read_state_json(root, &state_json));
#undef CALL
  return count;
}

/* [until-next-read]: a last_error string stays valid while other errors happen, until the
 * next last_error call. Returns 1 if the first message survived two more errors. */
int hostile_last_error_survives_errors(char *first, size_t size) {
  ttt_action action = {sizeof action, 1001, NULL, 0, 0};
  api->send(root, &action);
  const char *message = api->last_error(host);
  snprintf(first, size, "%s", message);
  action.tag = 1002;
  api->send(root, &action);
  action.tag = 1003;
  api->send(root, &action);
  return strcmp(first, message) == 0;
}

/* ---- Other threads ----------------------------------------------------------------------- */

struct sends {
  int count;
  int ok, detached, other;
  char last_error[256];
};

static void *send_loop(void *context) {
  struct sends *sends = context;
  char value[64];
  for (int index = 0; index < sends->count; index++) {
    snprintf(value, sizeof value, "thread-%d", index);
    ttt_status statuses[4];
    statuses[0] = send_email(root, value);
    ttt_value argument = {.type = TTT_TYPE_STRING, .string = value};
    statuses[1] = api->send_path(login, "login.view.binding.email", &argument, 1);
    statuses[2] = set_email ? set_email(value) : TTT_ERR_INVALID_ARGUMENT;
    statuses[3] = api->edit_text(root, TTT_FIELD_LOGIN_EMAIL, TTT_EDIT_APPEND, "!");
    for (int route = 0; route < 4; route++) {
      if (statuses[route] == TTT_OK) sends->ok++;
      else if (statuses[route] == TTT_ERR_DETACHED) sends->detached++;
      else sends->other++;
    }
  }
  const char *message = api->last_error(host);
  snprintf(sends->last_error, sizeof sends->last_error, "%s", message ? message : "(null)");
  return NULL;
}

static char thread_last_error[256];
const char *hostile_thread_last_error(void) { return thread_last_error; }

/* Sends `count` times through four routes (send, send_path, the typed sender, edit_text) from
 * a new thread, and joins it. Returns how many calls returned TTT_OK. */
int hostile_thread_sends(int count, int *detached, int *other) {
  struct sends sends = {.count = count};
  pthread_t thread;
  if (pthread_create(&thread, NULL, send_loop, &sends) != 0) return -1;
  pthread_join(thread, NULL);
  *detached = sends.detached;
  *other = sends.other;
  snprintf(thread_last_error, sizeof thread_last_error, "%s", sends.last_error);
  return sends.ok;
}

static void *routines(void *context) {
  (void)context;
  ttt_login_state login_state = {.struct_size = sizeof login_state};
  record("thread read_login", api->read_login(login, &login_state));
  ttt_state_json state_json = {.struct_size = sizeof state_json};
  record("thread read_state_json", api->read_state_json(root, &state_json));
  record("thread root", api->root(host) != NULL);
  record("thread scope", api->scope(root, TTT_FEATURE_GAME) != NULL);
  record("thread is_active", api->is_active(login));
  record("thread subscribe", api->subscribe(root, on_extra_change, NULL) != 0);
  record("thread observe_actions", api->observe_actions(host, on_extra_action, NULL) != 0);
  api->unsubscribe(host, change_subscription);
  record("thread unsubscribe", 0);
  record("thread request", api->request(host, TTT_REQUEST_SETTLE, NULL));
  record("thread make_sender", api->make_sender(root, "login.view.binding.email") != NULL);
  record("thread send invalid", send_email(root, NULL));
  api->log(host, TTT_LOG_INFO, "a log line from another thread");
  record("thread action_count", (long)api->action_count(host));
  record("thread field_at", api->field_at(host, 0) != NULL);
  return NULL;
}

/* Calls store-thread routines from another thread, and joins it. */
void hostile_thread_routines(void) {
  pthread_t thread;
  if (pthread_create(&thread, NULL, routines, NULL) == 0) pthread_join(thread, NULL);
}

/* ---- After detach -------------------------------------------------------------------------- */

/* Calls through every saved handle and sender, on the calling thread. */
void hostile_saved_handles(void) {
  record("saved send", send_email(root, "after-detach"));
  ttt_value argument = {.type = TTT_TYPE_STRING, .string = "after-detach"};
  record("saved send_path", api->send_path(login, "login.view.binding.email", &argument, 1));
  record("saved typed sender", set_email ? (long)set_email("after-detach") : -1L);
  record("saved edit_text", api->edit_text(root, TTT_FIELD_LOGIN_EMAIL, TTT_EDIT_APPEND, "x"));
  ttt_login_state login_state = {.struct_size = sizeof login_state};
  record("saved read_login", api->read_login(login, &login_state));
  record("saved is_active", api->is_active(login));
  record("saved subscribe", api->subscribe(root, on_extra_change, NULL) != 0);
  record("saved observe_actions", api->observe_actions(host, on_extra_action, NULL) != 0);
  record("saved request", api->request(host, TTT_REQUEST_ATTACH, attach_argument));
  record("saved make_sender", api->make_sender(root, "login.view.binding.email") != NULL);
  record("saved root", api->root(host) != NULL);
  api->unsubscribe(host, change_subscription);
  api->log(host, TTT_LOG_INFO, "a log line after detach");
  record("saved unsubscribe and log", 0);
}
