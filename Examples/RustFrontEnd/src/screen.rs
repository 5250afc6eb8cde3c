//! Each screen as plain text, from the state structs the host filled. Derived values (the
//! game's title, which buttons are enabled) come from the host: never re-derived here.

use crate::abi::*;
use crate::front_end::text;

/// "-- replay: step 3 of 12 --" while `tictactoe replay` drives the game, else nothing.
pub fn replay_banner(root: &ttt_root_state) -> String {
    match (root.is_replay, root.is_replay_over) {
        (false, _) => String::new(),
        (true, false) => {
            format!("-- replay: step {} of {} --\n", root.replay_step, root.replay_length)
        }
        (true, true) => format!("-- replay over: {} steps --\n", root.replay_length),
    }
}

/// The login form; the password shows as one `*` per character (only its length crosses).
pub fn login(login: &ttt_login_state) -> String {
    // SAFETY (for every `text` below): strings the host filled, valid until the next read.
    let mut screen = format!(
        "== Login ==\nEmail:    {}\nPassword: {}\n",
        unsafe { text(login.email) },
        "*".repeat(login.password_length.min(64))
    );
    if login.is_activity_indicator_visible {
        screen += "Logging in...\n";
    }
    screen += &alert(login.alert_title);
    screen + "Commands: email ADDRESS, password PASSWORD, login\n"
}

/// The two-factor form, presented over login.
pub fn two_factor(two_factor: &ttt_two_factor_state) -> String {
    let mut screen =
        format!("== Two-factor authentication ==\nCode: {}\n", unsafe { text(two_factor.code) });
    if two_factor.is_activity_indicator_visible {
        screen += "Checking the code...\n";
    }
    screen += &alert(two_factor.alert_title);
    screen + "Commands: code CODE, submit, back\n"
}

/// The players' names and the scoreboard.
pub fn new_game(new_game: &ttt_new_game_state) -> String {
    let mut screen = format!(
        "== New game ==\nX player: {}\nO player: {}\n",
        unsafe { text(new_game.x_player_name) },
        unsafe { text(new_game.o_player_name) }
    );
    // The scoreboard is an array read by its element size, which may grow: not size_of.
    for index in 0..new_game.standing_count {
        // SAFETY: `standing_count` entries of `standing_size` bytes, until the next read.
        let standing = unsafe {
            &*new_game
                .standings
                .cast::<u8>()
                .add(index * new_game.standing_size)
                .cast::<ttt_standing>()
        };
        screen += &format!("{} won {}\n", unsafe { text(standing.name) }, standing.wins);
    }
    if new_game.ties > 0 {
        screen += &format!("Tied games: {}\n", new_game.ties);
    }
    screen + "Commands: x NAME, o NAME, play, logout\n"
}

/// The board, rows and columns labelled from 1, and the host's title.
pub fn game(game: &ttt_game_state) -> String {
    let mark = |cell: u8| match u32::from(cell) {
        TTT_PLAYER_X => 'X',
        TTT_PLAYER_O => 'O',
        _ => ' ',
    };
    let mut screen = format!("== {} ==\n     1   2   3\n", unsafe { text(game.title) });
    for (row, cells) in game.board.iter().enumerate() {
        if row > 0 {
            screen += "    ---+---+---\n";
        }
        screen += &format!(
            " {}   {} | {} | {}\n",
            row + 1,
            mark(cells[0]),
            mark(cells[1]),
            mark(cells[2])
        );
    }
    if !game.alert_title.is_null() {
        // The quit confirmation: the board takes no move until it is answered.
        return screen
            + &format!("Alert: {}\nCommands: yes, no\n", unsafe { text(game.alert_title) });
    }
    screen
        + if game.is_board_disabled {
            "Commands: again, quit\n"
        } else {
            "Commands: ROW COLUMN, quit\n"
        }
}

/// "Alert: TITLE (type ok)", or nothing when no alert is shown.
fn alert(title: *const std::ffi::c_char) -> String {
    if title.is_null() {
        return String::new();
    }
    format!("Alert: {} (type ok)\n", unsafe { text(title) })
}
