/* A front end for tests: it attaches as an observer, counts change notifications, records
 * action events, and exports probe_* functions that call the host's routines. */
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tictactoe_frontend.h"

static const ttt_host_api *api;
static ttt_host *host;
static ttt_store *root;
static unsigned changes;
static unsigned game_changes;
static char actions[65536];
static size_t actions_length;
static unsigned settled_count;
static char last_payload[4096];

static void on_change(void *context) { (void)context; changes++; }
static void on_game_change(void *context) { (void)context; game_changes++; }

static void on_action(void *context, const ttt_action_event *event) {
  (void)context;
  int written = snprintf(actions + actions_length, sizeof actions - actions_length, "%s %s%s%s\n",
                         event->from_effect ? "effect" : "frontend", event->case_path,
                         event->error ? " error=" : "", event->error ? event->error : "");
  if (written > 0 && actions_length + (size_t)written < sizeof actions) actions_length += (size_t)written;
  /* The payload (ABI 1.3), read only when the host's event has it. */
  size_t payload_end = offsetof(ttt_action_event, payload) + sizeof event->payload;
  if (event->struct_size >= payload_end && event->payload)
    snprintf(last_payload, sizeof last_payload, "%s", event->payload);
  else
    last_payload[0] = 0;
}

const char *probe_last_payload(void) { return last_payload; }
int probe_keep_note(const char *key, const char *value) { return api->keep_note(host, key, value); }
const char *probe_note(const char *key) { return api->note(host, key); }

/* run_on_store_thread (ABI 1.3): how many posted callbacks ran, and whether one ran on another
 * thread than the one that attached the probe (the store thread). */
static pthread_t store_thread;
static unsigned store_thread_runs;
static bool ran_off_store_thread;

static void on_store_thread(void *context) {
  (void)context;
  store_thread_runs++;
  if (!pthread_equal(pthread_self(), store_thread)) ran_off_store_thread = true;
}

int probe_run_on_store_thread(void) { return api->run_on_store_thread(host, on_store_thread, NULL); }
int probe_run_null_on_store_thread(void) { return api->run_on_store_thread(host, NULL, NULL); }
unsigned probe_store_thread_runs(void) { return store_thread_runs; }
bool probe_ran_off_store_thread(void) { return ran_off_store_thread; }

/* notice (ABI 1.4): what the probe was last handed as the terminal owner, and how often. */
static char last_notice[8192];
static unsigned notices;

static void on_notice(void *instance, const char *from, const char *text) {
  (void)instance;
  notices++;
  snprintf(last_notice, sizeof last_notice, "%s: %s", from, text);
}

int probe_notice(const char *text) { return api->notice(host, text); }
const char *probe_last_notice(void) { return last_notice; }
unsigned probe_notices(void) { return notices; }

/* Input, counted, for the descriptor of an older minor below (consume_input is 1.2). */
static size_t consumed;
static size_t consume_input(void *instance, const uint8_t *bytes, size_t length, uint32_t flags) {
  (void)instance;
  (void)bytes;
  (void)flags;
  consumed += length;
  return length;
}
size_t probe_consumed(void) { return consumed; }

static ttt_status attach(const ttt_host_api *a, ttt_host *h, const ttt_attach_info *info,
                         void **out_instance) {
  (void)info;
  api = a;
  host = h;
  root = api->root(host);
  store_thread = pthread_self();
  changes = 0;
  game_changes = 0;
  actions_length = 0;
  actions[0] = 0;
  api->subscribe(root, on_change, NULL);
  api->subscribe(api->scope(root, TTT_FEATURE_GAME), on_game_change, NULL);
  api->observe_actions(host, on_action, NULL);
  *out_instance = &api;
  return TTT_OK;
}

static void detach(void *instance) { (void)instance; }

static void on_settled(void *instance, bool timed_out) {
  (void)instance;
  (void)timed_out;
  settled_count++;
}

/* -DPROBE_ABI_MINOR=3: the descriptor as a 1.3 front end built it, ending at consume_input,
 * and one that reads input (to prove the host still finds its consume_input). on_notice is
 * set all the same: the host must not read it past the descriptor's size. -DPROBE_ABI_MINOR=4:
 * a 1.4 front end, whose descriptor is the whole one (1.5 added no descriptor field). */
#ifdef PROBE_ABI_MINOR
#define PROBE_MINOR PROBE_ABI_MINOR
#if PROBE_ABI_MINOR >= 4
#define PROBE_SIZE sizeof(ttt_frontend_descriptor)
#else
#define PROBE_SIZE offsetof(ttt_frontend_descriptor, on_notice)
#endif
#define PROBE_FLAGS TTT_FRONTEND_READS_INPUT
#else
#define PROBE_MINOR TTT_ABI_VERSION_MINOR
#define PROBE_SIZE sizeof(ttt_frontend_descriptor)
#define PROBE_FLAGS 0
#endif

static const ttt_frontend_descriptor descriptor = {
  .struct_size = PROBE_SIZE,
  .abi_major = TTT_ABI_VERSION_MAJOR,
  .abi_minor = PROBE_MINOR,
  .name = "probe",
  .description = "Test probe",
  .version = "0.0.1",
  .flags = PROBE_FLAGS,
  .attach = attach,
  .detach = detach,
  .on_settled = on_settled,
  .consume_input = consume_input,
  .on_notice = on_notice,
};

const ttt_frontend_descriptor *tictactoe_frontend_entry(void) { return &descriptor; }

int probe_send(uint32_t feature, uint32_t tag, const char *text, int32_t row, int32_t column) {
  ttt_action action = {sizeof(ttt_action), tag, text, row, column};
  return api->send(api->scope(root, feature), &action);
}

int probe_send_struct_size(uint32_t struct_size, uint32_t tag) {
  ttt_action action = {struct_size, tag, NULL, 0, 0};
  return api->send(root, &action);
}

int probe_send_null(void) { return api->send(root, NULL); }

int probe_edit(uint32_t field, uint32_t edit, const char *text) {
  return api->edit_text(root, field, edit, text);
}

const char *probe_last_error(void) { return api->last_error(host); }
unsigned probe_changes(void) { return changes; }
unsigned probe_game_changes(void) { return game_changes; }
unsigned probe_settled(void) { return settled_count; }
const char *probe_actions(void) { return actions; }
bool probe_is_active(uint32_t feature) { return api->is_active(api->scope(root, feature)); }

/* Reads the state struct of `feature` into `out`, which is `size` bytes (its struct_size). */
int probe_read(uint32_t feature, void *out, uint32_t size) {
  *(uint32_t *)out = size;
  switch (feature) {
  case TTT_FEATURE_ROOT: return api->read_root(root, out);
  case TTT_FEATURE_LOGIN: return api->read_login(api->scope(root, feature), out);
  case TTT_FEATURE_TWO_FACTOR: return api->read_two_factor(api->scope(root, feature), out);
  case TTT_FEATURE_NEW_GAME: return api->read_new_game(api->scope(root, feature), out);
  case TTT_FEATURE_GAME: return api->read_game(api->scope(root, feature), out);
  default: return TTT_ERR_INVALID_ARGUMENT;
  }
}

int probe_read_game(ttt_game_state *out) {
  out->struct_size = sizeof(ttt_game_state);
  return api->read_game(api->scope(root, TTT_FEATURE_GAME), out);
}

/* The scoreboard as "Blob 2, Blub 1, ties 1", its standings stepped through by standing_size as
 * the header asks (ABI 1.2). Returns the read's status. */
int probe_scoreboard(char *buffer, size_t size) {
  ttt_new_game_state state = {.struct_size = sizeof state};
  int status = api->read_new_game(api->scope(root, TTT_FEATURE_NEW_GAME), &state);
  if (status != TTT_OK) return status;
  size_t used = 0;
  for (size_t index = 0; index < state.standing_count; index++) {
    const ttt_standing *standing =
        (const ttt_standing *)((const char *)state.standings + index * state.standing_size);
    used += (size_t)snprintf(buffer + used, used < size ? size - used : 0, "%s %u, ",
                             standing->name, standing->wins);
  }
  snprintf(buffer + used, used < size ? size - used : 0, "ties %u", state.ties);
  return TTT_OK;
}

/* Reads the new-game state with the struct_size of ABI 1.1 (the struct ended before `ties`)
 * into bytes set to 0xAB; returns how many bytes after that size the host changed. */
size_t probe_new_game_bytes_changed_past_1_1(void) {
  ttt_new_game_state state;
  memset(&state, 0xAB, sizeof state);
  state.struct_size = (uint32_t)offsetof(ttt_new_game_state, ties);
  api->read_new_game(api->scope(root, TTT_FEATURE_NEW_GAME), &state);
  size_t changed = 0;
  const unsigned char *bytes = (const unsigned char *)&state;
  for (size_t index = offsetof(ttt_new_game_state, ties); index < sizeof state; index++) {
    if (bytes[index] != 0xAB) changed++;
  }
  return changed;
}

int probe_read_login(ttt_login_state *out, uint32_t struct_size) {
  memset(out, 0xAB, sizeof *out);
  out->struct_size = struct_size;
  return api->read_login(api->scope(root, TTT_FEATURE_LOGIN), out);
}

int probe_read_login_through_root(ttt_login_state *out) {
  out->struct_size = sizeof(ttt_login_state);
  return api->read_login(root, out);
}

int probe_request(uint32_t kind, const char *argument) { return api->request(host, kind, argument); }

uint64_t probe_revision(void) {
  ttt_root_state state = {.struct_size = sizeof state};
  return api->read_root(root, &state) == TTT_OK ? state.revision : UINT64_MAX;
}

int probe_send_garbage_handle(void) {
  ttt_action action = {sizeof(ttt_action), TTT_ACTION_LOGIN_BUTTON_TAPPED, NULL, 0, 0};
  return api->send((ttt_store *)&action, &action);
}

/* find_action (ABI 1.5): its status, and in `*found_path` the case path of the description it
 * gave, or NULL when it gave none. */
int probe_find_action(const char *path, const char **found_path) {
  const ttt_action_info *info = (const ttt_action_info *)&descriptor;
  int status = api->find_action(host, path, &info);
  *found_path = info ? info->case_path : NULL;
  return status;
}

/* read_state_json (ABI 1.6) through the root handle, or the handle scoped to `feature`: its
 * status, and `*out` as the host filled it. */
int probe_read_state_json(uint32_t feature, ttt_state_json *out) {
  out->struct_size = sizeof *out;
  return api->read_state_json(feature == TTT_FEATURE_ROOT ? root : api->scope(root, feature), out);
}

/* The reflection calls of ABI 1.1 and 1.2 (probe_action_*, probe_send_path_*, probe_*sender*,
 * probe_field, probe_redact), which use the statics above. */
#include "probe-reflection.inc"
