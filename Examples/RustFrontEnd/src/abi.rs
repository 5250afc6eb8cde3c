//! `#[repr(C)]` mirrors of `tictactoe_frontend.h` (ABI 1.3): every struct, the routine table,
//! and the constants this front end uses (every status and action tag among them), under the
//! header's own names, so that a reader can hold one beside the other.
//!
//! How C types become Rust types here: every enum crosses as `uint32_t`, so it is `u32`, with
//! its values as `u32` constants; `bool` is `bool`, `size_t` is `usize`, `const char *` is
//! `*const c_char`; a callback that may be NULL is an `Option` of a function pointer (the same
//! size as the pointer, NULL being `None`).
//!
//! `LAYOUTS` and `CONSTANTS` list what is mirrored, with each struct's size and field offsets
//! as rustc lays them out: `examples/layouts.rs` prints them, and the repository's layout test
//! compiles the same names against the header and compares.
#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_void};
use std::mem::{offset_of, size_of};

/// A mirrored struct's layout: its size, and each field's name and offset.
pub struct Layout {
    /// The struct's name, as in the header.
    pub name: &'static str,
    /// `size_of` the struct.
    pub size: usize,
    /// Each field's name (as in the header) and offset, in declaration order.
    pub fields: &'static [(&'static str, usize)],
}

/// Declares `#[repr(C)]` structs and lists their layouts in `LAYOUTS`, so that every mirrored
/// struct is checked against the header and none is forgotten.
macro_rules! mirror {
    ($(
        $(#[$meta:meta])*
        pub struct $name:ident { $( $(#[$field_meta:meta])* pub $field:ident : $type:ty, )* }
    )*) => {
        $(
            $(#[$meta])*
            #[repr(C)]
            #[derive(Clone, Copy)]
            pub struct $name { $( $(#[$field_meta])* pub $field: $type, )* }
        )*
        /// Every mirrored struct's layout, in the order declared.
        pub const LAYOUTS: &[Layout] = &[$(
            Layout {
                name: stringify!($name),
                size: size_of::<$name>(),
                fields: &[$((stringify!($field), offset_of!($name, $field)),)*],
            },
        )*];
    };
}

/// Declares `u32` constants and lists them in `CONSTANTS`, so that the layout test compares
/// their values with the header's too.
macro_rules! constants {
    ($( $(#[$meta:meta])* $name:ident = $value:expr; )*) => {
        $( $(#[$meta])* pub const $name: u32 = $value; )*
        /// Every mirrored constant's name and value.
        pub const CONSTANTS: &[(&str, u32)] = &[$((stringify!($name), $name),)*];
    };
}

/// What a host routine returns: `TTT_OK` or a `TTT_ERR_*` value.
pub type ttt_status = u32;

constants! {
    /// The ABI version this mirror follows: the front end is built against 1.6.
    TTT_ABI_VERSION_MAJOR = 1;
    /// See `TTT_ABI_VERSION_MAJOR`.
    TTT_ABI_VERSION_MINOR = 6;

    /// Success; anything else has a message in `last_error`.
    TTT_OK = 0;
    /// The handle's feature is not on screen now.
    TTT_ERR_INACTIVE = 1;
    /// A NULL pointer, a row of 7, invalid UTF-8, a struct_size that is too small.
    TTT_ERR_INVALID_ARGUMENT = 2;
    /// An action tag or field id the host does not know.
    TTT_ERR_UNKNOWN = 3;
    /// An action that belongs to another feature than the handle's.
    TTT_ERR_WRONG_FEATURE = 4;
    /// An unknown request kind, say.
    TTT_ERR_UNSUPPORTED = 5;
    /// The front end was detached.
    TTT_ERR_DETACHED = 6;
    /// An output failed; what is written to it is dropped.
    TTT_ERR_OUTPUT_FAILED = 7;
    /// The screen would ignore the intent now; `last_error` says why, for a person.
    TTT_ERR_DISABLED = 8;
    /// (ABI 1.5) A server response, which only the app's effects send; `last_error` says
    /// which intent's effect sends it.
    TTT_ERR_EFFECT_ONLY = 9;

    /// The root: login or new game.
    TTT_FEATURE_ROOT = 0;
    /// The login screen.
    TTT_FEATURE_LOGIN = 1;
    /// Two-factor, presented over login.
    TTT_FEATURE_TWO_FACTOR = 2;
    /// The new-game screen.
    TTT_FEATURE_NEW_GAME = 3;
    /// The game, presented over new game.
    TTT_FEATURE_GAME = 4;

    /// An empty cell, or nobody.
    TTT_PLAYER_NONE = 0;
    /// X.
    TTT_PLAYER_X = 1;
    /// O.
    TTT_PLAYER_O = 2;

    /// login.view.binding.email, text
    TTT_ACTION_LOGIN_SET_EMAIL = 1;
    /// login.view.binding.password, text
    TTT_ACTION_LOGIN_SET_PASSWORD = 2;
    /// login.view.loginButtonTapped
    TTT_ACTION_LOGIN_BUTTON_TAPPED = 3;
    /// login.alert.dismiss
    TTT_ACTION_LOGIN_ALERT_DISMISS = 4;
    /// login.twoFactor.view.binding.code, text
    TTT_ACTION_TWO_FACTOR_SET_CODE = 5;
    /// login.twoFactor.view.submitButtonTapped
    TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED = 6;
    /// login.twoFactor.alert.dismiss
    TTT_ACTION_TWO_FACTOR_ALERT_DISMISS = 7;
    /// login.twoFactor.dismiss
    TTT_ACTION_TWO_FACTOR_DISMISS = 8;
    /// newGame.binding.oPlayerName, text
    TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME = 9;
    /// newGame.binding.xPlayerName, text
    TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME = 10;
    /// newGame.letsPlayButtonTapped
    TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED = 11;
    /// newGame.logoutButtonTapped
    TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED = 12;
    /// newGame.game.cellTapped, row, column (from 0)
    TTT_ACTION_GAME_CELL_TAPPED = 13;
    /// newGame.game.playAgainButtonTapped
    TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED = 14;
    /// newGame.game.quitButtonTapped
    TTT_ACTION_GAME_QUIT_BUTTON_TAPPED = 15;
    /// newGame.game.dismiss
    TTT_ACTION_GAME_DISMISS = 16;
    /// newGame.game.alert.confirmQuitButtonTapped
    TTT_ACTION_GAME_ALERT_CONFIRM_QUIT = 17;
    /// newGame.game.alert.dismiss
    TTT_ACTION_GAME_ALERT_DISMISS = 18;

    /// The login's password, for edit_text (it cannot be read, only edited).
    TTT_FIELD_LOGIN_PASSWORD = 2;
    /// Append `text` to the field.
    TTT_EDIT_APPEND = 1;
    /// Empty the field.
    TTT_EDIT_CLEAR = 3;

    /// A log line's severity: an error.
    TTT_LOG_ERROR = 3;

    /// Give the terminal to another front end (`argument`), detaching this one.
    TTT_REQUEST_SWITCH = 1;
    /// Settle effects, detach everything, exit 0.
    TTT_REQUEST_QUIT = 4;
    /// Hold input until every effect in flight finished, then call on_settled.
    TTT_REQUEST_SETTLE = 5;

    /// The descriptor's flags: it reads the terminal's input when it owns it.
    TTT_FRONTEND_READS_INPUT = 1 << 0;
    /// It draws on the terminal when it owns it (an observer writes to a file).
    TTT_FRONTEND_WRITES_TERMINAL = 1 << 1;
    /// consume_input's flag: no more bytes will come.
    TTT_INPUT_END = 1 << 0;
}

/// An opaque store handle. [until-detach]
#[repr(C)]
pub struct ttt_store {
    _opaque: [u8; 0],
}

/// The host as seen by one attached front end. [until-detach]
#[repr(C)]
pub struct ttt_host {
    _opaque: [u8; 0],
}

/// An output the host opened for the front end. [until-detach]
#[repr(C)]
pub struct ttt_output {
    _opaque: [u8; 0],
}

/// A state struct that a `read_*` routine fills.
///
/// # Safety
/// The struct starts with `struct_size: u32`, and all zero bits are a valid value of it.
pub unsafe trait StateStruct: Copy {}

// SAFETY: each starts with struct_size, and holds only integers, bools and raw pointers.
unsafe impl StateStruct for ttt_root_state {}
unsafe impl StateStruct for ttt_login_state {}
unsafe impl StateStruct for ttt_two_factor_state {}
unsafe impl StateStruct for ttt_new_game_state {}
unsafe impl StateStruct for ttt_game_state {}

/// A routine that fills a state struct through a handle.
pub type ReadRoutine<T> = unsafe extern "C" fn(*mut ttt_store, *mut T) -> ttt_status;
/// (ABI 1.3) Work a thread of the front end's own hands to the store thread.
pub type ttt_task_callback = unsafe extern "C" fn(context: *mut c_void);
/// Called when the state read through a handle changed.
pub type ttt_change_callback = unsafe extern "C" fn(context: *mut c_void);
/// Called for every action the store processes.
pub type ttt_action_callback = unsafe extern "C" fn(context: *mut c_void, *const ttt_action_event);
/// A typed sender, cast to the intent's own function type before it is called.
pub type ttt_sender = Option<unsafe extern "C" fn()>;

mirror! {
    /// Which top-level feature is active, the revision, and the replay's progress.
    pub struct ttt_root_state {
        pub struct_size: u32,
        pub active: u32,
        pub revision: u64,
        pub is_replay: bool,
        pub is_replay_over: bool,
        pub replay_step: u64,
        pub replay_length: u64,
    }

    /// The login screen; the password itself never crosses the ABI, only its length.
    pub struct ttt_login_state {
        pub struct_size: u32,
        pub email: *const c_char,
        pub password_length: usize,
        pub is_form_valid: bool,
        pub is_login_request_in_flight: bool,
        pub alert_title: *const c_char,
        pub is_two_factor_presented: bool,
        pub is_login_button_enabled: bool,
        pub is_activity_indicator_visible: bool,
        pub is_form_disabled: bool,
    }

    /// The two-factor screen; the token crosses as its length only.
    pub struct ttt_two_factor_state {
        pub struct_size: u32,
        pub token_length: usize,
        pub code: *const c_char,
        pub is_form_valid: bool,
        pub is_two_factor_request_in_flight: bool,
        pub alert_title: *const c_char,
        pub is_submit_button_enabled: bool,
        pub is_activity_indicator_visible: bool,
        pub is_form_disabled: bool,
    }

    /// One line of the scoreboard, read by `standing_size` steps.
    pub struct ttt_standing {
        pub name: *const c_char,
        pub wins: u32,
    }

    /// The new-game screen and its scoreboard.
    pub struct ttt_new_game_state {
        pub struct_size: u32,
        pub o_player_name: *const c_char,
        pub x_player_name: *const c_char,
        pub is_game_presented: bool,
        pub is_lets_play_button_enabled: bool,
        pub ties: u32,
        pub standings: *const ttt_standing,
        pub standing_count: usize,
        pub standing_size: usize,
    }

    /// The game screen: `board[row][column]` holds `TTT_PLAYER_*` values.
    pub struct ttt_game_state {
        pub struct_size: u32,
        pub board: [[u8; 3]; 3],
        pub current_player: u32,
        pub o_player_name: *const c_char,
        pub x_player_name: *const c_char,
        pub winner: u32,
        pub is_tied: bool,
        pub is_board_disabled: bool,
        pub is_play_again_button_visible: bool,
        pub title: *const c_char,
        pub alert_title: *const c_char,
        pub move_count: u32,
    }

    /// One user intent; fields its tag does not use are ignored.
    pub struct ttt_action {
        pub struct_size: u32,
        pub tag: u32,
        pub text: *const c_char,
        pub row: i32,
        pub column: i32,
    }

    /// One argument of a user intent (reflection, 1.1).
    pub struct ttt_argument_info {
        pub name: *const c_char,
        pub r#type: u32,
        pub is_secret: bool,
    }

    /// One user intent, described at run time (reflection, 1.1).
    pub struct ttt_action_info {
        pub struct_size: u32,
        pub case_path: *const c_char,
        pub feature: u32,
        pub tag: u32,
        pub argument_count: u32,
        pub arguments: *const ttt_argument_info,
        pub summary: *const c_char,
        pub argument_size: usize,
    }

    /// One observable state field (reflection, 1.1).
    pub struct ttt_field_info {
        pub struct_size: u32,
        pub feature: u32,
        pub name: *const c_char,
        pub r#type: u32,
        pub offset: usize,
        pub is_derived: bool,
        pub json_name: *const c_char,
        pub json_form: u32,
        pub presents: u32,
        pub is_secret: bool,
    }

    /// A typed argument for send_path and send_values.
    pub struct ttt_value {
        pub r#type: u32,
        pub string: *const c_char,
        pub int32: i32,
        pub boolean: bool,
    }

    /// A processed action, as an observer sees it.
    pub struct ttt_action_event {
        pub struct_size: u32,
        pub case_path: *const c_char,
        pub from_effect: bool,
        pub error: *const c_char,
        pub payload: *const c_char,
    }

    /// (ABI 1.6) The whole state as the JSON-lines `state` object, which `read_state_json`
    /// fills: `length` bytes of UTF-8 at `json`, the screen on top, the revision and the
    /// replay's progress.
    pub struct ttt_state_json {
        pub struct_size: u32,
        pub screen: u32,
        pub revision: u64,
        pub json: *const c_char,
        pub length: usize,
        pub is_replay: bool,
        pub is_replay_over: bool,
        pub replay_step: u64,
        pub replay_length: u64,
    }

    /// The host's routines. Each is non-NULL within the table's `struct_size`.
    pub struct ttt_host_api {
        pub struct_size: u32,
        pub abi_major: u32,
        pub abi_minor: u32,
        pub root: unsafe extern "C" fn(*mut ttt_host) -> *mut ttt_store,
        pub scope: unsafe extern "C" fn(*mut ttt_store, u32) -> *mut ttt_store,
        pub is_active: unsafe extern "C" fn(*mut ttt_store) -> bool,
        pub read_root: ReadRoutine<ttt_root_state>,
        pub read_login: ReadRoutine<ttt_login_state>,
        pub read_two_factor: ReadRoutine<ttt_two_factor_state>,
        pub read_new_game: ReadRoutine<ttt_new_game_state>,
        pub read_game: ReadRoutine<ttt_game_state>,
        pub send: unsafe extern "C" fn(*mut ttt_store, *const ttt_action) -> ttt_status,
        pub edit_text: unsafe extern "C" fn(*mut ttt_store, u32, u32, *const c_char) -> ttt_status,
        pub subscribe: unsafe extern "C" fn(*mut ttt_store, ttt_change_callback, *mut c_void) -> u64,
        pub observe_actions:
            unsafe extern "C" fn(*mut ttt_host, ttt_action_callback, *mut c_void) -> u64,
        pub unsubscribe: unsafe extern "C" fn(*mut ttt_host, u64),
        pub last_error: unsafe extern "C" fn(*mut ttt_host) -> *const c_char,
        pub log: unsafe extern "C" fn(*mut ttt_host, u32, *const c_char),
        pub request: unsafe extern "C" fn(*mut ttt_host, u32, *const c_char) -> ttt_status,
        // ABI 1.1: reflection.
        pub action_count: unsafe extern "C" fn(*mut ttt_host) -> usize,
        pub action_at: unsafe extern "C" fn(*mut ttt_host, usize) -> *const ttt_action_info,
        pub send_path:
            unsafe extern "C" fn(*mut ttt_store, *const c_char, *const ttt_value, usize) -> ttt_status,
        pub make_sender: unsafe extern "C" fn(*mut ttt_store, *const c_char) -> *mut c_void,
        pub field_count: unsafe extern "C" fn(*mut ttt_host) -> usize,
        pub field_at: unsafe extern "C" fn(*mut ttt_host, usize) -> *const ttt_field_info,
        // ABI 1.2: output through the host.
        pub open_output: unsafe extern "C" fn(*mut ttt_host, *const c_char, u32) -> *mut ttt_output,
        pub write: unsafe extern "C" fn(*mut ttt_output, *const c_void, usize) -> ttt_status,
        pub redact: unsafe extern "C" fn(*mut ttt_host, *const c_char, *mut c_char, usize) -> usize,
        pub make_typed_sender:
            unsafe extern "C" fn(*mut ttt_store, *const c_char, *mut ttt_sender) -> ttt_status,
        pub send_values: unsafe extern "C" fn(
            *mut ttt_store, *const c_char, *const c_void, usize, usize,
        ) -> ttt_status,
        // ABI 1.3, appended after the first 1.3 hosts: check struct_size before using them.
        pub keep_note: unsafe extern "C" fn(*mut ttt_host, *const c_char, *const c_char) -> ttt_status,
        pub note: unsafe extern "C" fn(*mut ttt_host, *const c_char) -> *const c_char,
        pub run_on_store_thread:
            unsafe extern "C" fn(*mut ttt_host, ttt_task_callback, *mut c_void) -> ttt_status,
        // ABI 1.4: a notice for the person at the terminal.
        pub notice: unsafe extern "C" fn(*mut ttt_host, *const c_char) -> ttt_status,
        // ABI 1.5: what a case path names (an intent, a server response, nothing).
        pub find_action: unsafe extern "C" fn(
            *mut ttt_host, *const c_char, *mut *const ttt_action_info,
        ) -> ttt_status,
        // ABI 1.6: the state as JSON, encoded once per change by the host.
        pub read_state_json: unsafe extern "C" fn(*mut ttt_store, *mut ttt_state_json) -> ttt_status,
    }

    /// What the host tells a front end when attaching it.
    pub struct ttt_attach_info {
        pub struct_size: u32,
        pub argument: *const c_char,
        pub owns_terminal: bool,
        pub connection: *const c_char,
        pub listening: *const c_char,
    }

    /// The front end's descriptor: its name, versions and callbacks.
    pub struct ttt_frontend_descriptor {
        pub struct_size: u32,
        pub abi_major: u32,
        pub abi_minor: u32,
        pub name: *const c_char,
        pub description: *const c_char,
        pub version: *const c_char,
        pub flags: u32,
        pub attach: unsafe extern "C" fn(
            *const ttt_host_api, *mut ttt_host, *const ttt_attach_info, *mut *mut c_void,
        ) -> ttt_status,
        pub detach: unsafe extern "C" fn(*mut c_void),
        pub on_input: Option<unsafe extern "C" fn(*mut c_void, *const u8, usize)>,
        pub on_resize: Option<unsafe extern "C" fn(*mut c_void, u32, u32)>,
        pub on_suspend: Option<unsafe extern "C" fn(*mut c_void, bool)>,
        pub on_settled: Option<unsafe extern "C" fn(*mut c_void, bool)>,
        pub consume_input: Option<unsafe extern "C" fn(*mut c_void, *const u8, usize, u32) -> usize>,
        // ABI 1.4: another front end's notice, for the terminal owner.
        pub on_notice: Option<unsafe extern "C" fn(*mut c_void, *const c_char, *const c_char)>,
    }
}

// SAFETY: the descriptor is immutable static data: its pointers are to static strings and
// functions, which any thread may read.
unsafe impl Sync for ttt_frontend_descriptor {}
