/*
 * mine.c — a complete tictactoe front end in one C file, to copy and change.
 *
 * It renders every screen as plain text and reads one command per line:
 *
 *   email ADDRESS   password PASSWORD   login   ok (dismiss an alert)
 *   code CODE       submit              back    (two-factor)
 *   x NAME          o NAME              play    logout
 *   ROW COLUMN (rows and columns count from 1, "2 3")   again   quit (leave the game)
 *   :frontend NAME (switch the terminal to another front end)   :quit (exit)
 *
 * As the terminal owner it draws on the terminal and is handed the input. With an argument
 * (`--frontend ./libmine.so:/tmp/mine.out`) it writes to that file instead, which is how it
 * watches a game as an observer while another front end owns the terminal. It never touches a
 * descriptor itself: the host opens its output, writes it without blocking, and hands it its
 * input (ABI 1.2).
 *
 * Build:  cc $(pkg-config --cflags tictactoe-frontend) -shared -fPIC mine.c -o libmine.so
 * Run:    tictactoe --frontend ./libmine.so
 *
 * Everything it needs is in tictactoe_frontend.h; it links nothing of the host. Every callback
 * below runs on the host's store thread, one at a time, so there is no locking anywhere.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tictactoe_frontend.h"

/* The name the host knows this front end by (`:detach mine`, `--list-frontends`). This
 * repository's Package.swift builds the same file as the stock front end `example`. */
#ifndef FRONTEND_NAME
#define FRONTEND_NAME "mine"
#endif

/* ---------------------------------------------------------------------------------------- */
/* The instance: everything one attachment needs. attach allocates it, detach frees it.      */
/* ---------------------------------------------------------------------------------------- */

struct mine {
  const ttt_host_api *api; /* the host's routines, valid until detach */
  ttt_host *host;          /* this attachment, as the host sees it */
  ttt_store *root;         /* store handles: the root, and one scoped to each feature */
  ttt_store *login, *two_factor, *new_game, *game;
  uint64_t subscription; /* the change subscription */

  ttt_output *out;        /* where screens go: the terminal, or the file given as argument */
  char last_screen[4096]; /* what was drawn last, to skip redrawing an identical screen */

  bool settling; /* a settle is in progress: consume no more lines until on_settled */
  bool leaving;  /* we asked to quit or to switch: consume no more input at all */
};

/* ---------------------------------------------------------------------------------------- */
/* Output                                                                                    */
/* ---------------------------------------------------------------------------------------- */

/* Writes `text` through the host, which buffers it and never blocks. If the output failed
 * (its reader went away), the host deals with it: it detaches an observer, and ends when the
 * terminal fails. Nothing for us to do but stop caring. */
static void write_all(struct mine *mine, const char *text, size_t length) {
  (void)mine->api->write(mine->out, text, length);
}

/* A screen being composed: printf into a fixed buffer; what does not fit is cut off. */
struct screen {
  char text[4096];
  size_t length;
};

static void add(struct screen *screen, const char *format, ...) {
  size_t room = sizeof screen->text - screen->length;
  va_list arguments;
  va_start(arguments, format);
  int written = vsnprintf(screen->text + screen->length, room, format, arguments);
  va_end(arguments);
  if (written > 0) screen->length += (size_t)written < room ? (size_t)written : room - 1;
}

/* A one-line message (an error, a hint) for the user. */
static void say(struct mine *mine, const char *message) {
  struct screen line = {.length = 0};
  add(&line, "! %s\n", message);
  write_all(mine, line.text, line.length);
}

static char mark(uint8_t cell) {
  return cell == TTT_PLAYER_X ? 'X' : cell == TTT_PLAYER_O ? 'O' : ' ';
}

/* ---------------------------------------------------------------------------------------- */
/* Rendering: read the state through the typed reads, draw the topmost screen.               */
/* ---------------------------------------------------------------------------------------- */

static void render_login(struct mine *mine, struct screen *screen) {
  /* Every read sets struct_size first: the host fills no more than that. */
  ttt_login_state login = {.struct_size = sizeof login};
  if (mine->api->read_login(mine->login, &login) != TTT_OK) return;
  if (login.is_two_factor_presented) {
    ttt_two_factor_state two_factor = {.struct_size = sizeof two_factor};
    if (mine->api->read_two_factor(mine->two_factor, &two_factor) == TTT_OK) {
      add(screen, "== Two-factor authentication ==\nCode: %s\n", two_factor.code);
      if (two_factor.is_activity_indicator_visible) add(screen, "Checking the code...\n");
      if (two_factor.alert_title) add(screen, "Alert: %s (type ok)\n", two_factor.alert_title);
      add(screen, "Commands: code CODE, submit, back\n");
      return;
    }
  }
  /* Strings such as login.email stay valid until the next read_login on this handle. */
  add(screen, "== Login ==\nEmail:    %s\nPassword: ", login.email);
  /* The password never crosses the ABI: only its length does. */
  for (size_t i = 0; i < login.password_length && i < 64; i++) add(screen, "*");
  add(screen, "\n");
  if (login.is_activity_indicator_visible) add(screen, "Logging in...\n");
  if (login.alert_title) add(screen, "Alert: %s (type ok)\n", login.alert_title);
  add(screen, "Commands: email ADDRESS, password PASSWORD, login\n");
}

static void render_game(struct mine *mine, struct screen *screen) {
  ttt_game_state game = {.struct_size = sizeof game};
  if (mine->api->read_game(mine->game, &game) != TTT_OK) return;
  /* `title` is derived by the host ("Blob, place your X", "Winner! ..."): never re-derive it. */
  add(screen, "== %s ==\n     1   2   3\n", game.title);
  for (int row = 0; row < 3; row++) {
    if (row > 0) add(screen, "    ---+---+---\n");
    add(screen, " %d   %c | %c | %c\n", row + 1, mark(game.board[row][0]),
        mark(game.board[row][1]), mark(game.board[row][2]));
  }
  add(screen, game.is_board_disabled ? "Commands: again, quit\n" : "Commands: ROW COLUMN, quit\n");
}

static void render_new_game(struct mine *mine, struct screen *screen) {
  ttt_new_game_state new_game = {.struct_size = sizeof new_game};
  if (mine->api->read_new_game(mine->new_game, &new_game) != TTT_OK) return;
  if (new_game.is_game_presented) {
    render_game(mine, screen);
    return;
  }
  add(screen, "== New game ==\nX player: %s\nO player: %s\n", new_game.x_player_name,
      new_game.o_player_name);
  add(screen, "Commands: x NAME, o NAME, play, logout\n");
}

/* Draws the current screen, unless it looks exactly like the one drawn last. */
static void render(struct mine *mine) {
  struct screen screen = {.length = 0};
  ttt_root_state root = {.struct_size = sizeof root};
  if (mine->api->read_root(mine->root, &root) != TTT_OK) return;
  if (root.active == TTT_FEATURE_LOGIN) render_login(mine, &screen);
  if (root.active == TTT_FEATURE_NEW_GAME) render_new_game(mine, &screen);
  if (strcmp(screen.text, mine->last_screen) == 0) return;
  memcpy(mine->last_screen, screen.text, screen.length + 1);
  write_all(mine, screen.text, screen.length);
}

/* The change callback: the state changed, so draw it again. [store-thread] */
static void on_change(void *context) { render(context); }

/* ---------------------------------------------------------------------------------------- */
/* Commands: one line of input becomes one user intent, sent through a scoped handle.        */
/* ---------------------------------------------------------------------------------------- */

/* The commands that map straight to an action. A word can appear twice: the first entry whose
 * feature is on screen wins ("ok" dismisses the two-factor alert when two-factor is shown). */
static const struct command {
  const char *word;
  uint32_t feature; /* ttt_feature: the handle it is sent through */
  uint32_t tag;     /* ttt_action_tag */
  bool takes_text;  /* whether the rest of the line is the action's text */
} commands[] = {
    {"email", TTT_FEATURE_LOGIN, TTT_ACTION_LOGIN_SET_EMAIL, true},
    {"login", TTT_FEATURE_LOGIN, TTT_ACTION_LOGIN_BUTTON_TAPPED, false},
    {"ok", TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, false},
    {"ok", TTT_FEATURE_LOGIN, TTT_ACTION_LOGIN_ALERT_DISMISS, false},
    {"code", TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_SET_CODE, true},
    {"submit", TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED, false},
    {"back", TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_DISMISS, false},
    {"x", TTT_FEATURE_NEW_GAME, TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, true},
    {"o", TTT_FEATURE_NEW_GAME, TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, true},
    {"play", TTT_FEATURE_NEW_GAME, TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED, false},
    {"logout", TTT_FEATURE_NEW_GAME, TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED, false},
    {"again", TTT_FEATURE_GAME, TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED, false},
    {"quit", TTT_FEATURE_GAME, TTT_ACTION_GAME_QUIT_BUTTON_TAPPED, false},
};

static ttt_store *handle_for(struct mine *mine, uint32_t feature) {
  switch (feature) {
  case TTT_FEATURE_LOGIN: return mine->login;
  case TTT_FEATURE_TWO_FACTOR: return mine->two_factor;
  case TTT_FEATURE_NEW_GAME: return mine->new_game;
  case TTT_FEATURE_GAME: return mine->game;
  default: return mine->root;
  }
}

/* Reports a routine's failure: the host validated what we sent and says what was wrong. */
static void check(struct mine *mine, ttt_status status) {
  if (status != TTT_OK) say(mine, mine->api->last_error(mine->host));
}

static void handle_line(struct mine *mine, char *line) {
  /* Split "word rest of the line". */
  while (*line == ' ') line++;
  if (*line == '\0') return;
  char *rest = line + strcspn(line, " ");
  if (*rest != '\0') *rest++ = '\0';
  while (*rest == ' ') rest++;

  /* Requests to the host: carried out after this callback returns. Once one is accepted we
   * are about to be detached, so we consume no more input: the host hands what follows this
   * line to the next front end. */
  if (strcmp(line, ":quit") == 0 || strcmp(line, ":frontend") == 0) {
    uint32_t request = strcmp(line, ":quit") == 0 ? TTT_REQUEST_QUIT : TTT_REQUEST_SWITCH;
    ttt_status status = mine->api->request(mine->host, request, rest);
    mine->leaving = status == TTT_OK;
    check(mine, status);
    return;
  }

  /* The password cannot be read, only edited: clear the field, then type the new one. */
  if (strcmp(line, "password") == 0) {
    const ttt_host_api *api = mine->api;
    check(mine, api->edit_text(mine->login, TTT_FIELD_LOGIN_PASSWORD, TTT_EDIT_CLEAR, NULL));
    check(mine, api->edit_text(mine->login, TTT_FIELD_LOGIN_PASSWORD, TTT_EDIT_APPEND, rest));
    return;
  }

  bool known = false;
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
    const struct command *command = &commands[i];
    if (strcmp(line, command->word) != 0) continue;
    known = true;
    ttt_store *store = handle_for(mine, command->feature);
    if (!mine->api->is_active(store)) continue; /* not on screen: maybe the next entry is */
    /* `text` is only borrowed for the call: the host copies it. */
    ttt_action action = {.struct_size = sizeof action,
                         .tag = command->tag,
                         .text = command->takes_text ? rest : NULL};
    check(mine, mine->api->send(store, &action));
    return;
  }
  if (known) {
    say(mine, "that command does not apply to this screen");
    return;
  }

  /* "ROW COLUMN": a move, counted from 1 on screen and from 0 in the ABI. The host checks
   * the rest: that a game is on, that the cell is free. */
  char *end;
  long row = strtol(line, &end, 10);
  if (*end == '\0' && *rest != '\0') {
    long column = strtol(rest, &end, 10);
    if (*end == '\0') {
      if (row < 1 || row > 3 || column < 1 || column > 3) {
        say(mine, "rows and columns go from 1 to 3, e.g. 2 3");
        return;
      }
      ttt_action move = {.struct_size = sizeof move,
                         .tag = TTT_ACTION_GAME_CELL_TAPPED,
                         .row = (int32_t)row - 1,
                         .column = (int32_t)column - 1};
      check(mine, mine->api->send(mine->game, &move));
      return;
    }
  }
  say(mine, "unknown command; the commands of this screen are listed above it");
}

/* Consumes complete lines, one at a time, and returns how many bytes that took. After each
 * line it asks the host to settle and stops: the host holds the rest back until the effects
 * that line started (a login request, say) finished, calls on_settled, and then hands the rest
 * again. So a piped script sees the same screens a person typing would, and we keep no input
 * of our own: a partial line stays with the host until its newline arrives. */
static size_t handle_lines(struct mine *mine, const uint8_t *bytes, size_t length,
                           bool end_of_input) {
  size_t consumed = 0;
  while (!mine->settling && !mine->leaving && consumed < length) {
    const uint8_t *start = bytes + consumed;
    const uint8_t *newline = memchr(start, '\n', length - consumed);
    if (!newline && !end_of_input) break; /* a partial line: wait for the rest */
    size_t line_length = newline ? (size_t)(newline - start) : length - consumed;

    char line[1024];
    size_t kept = line_length < sizeof line - 1 ? line_length : sizeof line - 1;
    memcpy(line, start, kept);
    line[kept] = '\0';
    if (kept > 0 && line[kept - 1] == '\r') line[kept - 1] = '\0';
    consumed += newline ? line_length + 1 : line_length;

    handle_line(mine, line);
    if (mine->leaving) break;
    mine->settling = mine->api->request(mine->host, TTT_REQUEST_SETTLE, NULL) == TTT_OK;
  }
  return consumed;
}

/* ---------------------------------------------------------------------------------------- */
/* The callbacks of the descriptor. All run on the store thread.                             */
/* ---------------------------------------------------------------------------------------- */

static ttt_status attach(const ttt_host_api *api, ttt_host *host, const ttt_attach_info *info,
                         void **out_instance) {
  /* Where to draw: the argument's file, or the terminal if we own it. The host opens it (no
   * symbolic links, no files of other users, new files 0600) and closes it after detach. */
  bool has_file = info->argument && info->argument[0] != '\0';
  if (!has_file && !info->owns_terminal) {
    api->log(host, TTT_LOG_ERROR,
             "as an observer, " FRONTEND_NAME " needs an output file: --frontend PATH:FILE");
    return TTT_ERR_INVALID_ARGUMENT;
  }
  ttt_output *out = api->open_output(host, has_file ? info->argument : NULL, 0);
  if (!out) {
    api->log(host, TTT_LOG_ERROR, api->last_error(host));
    return TTT_ERR_INVALID_ARGUMENT;
  }

  struct mine *mine = calloc(1, sizeof *mine);
  if (!mine) return TTT_ERR_INVALID_ARGUMENT;
  mine->api = api;
  mine->host = host;
  mine->out = out;
  /* Scoped handles exist even while their feature is off screen; reads then answer
   * TTT_ERR_INACTIVE. They stay valid until detach, so take them once. */
  mine->root = api->root(host);
  mine->login = api->scope(mine->root, TTT_FEATURE_LOGIN);
  mine->two_factor = api->scope(mine->root, TTT_FEATURE_TWO_FACTOR);
  mine->new_game = api->scope(mine->root, TTT_FEATURE_NEW_GAME);
  mine->game = api->scope(mine->root, TTT_FEATURE_GAME);

  /* The root handle reads the whole app, so its subscription hears about every change. */
  mine->subscription = api->subscribe(mine->root, on_change, mine);

  /* Render the current state at once: attached mid-game, we show the game where it is. */
  render(mine);
  *out_instance = mine;
  return TTT_OK;
}

static void detach(void *instance) {
  struct mine *mine = instance;
  /* The host ends our subscriptions on detach anyway; ending them is good manners. */
  mine->api->unsubscribe(mine->host, mine->subscription);
  /* Nothing to restore: we never changed terminal modes. The host closes our output. */
  free(mine);
}

/* Input bytes, when we own the terminal. They are borrowed, and the host keeps what we do not
 * consume: we return how much we used. TTT_INPUT_END: nothing more will come, so a last line
 * without a newline is complete. */
static size_t consume_input(void *instance, const uint8_t *bytes, size_t length,
                            uint32_t flags) {
  return handle_lines(instance, bytes, length, flags & TTT_INPUT_END);
}

/* The settle asked for after a line finished: handle the next line. */
static void on_settled(void *instance, bool timed_out) {
  struct mine *mine = instance;
  mine->settling = false;
  if (timed_out) say(mine, "still waiting for the server; continuing");
  /* The host hands the lines after the settled one again now. */
}

/* The descriptor: static storage, static strings. The host reads it, never frees it. */
static const ttt_frontend_descriptor descriptor = {
    .struct_size = sizeof(ttt_frontend_descriptor),
    .abi_major = TTT_ABI_VERSION_MAJOR,
    .abi_minor = TTT_ABI_VERSION_MINOR,
    .name = FRONTEND_NAME,
    .description = "Example front end in C: plain text screens, one command per line",
    .version = "1.0.0",
    .flags = TTT_FRONTEND_READS_INPUT | TTT_FRONTEND_WRITES_TERMINAL,
    .attach = attach,
    .detach = detach,
    .on_input = NULL, /* ABI 1.0 and 1.1 input; consume_input replaces it */
    .on_resize = NULL,  /* optional: we do not care about the terminal's size */
    .on_suspend = NULL, /* optional: we never change terminal modes */
    .on_settled = on_settled,
    .consume_input = consume_input,
};

/* The one exported symbol. The host calls it right after dlopen. */
const ttt_frontend_descriptor *tictactoe_frontend_entry(void) { return &descriptor; }
