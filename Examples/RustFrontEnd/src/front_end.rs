//! One attachment: its handles and output, rendering on each change, and input line by line.
//!
//! Every callback runs on the host's store thread, one at a time, but one may run inside
//! another: the host may call the change callback while our own `send` is in progress. So the
//! instance is only ever shared (`&self`), and what changes lives in `Cell` and `RefCell`,
//! whose borrows end before any host routine is called.

use crate::abi::*;
use crate::commands::{self, Command};
use crate::screen;
use std::cell::{Cell, RefCell};
use std::ffi::{CStr, CString, c_char};

/// One attached instance of the front end.
pub struct FrontEnd {
    api: &'static ttt_host_api,
    host: *mut ttt_host,
    /// Store handles: the root, and one scoped to each feature. [until-detach]
    root: *mut ttt_store,
    login: *mut ttt_store,
    two_factor: *mut ttt_store,
    new_game: *mut ttt_store,
    game: *mut ttt_store,
    /// Where screens go: the terminal, or the file given as the argument.
    output: *mut ttt_output,
    subscription: Cell<u64>,
    /// The screen drawn last, so that an unchanged one is not drawn again.
    last_screen: RefCell<String>,
    /// A settle is in progress: consume no more lines until on_settled.
    settling: Cell<bool>,
    /// It asked to quit or to switch: consume no more input at all.
    leaving: Cell<bool>,
}

impl FrontEnd {
    /// Opens the output, takes the handles, subscribes, and renders the current state at once
    /// (attached mid-game, it shows the game where it is). Returns the instance, for detach to
    /// free with `Box::from_raw`.
    pub fn attach(
        api: &'static ttt_host_api,
        host: *mut ttt_host,
        info: &ttt_attach_info,
    ) -> Result<*mut FrontEnd, ttt_status> {
        let log_error =
            |message: &CStr| unsafe { (api.log)(host, TTT_LOG_ERROR, message.as_ptr()) };
        // Mirrored as 1.3, with every routine: a host whose table ends earlier is refused.
        if (api.struct_size as usize) < size_of::<ttt_host_api>() {
            log_error(c"rust needs a host whose routine table reaches note (ABI 1.3)");
            return Err(TTT_ERR_UNSUPPORTED);
        }
        // SAFETY: `argument` is NULL or a NUL-terminated string, for this call.
        let argument = unsafe { text(info.argument) };
        if argument.is_empty() && !info.owns_terminal {
            log_error(c"as an observer, rust needs an output file: --frontend PATH:FILE");
            return Err(TTT_ERR_INVALID_ARGUMENT);
        }
        let path = CString::new(argument).map_err(|_| TTT_ERR_INVALID_ARGUMENT)?;
        let path = if path.is_empty() { std::ptr::null() } else { path.as_ptr() };
        // SAFETY: the host opens a file, or the terminal for NULL, and closes it after detach.
        let output = unsafe { (api.open_output)(host, path, 0) };
        if output.is_null() {
            log_error(unsafe { CStr::from_ptr((api.last_error)(host)) });
            return Err(TTT_ERR_INVALID_ARGUMENT);
        }
        // SAFETY: handles exist even while their feature is off screen, until detach.
        let root = unsafe { (api.root)(host) };
        let scope = |feature| unsafe { (api.scope)(root, feature) };
        let instance = Box::into_raw(Box::new(FrontEnd {
            api,
            host,
            root,
            login: scope(TTT_FEATURE_LOGIN),
            two_factor: scope(TTT_FEATURE_TWO_FACTOR),
            new_game: scope(TTT_FEATURE_NEW_GAME),
            game: scope(TTT_FEATURE_GAME),
            output,
            subscription: Cell::new(0),
            last_screen: RefCell::new(String::new()),
            settling: Cell::new(false),
            leaving: Cell::new(false),
        }));
        // The root handle reads the whole app: its subscription hears about every change.
        // Its context is the instance, which stays where it is until detach frees it.
        let subscription = unsafe { (api.subscribe)(root, crate::on_change, instance.cast()) };
        // SAFETY: just made; only shared references are made of it from now on.
        let front_end = unsafe { &*instance };
        front_end.subscription.set(subscription);
        front_end.render();
        Ok(instance)
    }

    /// Ends the subscription; the host closes the output, and there is nothing to restore.
    pub fn detach(&self) {
        unsafe { (self.api.unsubscribe)(self.host, self.subscription.get()) };
    }

    /// Where a panic in a callback is logged.
    pub fn log_target(&self) -> (&ttt_host_api, *mut ttt_host) {
        (self.api, self.host)
    }

    /// Draws the screen on top, unless it is the one drawn last.
    pub fn render(&self) {
        let Some(root) = self.read(self.api.read_root, self.root) else {
            return;
        };
        let mut text = screen::replay_banner(&root);
        if root.active == TTT_FEATURE_LOGIN {
            let login = self.read(self.api.read_login, self.login);
            match login {
                Some(login) if login.is_two_factor_presented => {
                    if let Some(two_factor) = self.read(self.api.read_two_factor, self.two_factor) {
                        text += &screen::two_factor(&two_factor);
                    }
                }
                Some(login) => text += &screen::login(&login),
                None => {}
            }
        } else if let Some(new_game) = self.read(self.api.read_new_game, self.new_game) {
            if !new_game.is_game_presented {
                text += &screen::new_game(&new_game);
            } else if let Some(game) = self.read(self.api.read_game, self.game) {
                text += &screen::game(&game);
            }
        }
        if *self.last_screen.borrow() == text {
            return;
        }
        self.write(&text);
        self.last_screen.replace(text);
    }

    /// Handles whole lines, one at a time, and returns how many bytes they took. After each it
    /// asks the host to settle and stops: the host holds the rest until the effects the line
    /// started are over, then hands it again. A partial line stays with the host.
    pub fn consume(&self, input: &[u8], is_end: bool) -> usize {
        let mut consumed = 0;
        while !self.settling.get() && !self.leaving.get() && consumed < input.len() {
            let rest = &input[consumed..];
            let (line, length) = match rest.iter().position(|&byte| byte == b'\n') {
                Some(newline) => (&rest[..newline], newline + 1),
                None if is_end => (rest, rest.len()),
                None => break,
            };
            consumed += length;
            let line = String::from_utf8_lossy(line);
            self.handle(line.trim_end_matches('\r'));
            if self.leaving.get() {
                break;
            }
            self.settling.set(self.request(TTT_REQUEST_SETTLE, "") == TTT_OK);
        }
        consumed
    }

    /// The settle asked for after a line is over: the host hands the next lines again.
    pub fn settled(&self, timed_out: bool) {
        self.settling.set(false);
        if timed_out {
            self.say("still waiting for the server; continuing");
        }
    }

    /// Carries out one line.
    fn handle(&self, line: &str) {
        let on_screen = |feature| unsafe { (self.api.is_active)(self.handle_for(feature)) };
        match commands::parse(line, on_screen) {
            Command::Nothing => {}
            Command::Send { feature, tag, text, row, column } => {
                let Ok(text) = CString::new(text.unwrap_or_default()) else {
                    return self.say("a line may not hold a NUL byte");
                };
                let action = ttt_action {
                    struct_size: size_of::<ttt_action>() as u32,
                    tag,
                    text: text.as_ptr(),
                    row,
                    column,
                };
                // The host copies the text; it checks the intent and says why it refuses one.
                self.check(unsafe { (self.api.send)(self.handle_for(feature), &action) });
            }
            Command::Password(password) => {
                let Ok(password) = CString::new(password) else {
                    return self.say("a line may not hold a NUL byte");
                };
                // The password cannot be read, only edited: clear it, then type the new one.
                let edit = |edit, text: *const c_char| unsafe {
                    (self.api.edit_text)(self.login, TTT_FIELD_LOGIN_PASSWORD, edit, text)
                };
                self.check(edit(TTT_EDIT_CLEAR, std::ptr::null()));
                self.check(edit(TTT_EDIT_APPEND, password.as_ptr()));
            }
            Command::Request { kind, argument } => {
                // Carried out after this callback: once accepted, the rest of the input is for
                // whoever comes next.
                let status = self.request(kind, argument);
                self.leaving.set(status == TTT_OK);
                self.check(status);
            }
            Command::Refused(reason) => self.say(reason),
        }
    }

    fn handle_for(&self, feature: u32) -> *mut ttt_store {
        match feature {
            TTT_FEATURE_LOGIN => self.login,
            TTT_FEATURE_TWO_FACTOR => self.two_factor,
            TTT_FEATURE_NEW_GAME => self.new_game,
            TTT_FEATURE_GAME => self.game,
            _ => self.root,
        }
    }

    fn request(&self, kind: u32, argument: &str) -> ttt_status {
        let Ok(argument) = CString::new(argument) else {
            return TTT_ERR_INVALID_ARGUMENT;
        };
        let argument = if argument.is_empty() { std::ptr::null() } else { argument.as_ptr() };
        unsafe { (self.api.request)(self.host, kind, argument) }
    }

    /// Shows the host's reason when a routine refused ("row 2, column 3 is taken").
    fn check(&self, status: ttt_status) {
        if status != TTT_OK {
            // SAFETY: last_error is a NUL-terminated string, valid until its next call.
            let reason = unsafe { text((self.api.last_error)(self.host)) };
            self.say(&reason);
        }
    }

    /// A line for the user, after the screen.
    fn say(&self, message: &str) {
        self.write(&format!("! {message}\n"));
    }

    /// Queues `text` on the output; the host never blocks, and deals with a failed output
    /// itself (it detaches an observer, and ends when the terminal fails).
    fn write(&self, text: &str) {
        unsafe { (self.api.write)(self.output, text.as_ptr().cast(), text.len()) };
    }

    /// Fills a state struct through `store`, or `None` when its feature is not on screen.
    fn read<T: StateStruct>(&self, routine: ReadRoutine<T>, store: *mut ttt_store) -> Option<T> {
        // SAFETY: StateStruct: all zero bits are valid, and it starts with a u32 struct_size,
        // which says how much the host may fill.
        let mut state: T = unsafe { std::mem::zeroed() };
        unsafe { (&raw mut state).cast::<u32>().write(size_of::<T>() as u32) };
        (unsafe { routine(store, &mut state) } == TTT_OK).then_some(state)
    }
}

/// A NUL-terminated string the host gave, or "" for NULL; copied, since the host's strings
/// last only until the next read or call.
///
/// # Safety
/// `pointer` is NULL or a NUL-terminated string.
pub unsafe fn text(pointer: *const c_char) -> String {
    if pointer.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(pointer) }.to_string_lossy().into_owned()
}
