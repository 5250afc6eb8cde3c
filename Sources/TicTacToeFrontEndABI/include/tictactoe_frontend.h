/*
 * tictactoe_frontend.h — the front-end ABI of the tictactoe host, version 1.6.
 *
 * A front end is a shared library that the host opens with dlopen. It exports one symbol,
 * `tictactoe_frontend_entry`, returning a descriptor with its name, versions and callbacks.
 * On attach the host hands it a table of host routines (`ttt_host_api`) and a root store
 * handle; through them the front end reads typed state, sends typed user intents, subscribes to
 * changes, logs, and asks the host to switch, attach or detach front ends.
 *
 * I/O (ABI 1.2). The host owns every descriptor of the process: a front end reads no
 * descriptor and writes none (terminal modes, below, are the one exception). Its input is
 * handed to it (`consume_input`), and it writes through outputs the host opens for it
 * (`open_output`, `write`). The host writes them without ever blocking, flushes them before it
 * waits for more input, and deals with failed writes itself (see `write`).
 *
 * This header is all a front end needs: plain C11, only <stdint.h>, <stddef.h>, <stdbool.h>.
 *
 * Threads. The host runs the store on one thread, the "store thread" (the host's main thread).
 * Every front-end callback is called on it. Each function below is tagged:
 *   [store-thread]  call only on the store thread (from inside a callback, for instance).
 *   [thread-safe]   call from any thread, and from inside a callback.
 * Callbacks never nest: while a front end's callback runs, the host calls no front end, and
 * it never calls one back from inside a routine. A send made inside a callback is processed
 * at once (a read right after it sees the change; inside a change or action callback that
 * the store's own action caused, after that action), in order, never recursively. What it
 * changed is told once the outermost callback has returned: each action callback in order,
 * then each change callback whose state changed, once however many actions changed it.
 * Requests are carried out after it too. (A send made on the store thread outside every
 * callback, from a front end's own timer, is told before it returns: there is no callback to
 * wait for. Off the store thread, a send is queued; see send.)
 *
 * Memory. The host never frees front-end memory and the front end never frees host memory.
 * Every pointer is tagged with its lifetime:
 *   [borrowed-call]    valid only for the duration of the call it was passed to or returned by.
 *   [until-next-read]  valid until the next read of the same kind on the same handle, or detach.
 *   [until-detach]     valid until the front end's detach callback returns.
 *   [static]           valid for the life of the process (descriptor strings must be static
 *                      storage: string literals in C, never temporary bridged strings).
 *
 * Errors. Every routine that fails records a message, which `last_error` returns: the message of
 * the most recent failed call this front end made on the calling thread, like errno. A call
 * that succeeds leaves it as it was, so read it right after the call that failed. The string
 * stays valid until the next call of `last_error` on the same thread, or detach.
 *
 * Secrets. No secret crosses this ABI from the host to a front end: state structs give only
 * the length of the password and of the two-factor token. The password crosses inward only,
 * as the user types it: the set-password intent (TTT_ACTION_LOGIN_SET_PASSWORD, whose argument
 * reflection marks is_secret) and ttt_host_api.edit_text carry what the front end collected,
 * and the host keeps it, never echoing it in a log, a message or an action event. The
 * two-factor token is the server's answer to a login: it never crosses at all. The two-factor
 * code is not a secret today: the user types it to be shown, the state carries it, and
 * reflection marks only the password is_secret. A front end that quotes what a user typed
 * back in a message (an unknown command, a name it cannot find) passes the quote through
 * ttt_host_api.redact first (ABI 1.2): the user may have typed the password there.
 *
 * Terminal modes. The one thing a front end may do to a descriptor: the terminal owner whose
 * terminal is the host's own (owns_terminal set, `connection` NULL, and isatty(0)) may change
 * its modes with tcsetattr on descriptor 0, to read a password unseen (echo off for one line,
 * as the stock `text` front end does for `password` alone) or for raw mode (`ansi`). It puts
 * them back in detach and when suspended (on_suspend, `resumed` false), and sets them again
 * when resumed; `tictactoe check-frontend` checks that detach restores them, and the host
 * restores them if the process crashes. A front end whose terminal is a client (`connection`
 * set) leaves modes alone: that terminal belongs to another process. The input still reaches
 * it only through consume_input, and its output through the host. (ABI 1.3 decided on this
 * documented way rather than a routine for terminal modes: the host's crash guard and the
 * conformance check already cover it, and a routine would only wrap tcsetattr.)
 *
 * Other languages. What a binding outside C must know, which a C compiler knows for it:
 *   - Every enum crosses as a 32-bit unsigned integer, and is typed so: ttt_status is a
 *     typedef of uint32_t (TTT_OK and the TTT_ERR_* values are constants of that type), and
 *     every field and argument that carries one of the other enums (ttt_feature, ttt_player,
 *     ttt_action_tag, ttt_request, ...) is a uint32_t, those enums only naming the values.
 *     Declare them all as uint32_t (u32 in Rust, UInt32 in Swift).
 *   - NULL. No routine of ttt_host_api is NULL within the table's struct_size: a host of minor
 *     N fills every routine up to the end of minor N. By minor version, 1.0: root to request;
 *     1.1: action_count to field_at; 1.2: open_output to send_values; 1.3: keep_note, note
 *     and run_on_store_thread, appended after the first 1.3 hosts (check that struct_size
 *     covers them); 1.4: notice; 1.5: find_action; 1.6: read_state_json. The host never
 *     attaches a front end built for a minor newer than its own. In the descriptor, attach and
 *     detach are never NULL; on_input, on_resize, on_suspend, on_settled, consume_input and
 *     on_notice may be, except that a front end with TTT_FRONTEND_READS_INPUT sets consume_input (1.2) or
 *     on_input. A `bytes` pointer whose `length` is 0 may be NULL: the host may pass one so to
 *     consume_input and on_input, and write accepts one.
 *   - No unwinding across the ABI, in either direction: no C++ exception, Rust panic or
 *     longjmp may leave a callback (use catch_unwind, noexcept, try/catch) and the host's
 *     routines never unwind into a front end. Report failure with a status instead.
 *   - Strings are NUL-terminated UTF-8. `log`'s message is written as given: it is not a
 *     format string, and a '%' in it is a '%'.
 *   - A front end named NAME is the file libtictactoe-NAME.so, or libtictactoe_NAME.so where a
 *     build tool cannot put a '-' in a library's name (cargo).
 *   - "The 1.1 layout" of ttt_argument_info and ttt_value, named below, is the one this
 *     header shows: neither has grown since 1.1. Their element sizes travel with the arrays
 *     so that they can grow in a later minor version without breaking a reader.
 *
 * Versioning. Structs grow only at the end. Every struct the host fills or reads starts with
 * `struct_size`; a reader never touches a field past the size it was given: a front end checks
 * `struct_size` (or `abi_minor`) before it reads a field that a later minor version added. The
 * structs read as arrays, ttt_argument_info, ttt_value and ttt_standing, have no `struct_size`;
 * their element size travels with the array instead (ttt_action_info.argument_size, the
 * `value_size` of send_values, and ttt_new_game_state.standing_size).
 */
#ifndef TICTACTOE_FRONTEND_H
#define TICTACTOE_FRONTEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------- */
/* Versions                                                                                  */
/* ---------------------------------------------------------------------------------------- */

/* The ABI version this header describes. A major bump breaks compatibility; a minor bump only
 * appends fields or routines. */
#define TTT_ABI_VERSION_MAJOR 1u
#define TTT_ABI_VERSION_MINOR 6u

/* The symbol every front end exports. */
#define TTT_FRONTEND_ENTRY_SYMBOL "tictactoe_frontend_entry"

/* Whether a front end built against `major.minor` can be loaded by a host implementing this
 * header: same major, and a minor no newer than the host's (the host cannot provide routines
 * it does not know about). The host checks this before it calls anything, so a front end is
 * never attached to a host older than its header. What a front end checks itself is the
 * other direction: a front end that also runs on older hosts (one built with `abi_minor` 1
 * that uses 1.2 routines only when present, say) reads `api->abi_minor` (or
 * `api->struct_size`) before it calls a routine that minor added: a 1.1 host's table simply
 * ends before the 1.2 routines, and reading past it is reading garbage. */
static inline bool ttt_abi_is_compatible(uint32_t major, uint32_t minor) {
  return major == TTT_ABI_VERSION_MAJOR && minor <= TTT_ABI_VERSION_MINOR;
}

/* ---------------------------------------------------------------------------------------- */
/* Status codes                                                                              */
/* ---------------------------------------------------------------------------------------- */

/* What a host routine returns: TTT_OK or one of the TTT_ERR_* values below. On anything but
 * TTT_OK, `last_error` says what was wrong. Like every enum of this ABI it crosses as a
 * uint32_t, and is typed so (a binding declares it u32, UInt32, ...); the values are constants
 * of that type, usable in a switch. Headers before 1.3 declared it a C enum of the same values,
 * which is the same 32-bit unsigned integer on every platform the host runs on: front ends
 * built against them are unaffected. */
typedef uint32_t ttt_status;

#define TTT_OK ((ttt_status)0)
/* The handle's feature is not on screen now (no game is being played, say), or (for a send)
 * another screen covers it: only the screen on top takes intents (the game's while a game is
 * presented, two-factor's while it is presented over login). Not a bug: features come and
 * go; read again after the next change notification. */
#define TTT_ERR_INACTIVE ((ttt_status)1)
/* A NULL pointer, a row of 7, invalid UTF-8, a struct_size that is too small. */
#define TTT_ERR_INVALID_ARGUMENT ((ttt_status)2)
/* An action tag or field id this host does not know. */
#define TTT_ERR_UNKNOWN ((ttt_status)3)
/* An action that belongs to another feature than the handle's. */
#define TTT_ERR_WRONG_FEATURE ((ttt_status)4)
/* The host does not support this request (an unknown request kind, say). */
#define TTT_ERR_UNSUPPORTED ((ttt_status)5)
/* The front end was detached; its handles no longer work. */
#define TTT_ERR_DETACHED ((ttt_status)6)
/* (ABI 1.2) An output failed: its reader went away, its disk is full, or it stopped reading.
 * Everything written to it from then on is dropped. */
#define TTT_ERR_OUTPUT_FAILED ((ttt_status)7)
/* (ABI 1.2) The intent is disabled now: the screen would ignore it (a taken cell, a game that
 * is over, "Let's play" with a player unnamed, "Log in" with a field empty, a request already
 * in flight). Nothing changed; last_error says why, for a person: "row 2, column 3 is taken"
 * (for row 1, column 2: messages count cells from 1, as the board labels them),
 * "name both players first". Only front ends built for 1.2 get it: for an older one the host
 * lets the screen ignore the intent and returns TTT_OK, as 1.1 did. */
#define TTT_ERR_DISABLED ((ttt_status)8)

/* ---- ABI 1.5: effect-only actions ---- */

/* (ABI 1.5) The case path names no intent but a server response, or one of its outcomes
 * ("login.loginResponse.success"): an action that only the app's own effects send, once the
 * server answers, and that no front end can send. So a front end tells its user "only the app
 * sends that" rather than "no such action". last_error says which intent's effect sends it:
 * "'login.loginResponse.success' is a server response: only the effect of
 * login.view.loginButtonTapped sends it". find_action returns it, and so do send_path,
 * send_values and make_typed_sender (make_sender returns NULL with the same last_error), for a
 * front end built for 1.5 only: an older one gets TTT_ERR_UNKNOWN, "unknown action '...'", as
 * from a 1.4 host. */
#define TTT_ERR_EFFECT_ONLY ((ttt_status)9)

/* ---- end of ABI 1.5: effect-only actions ---- */

/* The name of a status ("TTT_ERR_INACTIVE"), or "unknown status" for a value this header does
 * not know: for messages and logs. */
static inline const char *ttt_status_name(ttt_status status) {
  switch (status) {
  case TTT_OK: return "TTT_OK";
  case TTT_ERR_INACTIVE: return "TTT_ERR_INACTIVE";
  case TTT_ERR_INVALID_ARGUMENT: return "TTT_ERR_INVALID_ARGUMENT";
  case TTT_ERR_UNKNOWN: return "TTT_ERR_UNKNOWN";
  case TTT_ERR_WRONG_FEATURE: return "TTT_ERR_WRONG_FEATURE";
  case TTT_ERR_UNSUPPORTED: return "TTT_ERR_UNSUPPORTED";
  case TTT_ERR_DETACHED: return "TTT_ERR_DETACHED";
  case TTT_ERR_OUTPUT_FAILED: return "TTT_ERR_OUTPUT_FAILED";
  case TTT_ERR_DISABLED: return "TTT_ERR_DISABLED";
  case TTT_ERR_EFFECT_ONLY: return "TTT_ERR_EFFECT_ONLY";
  default: return "unknown status";
  }
}

/* ---------------------------------------------------------------------------------------- */
/* Features and state                                                                        */
/* ---------------------------------------------------------------------------------------- */

/* The features of the app, each a screen. Login and new game are the two cases of the root;
 * two-factor is presented by login; the game is presented by new game. */
typedef enum ttt_feature {
  TTT_FEATURE_ROOT = 0,
  TTT_FEATURE_LOGIN = 1,
  TTT_FEATURE_TWO_FACTOR = 2,
  TTT_FEATURE_NEW_GAME = 3,
  TTT_FEATURE_GAME = 4,
} ttt_feature;

/* (ABI 1.3) A feature's name in the JSON-lines `state` object: the member that holds its
 * object ("login", "twoFactor", "newGame", "game"); "" for the root, NULL for no feature. */
static inline const char *ttt_feature_json_name(uint32_t feature) {
  switch (feature) {
  case TTT_FEATURE_ROOT: return "";
  case TTT_FEATURE_LOGIN: return "login";
  case TTT_FEATURE_TWO_FACTOR: return "twoFactor";
  case TTT_FEATURE_NEW_GAME: return "newGame";
  case TTT_FEATURE_GAME: return "game";
  default: return (const char *)0;
  }
}

/* A board cell's content, and a player. */
typedef enum ttt_player {
  TTT_PLAYER_NONE = 0,
  TTT_PLAYER_X = 1,
  TTT_PLAYER_O = 2,
} ttt_player;

/* The root state: which top-level feature is active. */
typedef struct ttt_root_state {
  uint32_t struct_size;
  uint32_t active; /* TTT_FEATURE_LOGIN or TTT_FEATURE_NEW_GAME */
  /* (ABI 1.2) The state's revision: 0 for the state the host started with, one more for each
   * change after it, a rewind included. TTT_REQUEST_REWIND takes one back. */
  uint64_t revision;
  /* (ABI 1.3) Set while `tictactoe replay` drives the game: the front end watches a recording.
   * The host refuses every intent then (TTT_ERR_INACTIVE, "this is a replay: the log drives
   * the game"), so a front end says that rather than applying the screen's own rules; it shows
   * a banner with the progress. `replay_step` counts the log's lines replayed so far, of
   * `replay_length`; `is_replay_over` once the last one is (the state then stays as the log
   * left it). A root subscription is called when these change too. All 0 outside a replay. */
  bool is_replay;
  bool is_replay_over;
  uint64_t replay_step;
  uint64_t replay_length;
} ttt_root_state;

/* The login screen. Strings are UTF-8, NUL-terminated, [until-next-read]. */
typedef struct ttt_login_state {
  uint32_t struct_size;
  const char *email;
  size_t password_length;           /* the password itself never crosses the ABI */
  bool is_form_valid;
  bool is_login_request_in_flight;
  const char *alert_title;          /* NULL when no alert is shown */
  bool is_two_factor_presented;
  /* Derived view values; front ends never re-derive these rules. */
  bool is_login_button_enabled;
  bool is_activity_indicator_visible;
  bool is_form_disabled;
} ttt_login_state;

/* The two-factor screen, presented over login. Strings [until-next-read]. */
typedef struct ttt_two_factor_state {
  uint32_t struct_size;
  size_t token_length;              /* the token itself never crosses the ABI */
  const char *code;
  bool is_form_valid;
  bool is_two_factor_request_in_flight;
  const char *alert_title;          /* NULL when no alert is shown */
  bool is_submit_button_enabled;
  bool is_activity_indicator_visible;
  bool is_form_disabled;
} ttt_two_factor_state;

/* (ABI 1.2) One line of the scoreboard: a player's name and the games they won. Read as an
 * array: step through it by ttt_new_game_state.standing_size, not sizeof, so that it can grow
 * at the end. [until-next-read] */
typedef struct ttt_standing {
  const char *name;
  uint32_t wins;
} ttt_standing;

/* The new-game screen. Strings [until-next-read]. */
typedef struct ttt_new_game_state {
  uint32_t struct_size;
  const char *o_player_name;
  const char *x_player_name;
  bool is_game_presented;
  bool is_lets_play_button_enabled;
  /* (ABI 1.2) The scoreboard of the games finished since the players reached this screen (it
   * lasts until logout, and is saved with --session): the games that ended in a tie, and the
   * players with a win, most wins first, then by name. `standings` holds `standing_count`
   * entries of `standing_size` bytes each ([until-next-read]; NULL when the count is 0): entry
   * i is at (const char *)standings + i * standing_size. */
  uint32_t ties;
  const ttt_standing *standings;
  size_t standing_count;
  size_t standing_size;
} ttt_new_game_state;

/* The game screen. Strings [until-next-read]. */
typedef struct ttt_game_state {
  uint32_t struct_size;
  uint8_t board[3][3];              /* ttt_player values, board[row][column] */
  uint32_t current_player;          /* ttt_player */
  const char *o_player_name;
  const char *x_player_name;
  /* Derived view values. */
  uint32_t winner;                  /* ttt_player; TTT_PLAYER_NONE while nobody has won */
  bool is_tied;
  bool is_board_disabled;
  bool is_play_again_button_visible;
  const char *title;                /* "Winner! Congrats Blob!", "Tied game!", "Blob, place your X" */
  /* (ABI 1.2) The title of the alert asking to confirm quitting a game in progress
   * ("Quit this game?"), or NULL when none is shown. While it is shown only its two buttons
   * are taken (TTT_ACTION_GAME_ALERT_CONFIRM_QUIT, "Quit", and TTT_ACTION_GAME_ALERT_DISMISS,
   * "Keep playing"); cells, "Play again" and "Quit" are TTT_ERR_DISABLED. */
  const char *alert_title;
  /* (ABI 1.3; read it only if struct_size covers it) Derived: the marks placed so far, 0 to 9.
   * A 1.2 host leaves it 0. */
  uint32_t move_count;
} ttt_game_state;

/* ---------------------------------------------------------------------------------------- */
/* Actions: every user intent, and nothing an effect alone may send                          */
/* ---------------------------------------------------------------------------------------- */

/* Each tag names one user intent; the comment gives its JSON-lines case path and payload.
 * Server responses (login.loginResponse, twoFactorResponse) have no tag: a front end can never
 * fake them. (ABI 1.5) find_action tells their case paths from paths that name nothing. */
typedef enum ttt_action_tag {
  TTT_ACTION_LOGIN_SET_EMAIL = 1,              /* login.view.binding.email, text */
  TTT_ACTION_LOGIN_SET_PASSWORD = 2,           /* login.view.binding.password, text */
  TTT_ACTION_LOGIN_BUTTON_TAPPED = 3,          /* login.view.loginButtonTapped */
  TTT_ACTION_LOGIN_ALERT_DISMISS = 4,          /* login.alert.dismiss */
  TTT_ACTION_TWO_FACTOR_SET_CODE = 5,          /* login.twoFactor.view.binding.code, text */
  TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED = 6, /* login.twoFactor.view.submitButtonTapped */
  TTT_ACTION_TWO_FACTOR_ALERT_DISMISS = 7,     /* login.twoFactor.alert.dismiss */
  TTT_ACTION_TWO_FACTOR_DISMISS = 8,           /* login.twoFactor.dismiss */
  TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME = 9,   /* newGame.binding.oPlayerName, text */
  TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME = 10,  /* newGame.binding.xPlayerName, text */
  TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED = 11, /* newGame.letsPlayButtonTapped */
  TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED = 12, /* newGame.logoutButtonTapped */
  TTT_ACTION_GAME_CELL_TAPPED = 13,            /* newGame.game.cellTapped, row, column */
  TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED = 14, /* newGame.game.playAgainButtonTapped */
  TTT_ACTION_GAME_QUIT_BUTTON_TAPPED = 15,     /* newGame.game.quitButtonTapped */
  TTT_ACTION_GAME_DISMISS = 16,                /* newGame.game.dismiss */
  /* (ABI 1.2) The quit confirmation's buttons (see ttt_game_state.alert_title). A front end
   * built for 1.1 cannot see that alert; TTT_ACTION_GAME_DISMISS still leaves the game at once. */
  TTT_ACTION_GAME_ALERT_CONFIRM_QUIT = 17,     /* newGame.game.alert.confirmQuitButtonTapped */
  TTT_ACTION_GAME_ALERT_DISMISS = 18,          /* newGame.game.alert.dismiss */
} ttt_action_tag;

/* One user intent. Fields a tag does not use are ignored. */
typedef struct ttt_action {
  uint32_t struct_size;
  uint32_t tag;      /* ttt_action_tag */
  const char *text;  /* UTF-8, NUL-terminated, [borrowed-call]: the host copies it */
  int32_t row;       /* 0...2 */
  int32_t column;    /* 0...2 */
} ttt_action;

/* Text fields, for edit_text: editing relative to the current value lets a front end edit the
 * password (which it cannot read) and continue editing what another front end typed. */
typedef enum ttt_text_field {
  TTT_FIELD_LOGIN_EMAIL = 1,
  TTT_FIELD_LOGIN_PASSWORD = 2,
  TTT_FIELD_TWO_FACTOR_CODE = 3,
  TTT_FIELD_NEW_GAME_O_PLAYER_NAME = 4,
  TTT_FIELD_NEW_GAME_X_PLAYER_NAME = 5,
} ttt_text_field;

typedef enum ttt_text_edit {
  TTT_EDIT_APPEND = 1,           /* append `text` */
  TTT_EDIT_DELETE_BACKWARD = 2,  /* remove the last character (grapheme); `text` ignored */
  TTT_EDIT_CLEAR = 3,            /* empty the field; `text` ignored */
} ttt_text_edit;

/* ---------------------------------------------------------------------------------------- */
/* Reflection (ABI 1.1)                                                                      */
/* ---------------------------------------------------------------------------------------- */

/* The C types that reflection describes. */
typedef enum ttt_type {
  TTT_TYPE_STRING = 1,   /* const char *, UTF-8, NUL-terminated */
  TTT_TYPE_INT32 = 2,    /* int32_t */
  TTT_TYPE_BOOL = 3,     /* bool */
  TTT_TYPE_UINT32 = 4,   /* uint32_t (enums such as ttt_player are read as this) */
  TTT_TYPE_SIZE = 5,     /* size_t */
  TTT_TYPE_BOARD = 6,    /* uint8_t[3][3] of ttt_player */
  /* (ABI 1.3) const ttt_standing *, then its size_t count and size_t element size: the
   * `standings`, `standing_count` and `standing_size` of ttt_new_game_state. */
  TTT_TYPE_STANDINGS = 7,
} ttt_type;

/* (ABI 1.3) How a field's value is written in the JSON-lines `state` object. */
typedef enum ttt_json_form {
  TTT_JSON_VALUE = 0,      /* as its type says: a string (null for NULL), true or false, a
                            * number; standings as [{"name": "Blob", "wins": 2}] */
  TTT_JSON_SECRET = 1,     /* a secret's length: "" when 0, else "<redacted>" */
  TTT_JSON_PLAYER = 2,     /* ttt_player values, one or a board of them: "x", "o" or null */
  TTT_JSON_PRESENTED = 3,  /* a bool: the object of the feature `presents` when true, else null */
  TTT_JSON_ACTIVE = 4,     /* a ttt_feature: the member named ttt_feature_json_name(value),
                            * holding that feature's object (null when it cannot be read) */
} ttt_json_form;

/* One argument of a user intent. [static] Read as an array: step through it by
 * ttt_action_info.argument_size, not sizeof, so that it can grow at the end. */
typedef struct ttt_argument_info {
  const char *name;      /* "row", "value" */
  uint32_t type;         /* ttt_type: TTT_TYPE_STRING or TTT_TYPE_INT32 */
  bool is_secret;        /* a password or token: never echo it in a message or log */
} ttt_argument_info;

/* (ABI 1.6) The state as the JSON-lines `state` object, which read_state_json fills. */
typedef struct ttt_state_json {
  uint32_t struct_size;
  /* The ttt_feature on top: the screen that takes intents now (TTT_FEATURE_TWO_FACTOR while
   * it is presented over login, TTT_FEATURE_GAME while a game is presented). */
  uint32_t screen;
  /* The state's revision, as ttt_root_state.revision gives it. */
  uint64_t revision;
  /* The object, `length` bytes of UTF-8 with no NUL at the end: `{"login":{"email":"",...}}`,
   * the bytes a front end would write from reflection (ttt_field_info's json_name and
   * json_form), secrets as "" or "<redacted>". [until-next-read] */
  const char *json;
  size_t length;
  /* The replay's progress, as ttt_root_state gives it (ABI 1.3); all 0 outside a replay. With
   * them a front end that writes the state as JSON needs no root read besides. */
  bool is_replay;
  bool is_replay_over;
  uint64_t replay_step;
  uint64_t replay_length;
} ttt_state_json;

/* One user intent, described at run time. Everything here is [static]: valid for the life of
 * the process. Intents added to the app after a front end was written appear here too, so a
 * generic front end (the JSON-lines one) can send them without an action table of its own. */
typedef struct ttt_action_info {
  uint32_t struct_size;
  const char *case_path;               /* "newGame.game.cellTapped" */
  uint32_t feature;                    /* the ttt_feature it belongs to */
  uint32_t tag;                        /* its ttt_action_tag, or 0 for intents without one */
  uint32_t argument_count;
  const ttt_argument_info *arguments;  /* argument_count entries, in call order */
  const char *summary;                 /* one line for humans */
  /* (ABI 1.2) The size of one entry of `arguments` in bytes: entry i is at
   * (const char *)arguments + i * argument_size. Absent (struct_size too small) from a 1.1
   * host, whose entries are the 1.1 ttt_argument_info. */
  size_t argument_size;
} ttt_action_info;

/* One observable field of a feature's state struct (ttt_login_state, ...). [static] */
typedef struct ttt_field_info {
  uint32_t struct_size;
  uint32_t feature;     /* the ttt_feature whose read_* routine fills the struct */
  const char *name;     /* "email", "password_length", "board" */
  uint32_t type;        /* ttt_type */
  size_t offset;        /* offsetof the field in that feature's state struct */
  bool is_derived;      /* a view value the host derives (title, winner, ...) */
  /* Appended in 1.3 (read them only if struct_size covers them): where the field sits in the
   * JSON-lines `state` object, so that a front end writes that object from reflection alone,
   * naming no field in its code. A feature's object holds its fields' members in the order
   * field_at gives them. `json_name` is the member ("isFormValid"), or NULL for a field the
   * object leaves out (view values, the root's revision). A dotted name ("alert.title") is a
   * member of an object ("alert") that the consecutive fields with that prefix make together,
   * null when one of their strings is NULL. For TTT_JSON_ACTIVE it is not written. */
  const char *json_name;
  uint32_t json_form;   /* ttt_json_form */
  uint32_t presents;    /* for TTT_JSON_PRESENTED, the ttt_feature the bool says is shown */
  bool is_secret;       /* a secret: only its length crosses (the password, the token) */
} ttt_field_info;

/* A typed argument value for send_path and send_values. It has no struct_size: send_values takes
 * the size of one element, so it can grow at the end; send_path reads the 1.1 layout. */
typedef struct ttt_value {
  uint32_t type;        /* ttt_type */
  const char *string;   /* for TTT_TYPE_STRING, [borrowed-call] */
  int32_t int32;        /* for TTT_TYPE_INT32 */
  bool boolean;         /* for TTT_TYPE_BOOL */
} ttt_value;

/* ---------------------------------------------------------------------------------------- */
/* Host routines                                                                             */
/* ---------------------------------------------------------------------------------------- */

/* An opaque store handle: the root, or a feature scoped from it. Owned by the host; valid until
 * the front end is detached. */
typedef struct ttt_store ttt_store;

/* The host as seen by one attached front end. Owned by the host; valid until detach. */
typedef struct ttt_host ttt_host;

/* (ABI 1.2) An output the host opened for a front end (open_output). Owned by the host; valid
 * until detach. */
typedef struct ttt_output ttt_output;

/* Flags of open_output. */
enum {
  /* Append to an existing file instead of truncating it. */
  TTT_OUTPUT_APPEND = 1u << 0,
};

/* A typed sender as make_typed_sender returns it: cast it to the intent's own function type
 * before calling it. */
typedef void (*ttt_sender)(void);

/* (ABI 1.3) Work a front end's own thread hands to the store thread (run_on_store_thread).
 * [store-thread] */
typedef void (*ttt_task_callback)(void *context);

/* Called when the state read through a handle changed: once per change, after the callback
 * whose sends made it has returned (see "Threads" at the top). [store-thread] */
typedef void (*ttt_change_callback)(void *context);

/* What a processed action looks like to an observer. All strings [borrowed-call]. */
typedef struct ttt_action_event {
  uint32_t struct_size;
  const char *case_path;  /* "login.view.binding.email", "login.loginResponse.failure", ... */
  bool from_effect;       /* false: sent by a front end; true: sent back by an effect */
  const char *error;      /* for a failed response, the error's message; else NULL */
  /* Appended in 1.3 (read it only if struct_size covers it): the action's payload as one JSON
   * object, `{"row":0,"column":2}` for a tap, `{"value":"Blob"}` for a field's new text, `{}`
   * for an action that carries nothing. Rows and columns count from 0, as in ttt_action. A
   * secret (the password, a token) is "<redacted>" ("" when empty), as in the JSON-lines
   * state; a failed response's error is in `error`, not here. */
  const char *payload;
} ttt_action_event;

/* Called for every action the store processes, in order, after it changed the state and before
 * the change callbacks of that change run; for an action sent inside a callback, once that
 * callback has returned (see "Threads" at the top). [store-thread] */
typedef void (*ttt_action_callback)(void *context, const ttt_action_event *event);

/* Severity of a log line. */
typedef enum ttt_log_level {
  TTT_LOG_DEBUG = 0,
  TTT_LOG_INFO = 1,
  TTT_LOG_WARNING = 2,
  TTT_LOG_ERROR = 3,
} ttt_log_level;

/* Requests a front end can make of the host; all are carried out after the current callback
 * returns, in order. `argument` is [borrowed-call]. After a SWITCH or QUIT, a front end handles
 * no more input (see consume_input); on_settled still arrives if a settle is pending. After a
 * SETTLE, REWIND or UNDO, it stops consuming in this call: the host holds the rest and hands
 * it again once the request is carried out, so nothing typed after it runs before it. */
typedef enum ttt_request {
  TTT_REQUEST_SWITCH = 1,   /* give the terminal to front end `argument` (a spec), detach self */
  TTT_REQUEST_ATTACH = 2,   /* attach front end `argument` (a spec) as an observer */
  TTT_REQUEST_DETACH = 3,   /* detach the front end named `argument` */
  TTT_REQUEST_QUIT = 4,     /* settle effects, detach everything, exit 0 */
  TTT_REQUEST_SETTLE = 5,   /* stop delivering input until every effect in flight finished,
                               then call on_settled */
  TTT_REQUEST_REWIND = 6,   /* (ABI 1.2) put the whole state back as it was at revision
                               `argument` (decimal; see ttt_root_state): effects in flight are
                               cancelled and every front end redraws. The host keeps the last
                               1000 revisions; another is TTT_ERR_UNKNOWN at once */
  TTT_REQUEST_UNDO = 7,     /* (ABI 1.2) put the game back to before its last move (a rewind);
                               TTT_ERR_INACTIVE at once when no game or no move is there */
} ttt_request;

/* How far back TTT_REQUEST_REWIND reaches: the host keeps the last this many revisions. A
 * front end that maps its own history onto revisions (jsonl's `seq`) keeps as many. */
#define TTT_REWIND_REVISIONS 1000u

/* The table of host routines handed to a front end on attach. [until-detach] */
typedef struct ttt_host_api {
  uint32_t struct_size;
  uint32_t abi_major;
  uint32_t abi_minor;

  /* The root store handle. [store-thread] */
  ttt_store *(*root)(ttt_host *host);

  /* A handle scoped to `feature`, like store.scope(state:action:). It exists even while the
   * feature is absent: reads then answer TTT_ERR_INACTIVE. NULL only for an unknown feature.
   * [store-thread] */
  ttt_store *(*scope)(ttt_store *store, uint32_t feature);

  /* Whether the handle's feature is on screen now. [store-thread] */
  bool (*is_active)(ttt_store *store);

  /* Typed state reads. `out->struct_size` must be set by the caller to sizeof(its struct); the
   * host fills at most that many bytes. The handle must be scoped to the matching feature (the
   * root handle reads the root state). Strings in `out` are [until-next-read].
   * [store-thread] */
  ttt_status (*read_root)(ttt_store *store, ttt_root_state *out);
  ttt_status (*read_login)(ttt_store *store, ttt_login_state *out);
  ttt_status (*read_two_factor)(ttt_store *store, ttt_two_factor_state *out);
  ttt_status (*read_new_game)(ttt_store *store, ttt_new_game_state *out);
  ttt_status (*read_game)(ttt_store *store, ttt_game_state *out);

  /* Sends a user intent through a handle. The action must belong to the handle's feature or one
   * it presents (the root handle accepts all). Invalid actions change nothing and return an
   * error. Off the store thread the action is validated, queued and TTT_OK returned; whether
   * its feature was active is then only logged. [thread-safe] */
  ttt_status (*send)(ttt_store *store, const ttt_action *action);

  /* Edits a text field relative to its current value; sends the resulting binding action.
   * [thread-safe] */
  ttt_status (*edit_text)(ttt_store *store, uint32_t field, uint32_t edit, const char *text);

  /* Calls `callback(context)` after each processed action that changed the state read through
   * `store`, never otherwise; the actions sent inside one callback make one call, after it
   * returned. The root handle reads the whole app, so a root subscription is
   * called after any change of any screen (not only when `active` changes); a scoped handle's,
   * only when its feature's state changed. Returns a subscription id > 0, or 0 on error.
   * [store-thread] */
  uint64_t (*subscribe)(ttt_store *store, ttt_change_callback callback, void *context);

  /* Observes every processed action. Returns a subscription id > 0, or 0 on error.
   * [store-thread] */
  uint64_t (*observe_actions)(ttt_host *host, ttt_action_callback callback, void *context);

  /* Ends a subscription or action observation; unknown ids are ignored. A front end ends its
   * subscriptions in detach (`tictactoe check-frontend` fails one that leaves any): that is
   * its contract. The host, as a safety net, also ends whatever is left once detach returns,
   * and after a failed attach it ends whatever the front end subscribed (a failed attach gets
   * no detach call). [store-thread] */
  void (*unsubscribe)(ttt_host *host, uint64_t subscription);

  /* The message of the last error a routine returned to this front end on this thread, or "";
   * see "Errors" at the top. Valid until the next call of last_error on this thread.
   * [thread-safe] */
  const char *(*last_error)(ttt_host *host);

  /* Writes a line to the host's log (standard error, or a log file), prefixed with the front
   * end's name. Front ends never write to a terminal they do not own. [thread-safe] */
  void (*log)(ttt_host *host, uint32_t level, const char *message);

  /* Asks the host to do something after the current callback; see ttt_request. It checks at
   * once what it can, and returns: TTT_ERR_INVALID_ARGUMENT for a SWITCH, ATTACH or DETACH
   * without an argument; TTT_ERR_UNKNOWN for a front end that cannot be found or loaded
   * (SWITCH, ATTACH) or no attached observer of that name (DETACH); TTT_ERR_UNSUPPORTED for an
   * unknown kind; TTT_ERR_DETACHED from inside detach. What can only fail when the host carries
   * it out (the new front end's attach callback fails) is reported as one log line on the
   * host's log, "tictactoe: [NAME] error: cannot attach: ..." (or "cannot switch: ...", after
   * which the front end that asked is attached again; NAME is the one that asked).
   * [store-thread] */
  ttt_status (*request)(ttt_host *host, uint32_t request, const char *argument);

  /* ---- ABI 1.1: reflection. Check `abi_minor >= 1` (or struct_size) before using these. ---- */

  /* How many user intents the app has, and each one's description ([static]; NULL past the
   * end). [thread-safe] */
  size_t (*action_count)(ttt_host *host);
  const ttt_action_info *(*action_at)(ttt_host *host, size_t index);

  /* Sends the intent at `case_path` with `count` typed arguments, checked against its
   * description (names are positional; types must match). Same rules as send. `arguments` is
   * read with the 1.1 ttt_value layout (send_values takes an element size). [thread-safe] */
  ttt_status (*send_path)(ttt_store *store, const char *case_path, const ttt_value *arguments,
                          size_t count);

  /* A typed sender for the intent at `case_path`, bound to `store`: a C function taking the
   * intent's arguments in order (const char * for strings, int32_t for integers, bool) and
   * returning a ttt_status. ISO C does not define converting this `void *` to a function
   * pointer (`-Wpedantic` refuses it); a 1.2 front end uses make_typed_sender instead, which
   * gives the same function as a ttt_sender.
   *
   * Why: a typed function is what a C author would write by hand, with no struct to fill in;
   * the host makes it at run time from the description with libffi (ffi_closure), so new
   * intents get senders without a new header.
   *
   * Lifetime: the host makes one sender per (store handle, case path) and returns the same
   * function each time it is asked again; it is never freed (there are at most as many as
   * handles times intents), so it stays callable for the life of the process, and after detach
   * it returns TTT_ERR_DETACHED. NULL (and last_error) for an unknown path.
   *
   * What is checked: each call checks its arguments as send_path does (text valid UTF-8 and
   * not NULL, row and column in range, the feature on screen). The C signature cannot be
   * checked: the function reads the arguments of the intent's signature whatever the caller
   * passed, so a call through a function type that does not match it (too few arguments, an
   * int where a string goes) is undefined behaviour in C, and may well return TTT_OK. Declare
   * the type from action_at's description, as the example does.
   * [store-thread] to make, [thread-safe] to call. */
  void *(*make_sender)(ttt_store *store, const char *case_path);

  /* How many observable state fields there are, and each one's description ([static]; NULL past
   * the end). [thread-safe] */
  size_t (*field_count)(ttt_host *host);
  const ttt_field_info *(*field_at)(ttt_host *host, size_t index);

  /* ---- ABI 1.2: output through the host. Check `abi_minor >= 2` before using these. ---- */

  /* Opens an output for this front end. `path` NULL: the terminal (standard output), for the
   * terminal owner only. Otherwise a file, FIFO or device, opened by the host with the care it
   * takes for libraries: a symbolic link or a file of another user is refused, a new file is
   * created with mode 0600, an existing one is truncated unless `flags` has TTT_OUTPUT_APPEND,
   * and a FIFO that no process reads is refused at once (never waited for).
   * `--allow-unsafe-frontends` lifts the link and owner rules. Returns NULL, with last_error,
   * on failure. The host closes the output after detach returns, once what was written to it
   * is flushed. `path` is [borrowed-call]. [store-thread] */
  ttt_output *(*open_output)(ttt_host *host, const char *path, uint32_t flags);

  /* Queues `length` bytes on `output`, copied before it returns; never blocks. What a front end
   * writes is flushed before the host waits for more input, so a person sees each answer at
   * once and a pipe gets large writes. If the output fails (EPIPE, ENOSPC, EIO, a reader that
   * stopped reading), this returns TTT_ERR_OUTPUT_FAILED from then on, and the host acts:
   * an observer is detached after the current callback, with one line on standard error; a
   * failed terminal output ends the host (exit status 4). [store-thread] */
  ttt_status (*write)(ttt_output *output, const void *bytes, size_t length);

  /* Copies `text` into `buffer` (`size` bytes, NUL-terminated, cut short if it does not fit),
   * or "***" in its place when it holds a secret the app holds now (the password, the
   * two-factor token): the whole text, since masking only the secret would spell a short one
   * by the gaps it leaves. A front end calls it on whatever it quotes back from its input (an
   * unknown command, a name it could not find), and on that quote alone, before showing or
   * logging it: the user may have typed the password there by mistake; its own words need no
   * redacting. Returns the length of the whole redacted text, like
   * snprintf (so `size` 0 and a NULL buffer ask for the length). `text` is [borrowed-call].
   * [thread-safe] */
  size_t (*redact)(ttt_host *host, const char *text, char *buffer, size_t size);

  /* make_sender in a form ISO C defines: stores the sender in `*out` as a ttt_sender, which a
   * front end casts to the intent's function type (a cast between function pointer types,
   * which C11 allows, and which GCC's -Wcast-function-type accepts from void (*)(void); only
   * clang's opt-in -Wcast-function-type-strict warns about it):
   *
   *   typedef ttt_status (*cell_tapped_fn)(int32_t row, int32_t column);
   *   ttt_sender sender;
   *   if (api->make_typed_sender(store, "newGame.game.cellTapped", &sender) == TTT_OK) {
   *     cell_tapped_fn cell_tapped = (cell_tapped_fn)sender;
   *     cell_tapped(1, 2);
   *   }
   *
   * Same function, lifetime and checks as make_sender. Returns TTT_ERR_UNKNOWN for an unknown
   * path, TTT_ERR_INVALID_ARGUMENT for a NULL argument. [store-thread] to make, [thread-safe]
   * to call. */
  ttt_status (*make_typed_sender)(ttt_store *store, const char *case_path, ttt_sender *out);

  /* send_path with arrays that can grow: `arguments` holds `count` elements of `value_size`
   * bytes each (sizeof(ttt_value) as the front end was built); the host reads the fields that
   * fit in `value_size`. [thread-safe] */
  ttt_status (*send_values)(ttt_store *store, const char *case_path, const void *arguments,
                            size_t count, size_t value_size);

  /* ---- ABI 1.3: notes that outlive a front end. Check that `struct_size` covers them: they
   * were appended after the first 1.3 hosts. ---- */

  /* Keeps `value` under `key` for every front end of this one's name, for the life of the
   * host: one that is switched away and back (`:frontend text`, then `:frontend ansi`), or
   * replaced by another instance of itself, reads what the last one kept (`note`), such as
   * where its cursor was. NULL `value` forgets the key. For what a front end shows on top of
   * the app state, never a secret: the host keeps it as given, in memory only. A key is 1 to
   * 64 bytes of UTF-8, a value at most 4096; a name keeps at most 64 keys.
   * TTT_ERR_INVALID_ARGUMENT otherwise. `key` and `value` are [borrowed-call]. [store-thread] */
  ttt_status (*keep_note)(ttt_host *host, const char *key, const char *value);

  /* What keep_note kept under `key` for front ends of this one's name, or NULL. Valid until
   * the next call of note or keep_note by this front end. [store-thread] */
  const char *(*note)(ttt_host *host, const char *key);

  /* ---- ABI 1.3: front ends with threads of their own. Check that `struct_size` covers
   * run_on_store_thread: it was appended after keep_note and note. ---- */

  /* Calls `callback(context)` on the store thread, soon: the host's loop wakes up for it and
   * runs it after the callback running now, if any, in the order of the calls. For a front end
   * that runs threads of its own (an HTTP server, a GUI toolkit's loop): those threads may not
   * read state, and a send from them is checked only in part (a refusal is logged, not
   * returned); in `callback`, as in any callback, the front end reads state and sends with the
   * whole status and last_error. A callback still pending when the front end's detach begins
   * is never called: the front end stops its threads in detach and frees what the contexts
   * hold then. Returns TTT_OK; TTT_ERR_INVALID_ARGUMENT for a NULL callback; TTT_ERR_DETACHED
   * after detach. [thread-safe] */
  ttt_status (*run_on_store_thread)(ttt_host *host, ttt_task_callback callback, void *context);

  /* ---- ABI 1.4: a word for the person at the terminal. Check `abi_minor >= 4`. ---- */

  /* Tells the person at the terminal `text`, one line from this front end (the stock `web`
   * front end gives where to open its page, with the run's token). The host writes it on its
   * log as `log` does at TTT_LOG_INFO (standard error; held, like every log line, while a
   * full-screen front end draws the terminal, and written when it leaves), and hands it to
   * the terminal owner's on_notice (ABI 1.4) when there is one, unless the caller is the
   * terminal owner itself: `ansi` shows it in its status line. A terminal owner that attaches
   * later is handed the last notice of each attached front end. It goes nowhere else: not to
   * observers, a client's terminal (`tictactoe --listen`), action events or the --session
   * file; so a notice may carry what the user needs and nobody else should see, such as an
   * access token. At most 4096 bytes of UTF-8. Returns TTT_OK; TTT_ERR_INVALID_ARGUMENT for a
   * NULL, invalid or too long text. `text` is [borrowed-call]. [store-thread] */
  ttt_status (*notice)(ttt_host *host, const char *text);

  /* ---- ABI 1.5: effect-only actions. Check `abi_minor >= 5`. ---- */

  /* Looks up the action at `case_path`, for a front end that takes case paths from its user
   * (a JSON-lines client, a command line) and must say why one cannot be sent:
   *   TTT_OK                    an intent: `*out` is its description, the entry action_at
   *                             gives for it ([static]).
   *   TTT_ERR_EFFECT_ONLY       a server response or a path under one
   *                             ("login.loginResponse", "login.loginResponse.failure"): only
   *                             the app's effects send it; last_error says which intent's.
   *   TTT_ERR_UNKNOWN           no action at all.
   *   TTT_ERR_INVALID_ARGUMENT  `case_path` or `out` is NULL, or the path is not UTF-8 or
   *                             too long (over 65 536 bytes).
   *   TTT_ERR_DETACHED          after detach.
   * `*out` is set to NULL on anything but TTT_OK. The answer comes from the app's schema, as
   * the intents do: a response added to the app is named here without a new header.
   * `case_path` is [borrowed-call]. [thread-safe] */
  ttt_status (*find_action)(ttt_host *host, const char *case_path,
                            const ttt_action_info **out);

  /* ---- end of ABI 1.5: effect-only actions ---- */

  /* ---- ABI 1.6: the state as JSON. Check `abi_minor >= 6`. ---- */

  /* Fills `out` (its `struct_size` set by the caller) with the whole state as the JSON-lines
   * `state` object, the screen on top, the revision and the replay's progress, through the
   * root handle. The host
   * encodes a state once, the first time it is asked after a change, and hands every front
   * end and every instance the same bytes until the next change: a front end that writes the
   * state as JSON (the stock jsonl, for standard output, observers and every client of the
   * host's socket) neither reads each screen's struct nor encodes it again.
   * As with the typed state reads, the host fills at most `struct_size` bytes: a struct that
   * ends before `length` gets TTT_OK and no usable object (the struct is new in 1.6, so a
   * caller sets sizeof(ttt_state_json)). TTT_ERR_WRONG_FEATURE through a scoped handle;
   * TTT_ERR_INVALID_ARGUMENT for a NULL `out` or a struct_size below 4 (the size field
   * itself). [store-thread] */
  ttt_status (*read_state_json)(ttt_store *store, ttt_state_json *out);

  /* ---- end of ABI 1.6: the state as JSON ---- */
} ttt_host_api;

/* ---------------------------------------------------------------------------------------- */
/* The front end                                                                             */
/* ---------------------------------------------------------------------------------------- */

/* Capabilities a front end declares in its descriptor. */
enum {
  /* It reads the terminal (or standard input): the host hands it input bytes while it is the
   * terminal owner. Only one attached front end owns the terminal at a time. */
  TTT_FRONTEND_READS_INPUT = 1u << 0,
  /* It draws on the terminal; as an observer it must be given an argument naming another
   * output (the JSON-lines front end accepts a file). */
  TTT_FRONTEND_WRITES_TERMINAL = 1u << 1,
  /* It takes over the whole screen (alternate screen, raw mode): the host keeps log lines
   * until it detaches, and if the process crashes while it owns the terminal, the host leaves
   * the alternate screen and shows the cursor (it restores the terminal modes in any case). */
  TTT_FRONTEND_FULL_SCREEN = 1u << 2,
};

/* What the host tells a front end when attaching it. */
typedef struct ttt_attach_info {
  uint32_t struct_size;
  const char *argument;   /* the ARG of --frontend NAME:ARG, or NULL. [borrowed-call] */
  bool owns_terminal;     /* whether it is the terminal owner (gets input, may draw) */
  /* Appended in 1.2 (read it only if struct_size covers it): non-NULL when the front end's
   * terminal is a client connected to the host's socket (`tictactoe --listen`) rather than the
   * host's own standard input and output; a name for it in messages, "connection 3". Such a
   * front end has owns_terminal set: input comes from the client, and the output opened with
   * a NULL path goes to it. [borrowed-call] */
  const char *connection;
  /* Appended in 1.3, after `connection` (read it only if struct_size covers it): the path of
   * the host's socket when it listens (`tictactoe --listen`), else NULL, so that a front end
   * that owns the terminal can show where `tictactoe attach` finds the game. [borrowed-call] */
  const char *listening;
} ttt_attach_info;

/* A front end: one exported, const, static descriptor. Every callback except those marked
 * optional must be non-NULL, or the host refuses the front end. All callbacks run on the store
 * thread. `instance` is whatever attach stored in `*out_instance`. */
typedef struct ttt_frontend_descriptor {
  uint32_t struct_size;          /* sizeof(ttt_frontend_descriptor) the front end was built with */
  uint32_t abi_major;            /* TTT_ABI_VERSION_MAJOR it was built against */
  uint32_t abi_minor;            /* TTT_ABI_VERSION_MINOR it was built against */
  const char *name;              /* [static], 1 to 64 of a-z A-Z 0-9 - _: "text" (the stock
                                    front ends use lowercase; names compare exactly) */
  const char *description;       /* one line, [static] */
  const char *version;           /* the front end's own version, [static]: "1.2.0" */
  uint32_t flags;                /* TTT_FRONTEND_* */

  /* Attaches: must render the current state at once (this is what makes switching front ends
   * mid-game show the game where it was). Return TTT_OK, or an error after logging why.
   * `*out_instance` may be left NULL (a stateless front end): detach and the other callbacks
   * then get NULL. A failed attach gets no detach call: it frees what it allocated itself, and
   * the host ends whatever it subscribed and closes the outputs it opened.
   * `api` is [static], and each host in the process (each store that front ends share) hands
   * out a table of its own: with ttt_root_state.revision it names one state, so instances of a
   * front end may share work done for a state (from 1.6 the host itself encodes each state
   * once for every front end and instance, see read_state_json). */
  ttt_status (*attach)(const ttt_host_api *api, ttt_host *host, const ttt_attach_info *info,
                       void **out_instance);

  /* Detaches: must restore whatever it changed (terminal modes, cursor, alternate screen) and
   * free its memory. Its handles and subscriptions stop working after it returns. */
  void (*detach)(void *instance);

  /* Input bytes for the terminal owner (ABI 1.0 and 1.1). [borrowed-call]. `length == 0` means
   * end of input. Every byte handed here counts as consumed: bytes a 1.1 front end kept unread
   * when it asked for a switch are lost. A 1.2 front end sets consume_input instead.
   * Optional (NULL) for front ends without TTT_FRONTEND_READS_INPUT. */
  void (*on_input)(void *instance, const uint8_t *bytes, size_t length);

  /* The terminal was resized. Optional. The host then hands the terminal owner the input it
   * left unconsumed again (consume_input), so a front end that cannot act on keys at some size
   * (the `ansi` front end below 42x9) leaves them until the terminal grows. */
  void (*on_resize)(void *instance, uint32_t columns, uint32_t rows);

  /* The process is being suspended (Ctrl-Z: restore the terminal) or resumed (re-enter raw
   * mode and redraw everything). Optional. */
  void (*on_suspend)(void *instance, bool resumed);

  /* A TTT_REQUEST_SETTLE finished; `timed_out` if effects were still running at the host's
   * settle timeout (they keep running). A TTT_REQUEST_QUIT whose settle timed out calls it too,
   * with `timed_out` true, before detach. Optional. */
  void (*on_settled)(void *instance, bool timed_out);

  /* ---- ABI 1.2 ---- */

  /* Input for the terminal owner, in place of on_input (a 1.2 front end that reads input sets
   * this one; the host then never calls on_input). Returns how many of the `length` bytes it
   * consumed, from the start. [borrowed-call]
   *
   * The input belongs to the host. It keeps what a front end did not consume and hands it
   * again, first, with whatever arrives later; so a front end keeps no read-ahead of its own.
   * A line-oriented front end consumes whole lines and leaves a partial one. The host calls
   * again when more bytes arrive, or with a flag:
   *   TTT_INPUT_END   no more bytes will come (`length` may be 0). What it leaves unconsumed
   *                   now is dropped, unless it asked for a settle (it is handed again then).
   *   TTT_INPUT_IDLE  nothing more arrived within 25 ms of the last call: what it left is all
   *                   there is for now (a lone ESC is the Escape key, not the start of a
   *                   sequence).
   * A front end that requests SETTLE, SWITCH or QUIT from here returns the count up to the end
   * of the command that asked, and stops: the host hands nothing more while a settle runs,
   * gives the bytes after a switch to the next terminal owner, and reads no more after a quit.
   * So a piped script that switches front ends mid-stream loses nothing. The host stops reading
   * while 4 MiB are left unconsumed; a front end must consume something of that much (the
   * JSON-lines front end reports a line over 1 MiB and consumes it), or the host drops it.
   * Optional (NULL) for front ends without TTT_FRONTEND_READS_INPUT. */
  size_t (*consume_input)(void *instance, const uint8_t *bytes, size_t length, uint32_t flags);

  /* ---- ABI 1.4 ---- */

  /* Another front end's notice (ttt_host_api.notice) for the person at the terminal: called on
   * the terminal owner only, after the callback that gave the notice has returned, with the
   * name of the front end that gave it (`from`, "web"). The owner shows it its own way (`ansi`
   * in its status line until the next key); it must not pass it on (to a file, a socket, a
   * log), since a notice may carry a token. A line-mode front end may leave it NULL: the host
   * writes every notice on standard error too, which is its terminal. The host reads it only
   * when `abi_minor` is 4 or more and `struct_size` covers it. `from` and `text` are
   * [borrowed-call]. Optional. */
  void (*on_notice)(void *instance, const char *from, const char *text);
} ttt_frontend_descriptor;

/* Flags of consume_input. */
enum {
  TTT_INPUT_END = 1u << 0,
  TTT_INPUT_IDLE = 1u << 1,
};

/* The type of the entry symbol: returns the front end's descriptor, [static]. */
typedef const ttt_frontend_descriptor *(*ttt_frontend_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* TICTACTOE_FRONTEND_H */
