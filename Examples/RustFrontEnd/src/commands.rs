//! One line of input as a command: an intent to send, a request to the host, or a refusal.
//!
//!   email ADDRESS   password PASSWORD   login   ok (dismiss an alert)
//!   code CODE       submit              back    (two-factor)
//!   x NAME          o NAME              play    logout
//!   ROW COLUMN (from 1: "2 3")          again   quit (leave the game)   yes, no (confirm quitting)
//!   :frontend NAME (switch the terminal to another front end)   :quit (exit)
//!
//! Whether an intent is allowed now is the host's to say: `send` refuses it with a reason.

use crate::abi::*;

/// What a line asks for.
pub enum Command<'a> {
    /// An empty line.
    Nothing,
    /// A user intent, sent through the handle of `feature`.
    Send { feature: u32, tag: u32, text: Option<&'a str>, row: i32, column: i32 },
    /// The password, which is edited rather than set, since it cannot be read back.
    Password(&'a str),
    /// A request to the host (`TTT_REQUEST_*`), carried out after the callback.
    Request { kind: u32, argument: &'a str },
    /// A line that means nothing here, and why.
    Refused(&'static str),
}

/// The words that map straight to an intent: (word, feature, tag, takes the rest as text).
/// A word can appear twice: the first entry whose feature is on screen wins ("ok" dismisses
/// the two-factor alert while two-factor is shown).
const WORDS: &[(&str, u32, u32, bool)] = &[
    ("email", TTT_FEATURE_LOGIN, TTT_ACTION_LOGIN_SET_EMAIL, true),
    ("login", TTT_FEATURE_LOGIN, TTT_ACTION_LOGIN_BUTTON_TAPPED, false),
    ("ok", TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, false),
    ("ok", TTT_FEATURE_LOGIN, TTT_ACTION_LOGIN_ALERT_DISMISS, false),
    ("code", TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_SET_CODE, true),
    ("submit", TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_SUBMIT_BUTTON_TAPPED, false),
    ("back", TTT_FEATURE_TWO_FACTOR, TTT_ACTION_TWO_FACTOR_DISMISS, false),
    ("x", TTT_FEATURE_NEW_GAME, TTT_ACTION_NEW_GAME_SET_X_PLAYER_NAME, true),
    ("o", TTT_FEATURE_NEW_GAME, TTT_ACTION_NEW_GAME_SET_O_PLAYER_NAME, true),
    ("play", TTT_FEATURE_NEW_GAME, TTT_ACTION_NEW_GAME_LETS_PLAY_BUTTON_TAPPED, false),
    ("logout", TTT_FEATURE_NEW_GAME, TTT_ACTION_NEW_GAME_LOGOUT_BUTTON_TAPPED, false),
    ("again", TTT_FEATURE_GAME, TTT_ACTION_GAME_PLAY_AGAIN_BUTTON_TAPPED, false),
    ("quit", TTT_FEATURE_GAME, TTT_ACTION_GAME_QUIT_BUTTON_TAPPED, false),
    ("yes", TTT_FEATURE_GAME, TTT_ACTION_GAME_ALERT_CONFIRM_QUIT, false),
    ("no", TTT_FEATURE_GAME, TTT_ACTION_GAME_ALERT_DISMISS, false),
];

/// Reads `line`; `on_screen(feature)` says whether a feature is on screen now.
pub fn parse(line: &str, on_screen: impl Fn(u32) -> bool) -> Command<'_> {
    let line = line.trim_start();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim_start();
    match word {
        "" => return Command::Nothing,
        ":quit" => {
            return Command::Request { kind: TTT_REQUEST_QUIT, argument: "" };
        }
        ":frontend" => {
            return Command::Request { kind: TTT_REQUEST_SWITCH, argument: rest.trim_end() };
        }
        "password" => return Command::Password(rest),
        _ => {}
    }
    let mut known = false;
    for &(candidate, feature, tag, takes_text) in WORDS {
        if candidate != word {
            continue;
        }
        known = true;
        if on_screen(feature) {
            let text = takes_text.then_some(rest);
            return Command::Send { feature, tag, text, row: 0, column: 0 };
        }
    }
    if known {
        return Command::Refused("that command does not apply to this screen");
    }
    // "ROW COLUMN", counted from 1 as the board labels them, and from 0 in the ABI.
    let cell = |word: &str| word.parse::<i32>().ok().filter(|n| (1..=3).contains(n));
    match (cell(word), rest.split_once(' ').map_or(cell(rest), |_| None)) {
        (Some(row), Some(column)) => Command::Send {
            feature: TTT_FEATURE_GAME,
            tag: TTT_ACTION_GAME_CELL_TAPPED,
            text: None,
            row: row - 1,
            column: column - 1,
        },
        _ if word.parse::<i32>().is_ok() => {
            Command::Refused("rows and columns go from 1 to 3, e.g. 2 3")
        }
        _ => Command::Refused("unknown command; the commands of this screen are listed above it"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_counts_from_one_on_screen_and_from_zero_in_the_abi() {
        let command = parse("2 3", |_| true);
        assert!(matches!(
            command,
            Command::Send { tag: TTT_ACTION_GAME_CELL_TAPPED, row: 1, column: 2, .. }
        ));
        assert!(matches!(parse("4 1", |_| true), Command::Refused(_)));
        assert!(matches!(parse("2 3 1", |_| true), Command::Refused(_)));
    }

    #[test]
    fn a_word_goes_to_the_first_feature_on_screen() {
        let two_factor = parse("ok", |feature| feature == TTT_FEATURE_TWO_FACTOR);
        assert!(matches!(
            two_factor,
            Command::Send { tag: TTT_ACTION_TWO_FACTOR_ALERT_DISMISS, .. }
        ));
        let login = parse("ok", |feature| feature == TTT_FEATURE_LOGIN);
        assert!(matches!(login, Command::Send { tag: TTT_ACTION_LOGIN_ALERT_DISMISS, .. }));
        let nowhere = parse("login", |_| false);
        assert!(matches!(nowhere, Command::Refused("that command does not apply to this screen")));
    }

    #[test]
    fn text_and_requests_keep_the_rest_of_the_line() {
        let name = parse("x  Blob Jr", |_| true);
        assert!(matches!(name, Command::Send { text: Some("Blob Jr"), .. }));
        let switch = parse(":frontend text ", |_| true);
        assert!(matches!(switch, Command::Request { kind: TTT_REQUEST_SWITCH, argument: "text" }));
        assert!(matches!(parse("password a b", |_| true), Command::Password("a b")));
    }
}
