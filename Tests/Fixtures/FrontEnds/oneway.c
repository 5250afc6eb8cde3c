/* A terminal owner for the one-way test: it records, in order, every callback the host makes,
 * and counts any that comes while another of its callbacks runs or while it is inside send.
 * Input bytes: 'e' sends a new email (and reads it straight back), 'x' appends "x" to the
 * email with edit_text, 'r' makes its next change callback send once more. */
#include <stdio.h>
#include <string.h>

#include "tictactoe_frontend.h"

static const ttt_host_api *api;
static ttt_host *host;
static ttt_store *root;
static ttt_store *login;
static unsigned depth;
static unsigned nested;
static unsigned inside_send;
static unsigned stale_reads;
static unsigned emails_sent;
static int resend_on_change;
static char events[16384];
static size_t events_length;
static int in_send;

static void record(const char *event) {
  int written = snprintf(events + events_length, sizeof events - events_length, "%s\n", event);
  if (written > 0 && events_length + (size_t)written < sizeof events) events_length += (size_t)written;
}

/* Every callback starts with enter() and ends with leave(). */
static void enter(const char *name) {
  if (depth > 0) nested++;
  if (in_send) inside_send++;
  depth++;
  record(name);
}

static void leave(void) { depth--; }

static void send_email(void) {
  char email[32];
  snprintf(email, sizeof email, "e%u@x", ++emails_sent);
  ttt_action action = {.struct_size = sizeof action, .tag = TTT_ACTION_LOGIN_SET_EMAIL, .text = email};
  in_send = 1;
  ttt_status status = api->send(root, &action);
  in_send = 0;
  /* The host applies a send at once: a read right after it sees the change. */
  ttt_login_state state = {.struct_size = sizeof state};
  if (status != TTT_OK || api->read_login(login, &state) != TTT_OK || strcmp(state.email, email) != 0)
    stale_reads++;
}

static void on_change(void *context) {
  (void)context;
  enter("change");
  if (resend_on_change) {
    resend_on_change = 0;
    send_email();
  }
  leave();
}

static void on_action(void *context, const ttt_action_event *event) {
  (void)context;
  char line[128];
  snprintf(line, sizeof line, "action %s", event->case_path);
  enter(line);
  leave();
}

static size_t consume_input(void *instance, const uint8_t *bytes, size_t length, uint32_t flags) {
  (void)instance;
  (void)flags;
  enter("input");
  for (size_t index = 0; index < length; index++) {
    if (bytes[index] == 'e') {
      send_email();
    } else if (bytes[index] == 'x') {
      in_send = 1;
      api->edit_text(root, TTT_FIELD_LOGIN_EMAIL, TTT_EDIT_APPEND, "x");
      in_send = 0;
    } else if (bytes[index] == 'r') {
      resend_on_change = 1;
    }
  }
  leave();
  return length;
}

static ttt_status attach(const ttt_host_api *a, ttt_host *h, const ttt_attach_info *info,
                         void **out_instance) {
  (void)info;
  api = a;
  host = h;
  root = api->root(host);
  login = api->scope(root, TTT_FEATURE_LOGIN);
  api->subscribe(root, on_change, NULL);
  api->observe_actions(host, on_action, NULL);
  *out_instance = &api;
  return TTT_OK;
}

static void detach(void *instance) { (void)instance; }

static const ttt_frontend_descriptor descriptor = {
  .struct_size = sizeof(ttt_frontend_descriptor),
  .abi_major = TTT_ABI_VERSION_MAJOR,
  .abi_minor = TTT_ABI_VERSION_MINOR,
  .name = "oneway",
  .description = "Records the order of the host's callbacks",
  .version = "0.0.1",
  .flags = TTT_FRONTEND_READS_INPUT,
  .attach = attach,
  .detach = detach,
  .consume_input = consume_input,
};

const ttt_frontend_descriptor *tictactoe_frontend_entry(void) { return &descriptor; }

/* What the host did, one callback a line ("input", "change", "action PATH"); then clears it. */
const char *oneway_take_events(void) {
  static char taken[sizeof events];
  memcpy(taken, events, events_length + 1);
  events_length = 0;
  events[0] = 0;
  return taken;
}
unsigned oneway_nested(void) { return nested; }
unsigned oneway_inside_send(void) { return inside_send; }
unsigned oneway_stale_reads(void) { return stale_reads; }
/* A send outside every callback, as from a timer of the front end's own. */
void oneway_send_email(void) { send_email(); }
