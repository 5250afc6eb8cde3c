/*
 * legacy.c — a front end built for ABI 1.1, kept to prove that the host still loads and runs
 * one: it declares minor version 1 and a descriptor that ends at on_settled, reads input in
 * on_input (every byte handed counts as consumed) and writes to its own descriptors. It is
 * the example front end as it was before ABI 1.2, compiled against today's header.
 */
#define _POSIX_C_SOURCE 200809L /* open, write and close under -std=c11 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tictactoe_frontend.h"

/* The name the host knows this front end by (`:detach mine`, `--list-frontends`). This
 * repository's Package.swift builds the same file as the stock front end `example`. */
#define FRONTEND_NAME "legacy"

#include <stddef.h> /* offsetof */

/* ---------------------------------------------------------------------------------------- */
/* The instance: everything one attachment needs. attach allocates it, detach frees it.      */
/* ---------------------------------------------------------------------------------------- */

struct mine {
  const ttt_host_api *api; /* the host's routines, valid until detach */
  ttt_host *host;          /* this attachment, as the host sees it */
  ttt_store *root;         /* store handles: the root, and one scoped to each feature */
  ttt_store *login, *two_factor, *new_game, *game;
  uint64_t subscription; /* the change subscription */

  int out;       /* where screens go: standard output, or the file given as argument */
  bool owns_out; /* whether we opened `out` (and so must close it) */
  char last_screen[4096]; /* what was drawn last, to skip redrawing an identical screen */

  char *input; /* input bytes not handled yet (a partial line, or lines waiting for a settle) */
  size_t input_length, input_capacity;
  bool end_of_input; /* the host said the input ended */
  bool settling;     /* a settle is in progress: handle no more lines until on_settled */
  bool leaving;      /* we asked to quit or to switch: handle no more lines at all */
};

/* ---------------------------------------------------------------------------------------- */
/* Output                                                                                    */
/* ---------------------------------------------------------------------------------------- */

/* Writes all of `text`, retrying short writes. */
static void write_all(int fd, const char *text, size_t length) {
  while (length > 0) {
    ssize_t written = write(fd, text, length);
    if (written < 0) {
      if (errno == EINTR) continue;
      return;
    }
    text += written;
    length -= (size_t)written;
  }
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
  write_all(mine->out, line.text, line.length);
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
  write_all(mine->out, screen.text, screen.length);
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
   * are about to be detached, so we stop handling input (lines we already received are
   * dropped; the next front end gets the input that follows). */
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

/* Handles complete lines, one at a time. After each line it asks the host to settle: the host
 * then holds input back until the effects that line started (a login request, say) finished,
 * and calls on_settled. So a piped script sees the same screens a person typing would. */
static void handle_lines(struct mine *mine) {
  while (!mine->settling && !mine->leaving) {
    char *newline = memchr(mine->input, '\n', mine->input_length);
    size_t length;
    if (newline) length = (size_t)(newline - mine->input);
    else if (mine->end_of_input && mine->input_length > 0) length = mine->input_length;
    else return;

    char line[1024];
    size_t kept = length < sizeof line - 1 ? length : sizeof line - 1;
    memcpy(line, mine->input, kept);
    line[kept] = '\0';
    if (kept > 0 && line[kept - 1] == '\r') line[kept - 1] = '\0';
    size_t consumed = newline ? length + 1 : length;
    memmove(mine->input, mine->input + consumed, mine->input_length - consumed);
    mine->input_length -= consumed;

    handle_line(mine, line);
    if (mine->leaving) return;
    mine->settling = mine->api->request(mine->host, TTT_REQUEST_SETTLE, NULL) == TTT_OK;
  }
}

/* ---------------------------------------------------------------------------------------- */
/* The callbacks of the descriptor. All run on the store thread.                             */
/* ---------------------------------------------------------------------------------------- */

static ttt_status attach(const ttt_host_api *api, ttt_host *host, const ttt_attach_info *info,
                         void **out_instance) {
  /* Where to draw: the argument's file, or the terminal if we own it. */
  int out = 1;
  if (info->argument && info->argument[0] != '\0') {
    out = open(info->argument, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (out < 0) {
      api->log(host, TTT_LOG_ERROR, "cannot open the output file");
      return TTT_ERR_INVALID_ARGUMENT;
    }
  } else if (!info->owns_terminal) {
    api->log(host, TTT_LOG_ERROR,
             "as an observer, " FRONTEND_NAME " needs an output file: --frontend PATH:FILE");
    return TTT_ERR_INVALID_ARGUMENT;
  }

  struct mine *mine = calloc(1, sizeof *mine);
  if (!mine) {
    if (out != 1) close(out);
    return TTT_ERR_INVALID_ARGUMENT;
  }
  mine->api = api;
  mine->host = host;
  mine->out = out;
  mine->owns_out = out != 1;
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
  /* Nothing to restore: we never changed terminal modes. Free what we own. */
  if (mine->owns_out) close(mine->out);
  free(mine->input);
  free(mine);
}

/* Input bytes, when we own the terminal. They are borrowed: copy what we keep. A length of 0
 * means the input ended; the host quits once we stop asking it to settle. */
static void on_input(void *instance, const uint8_t *bytes, size_t length) {
  struct mine *mine = instance;
  if (length == 0) {
    mine->end_of_input = true;
  } else {
    if (mine->input_length + length > mine->input_capacity) {
      size_t capacity = (mine->input_length + length) * 2;
      char *grown = realloc(mine->input, capacity);
      if (!grown) return;
      mine->input = grown;
      mine->input_capacity = capacity;
    }
    memcpy(mine->input + mine->input_length, bytes, length);
    mine->input_length += length;
  }
  handle_lines(mine);
}

/* The settle asked for after a line finished: handle the next line. */
static void on_settled(void *instance, bool timed_out) {
  struct mine *mine = instance;
  mine->settling = false;
  if (timed_out) say(mine, "still waiting for the server; continuing");
  handle_lines(mine);
}

/* The descriptor: static storage, static strings. The host reads it, never frees it. */
static const ttt_frontend_descriptor descriptor = {
    /* ABI 1.1: the descriptor ends before consume_input. */
    .struct_size = offsetof(ttt_frontend_descriptor, consume_input),
    .abi_major = 1,
    .abi_minor = 1,
    .name = FRONTEND_NAME,
    .description = "Example front end in C: plain text screens, one command per line",
    .version = "1.0.0",
    .flags = TTT_FRONTEND_READS_INPUT | TTT_FRONTEND_WRITES_TERMINAL,
    .attach = attach,
    .detach = detach,
    .on_input = on_input,
    .on_resize = NULL,  /* optional: we do not care about the terminal's size */
    .on_suspend = NULL, /* optional: we never change terminal modes */
    .on_settled = on_settled,
};

/* The one exported symbol. The host calls it right after dlopen. */
const ttt_frontend_descriptor *tictactoe_frontend_entry(void) { return &descriptor; }
