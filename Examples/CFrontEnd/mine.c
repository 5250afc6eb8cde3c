/*
 * mine.c — a complete tictactoe front end in one C file, to copy and change.
 *
 * It renders every screen as plain text and reads one command per line:
 *
 *   email ADDRESS   password PASSWORD   login   ok (dismiss an alert)
 *   code CODE       submit              back    (two-factor)
 *   x NAME          o NAME              play    logout
 *   ROW COLUMN (rows and columns count from 1, "2 3")   again   quit (leave the game)
 *   yes, no (answer "Quit this game?", which quitting a game in progress asks)
 *   :frontend NAME (switch the terminal to another front end)   :quit (exit)
 *   intents (every user intent the host describes)   fields (every state field it describes)
 *   send CASE.PATH [ARGUMENT...] (any intent, by its case path: "send newGame.binding.xPlayerName Blob")
 *
 * The last three, and moves, use reflection (ABI 1.1): the host describes its intents and
 * fields at run time, sends an intent named by its case path, and makes a typed C function
 * that sends one (here, the move).
 * As the terminal owner it draws on the terminal and is handed the input. With an argument
 * (`--frontend ./libmine.so:/tmp/mine.out`) it writes to that file instead, which is how it
 * watches a game as an observer while another front end owns the terminal. It never touches a
 * descriptor itself: the host opens its output, writes it without blocking, and hands it its
 * input (ABI 1.2).
 *
 * Build:  cc $(pkg-config --cflags tictactoe-frontend) -std=c11 -Wall -Wextra -Wpedantic \
 *           -shared -fPIC mine.c -o libmine.so
 * Run:    tictactoe --frontend ./libmine.so
 *
 * Everything it needs is in tictactoe_frontend.h; it links nothing of the host. Every callback
 * below runs on the host's store thread, one at a time, so there is no locking anywhere.
 */
#include <stdarg.h>
#include <stddef.h>
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

  /* A typed sender for moves (make_typed_sender): a C function the host made for
   * newGame.game.cellTapped, bound to the game handle. */
  ttt_status (*cell_tapped)(int32_t row, int32_t column);

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
  if (game.alert_title) {
    /* The quit confirmation (ABI 1.2): the board takes no move until it is answered. */
    add(screen, "Alert: %s\nCommands: yes, no\n", game.alert_title);
    return;
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
  /* The scoreboard (ABI 1.2): an array read by its element size, standing_size, not sizeof. */
  for (size_t i = 0; i < new_game.standing_count; i++) {
    const ttt_standing *standing =
        (const ttt_standing *)((const char *)new_game.standings + i * new_game.standing_size);
    add(screen, "%s won %u\n", standing->name, standing->wins);
  }
  if (new_game.ties > 0) add(screen, "Tied games: %u\n", new_game.ties);
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
    {"yes", TTT_FEATURE_GAME, TTT_ACTION_GAME_ALERT_CONFIRM_QUIT, false},
    {"no", TTT_FEATURE_GAME, TTT_ACTION_GAME_ALERT_DISMISS, false},
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

/* Reports a routine's failure: the host validated what we sent and says what was wrong
 * ("row 2, column 3 is taken" for an intent the screen would ignore: TTT_ERR_DISABLED). */
static void check(struct mine *mine, ttt_status status) {
  if (status != TTT_OK) say(mine, mine->api->last_error(mine->host));
}

/* ---------------------------------------------------------------------------------------- */
/* Reflection: what the host describes at run time.                                          */
/* ---------------------------------------------------------------------------------------- */

static const char *type_name(uint32_t type) {
  switch (type) {
  case TTT_TYPE_STRING: return "string";
  case TTT_TYPE_INT32: return "int32";
  case TTT_TYPE_BOOL: return "bool";
  case TTT_TYPE_UINT32: return "uint32";
  case TTT_TYPE_SIZE: return "size";
  case TTT_TYPE_BOARD: return "board";
  default: return "?";
  }
}

/* Argument `index` of `info`. The array can grow at the end, so step by the host's
 * argument_size (ABI 1.2), or by the 1.1 size on an older host, whose struct ends earlier. */
static const ttt_argument_info *argument_at(const ttt_action_info *info, uint32_t index) {
  size_t has_size = offsetof(ttt_action_info, argument_size) + sizeof info->argument_size;
  size_t step = info->struct_size >= has_size ? info->argument_size : sizeof(ttt_argument_info);
  return (const ttt_argument_info *)(const void *)((const char *)info->arguments + index * step);
}

/* "intents": every user intent, with its arguments, even those added after this was written. */
static void list_intents(struct mine *mine) {
  struct screen list = {.length = 0};
  for (size_t i = 0; i < mine->api->action_count(mine->host); i++) {
    const ttt_action_info *info = mine->api->action_at(mine->host, i);
    add(&list, "%s(", info->case_path);
    for (uint32_t a = 0; a < info->argument_count; a++) {
      const ttt_argument_info *argument = argument_at(info, a);
      add(&list, "%s%s: %s", a ? ", " : "", argument->name, type_name(argument->type));
    }
    add(&list, ")  %s\n", info->summary);
  }
  write_all(mine, list.text, list.length);
}

/* "fields": every observable state field, with its type and where it lies in its struct. */
static void list_fields(struct mine *mine) {
  struct screen list = {.length = 0};
  for (size_t i = 0; i < mine->api->field_count(mine->host); i++) {
    const ttt_field_info *field = mine->api->field_at(mine->host, i);
    add(&list, "feature %u: %s (%s at offset %zu)%s\n", (unsigned)field->feature, field->name,
        type_name(field->type), field->offset, field->is_derived ? ", derived" : "");
  }
  write_all(mine, list.text, list.length);
}

/* "send CASE.PATH ARGUMENT...": any intent by its case path, its arguments typed as the host
 * describes them (a string takes the rest of the line). */
static void send_by_path(struct mine *mine, char *rest) {
  char *path = rest;
  char *arguments = path + strcspn(path, " ");
  if (*arguments != '\0') *arguments++ = '\0';
  const ttt_action_info *info = NULL;
  for (size_t i = 0; i < mine->api->action_count(mine->host) && !info; i++) {
    const ttt_action_info *candidate = mine->api->action_at(mine->host, i);
    if (strcmp(candidate->case_path, path) == 0) info = candidate;
  }
  if (!info) {
    say(mine, "no such intent; type intents to list them");
    return;
  }
  ttt_value values[8];
  size_t count = 0;
  for (uint32_t a = 0; a < info->argument_count && count < 8; a++, count++) {
    while (*arguments == ' ') arguments++;
    if (argument_at(info, a)->type == TTT_TYPE_STRING) {
      values[count] = (ttt_value){.type = TTT_TYPE_STRING, .string = arguments};
      arguments += strlen(arguments);
    } else {
      char *end;
      long number = strtol(arguments, &end, 10);
      values[count] = (ttt_value){.type = TTT_TYPE_INT32, .int32 = (int32_t)number};
      arguments = end;
    }
  }
  /* The host checks the values against the description: count, types, ranges. */
  check(mine, mine->api->send_path(mine->root, path, values, count));
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

  if (strcmp(line, "intents") == 0) {
    list_intents(mine);
    return;
  }
  if (strcmp(line, "fields") == 0) {
    list_fields(mine);
    return;
  }
  if (strcmp(line, "send") == 0) {
    send_by_path(mine, rest);
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
      /* Through the typed sender: a plain C call, checked by the host like any send. */
      check(mine, mine->cell_tapped((int32_t)row - 1, (int32_t)column - 1));
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

  /* A typed sender for moves. make_typed_sender hands it back as a ttt_sender, which we cast
   * to the intent's own function type (one function pointer type to another: ISO C). The
   * host makes one per handle and path and keeps it for the life of the process. */
  ttt_sender sender;
  if (api->make_typed_sender(mine->game, "newGame.game.cellTapped", &sender) != TTT_OK) {
    api->log(host, TTT_LOG_ERROR, api->last_error(host));
    free(mine);
    return TTT_ERR_UNSUPPORTED;
  }
  mine->cell_tapped = (ttt_status(*)(int32_t, int32_t))sender;

  /* The root handle reads the whole app, so its subscription hears about every change. */
  mine->subscription = api->subscribe(mine->root, on_change, mine);

  /* Render the current state at once: attached mid-game, we show the game where it is. */
  render(mine);
  *out_instance = mine;
  return TTT_OK;
}

static void detach(void *instance) {
  struct mine *mine = instance;
  /* Ending our subscriptions is part of detach's contract (check-frontend fails a front end
   * that leaves one); the host only drops what is left behind, as a safety net. */
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
