//! A tictactoe front end in Rust, with no crates: plain text screens, one command per line,
//! like `Examples/CFrontEnd/mine.c`. The host loads `libtictactoe_rust.so` with dlopen, calls
//! `tictactoe_frontend_entry`, and from then on calls the callbacks of its descriptor.
//!
//! This file is the boundary: the descriptor, the entry symbol, and one `extern "C"` function
//! per callback. Each runs its body under `catch_unwind`, so that no panic crosses the ABI
//! (the header forbids it): a panic becomes a status, or is logged and dropped.

pub mod abi;
mod commands;
mod front_end;
mod screen;

use abi::*;
use front_end::FrontEnd;
use std::any::Any;
use std::ffi::{CString, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

/// Runs `body`, and turns a panic into `fallback`, logged through the host as `callback`'s
/// error (when there is a host to log to): no unwinding leaves a callback.
fn shielded<R>(
    log_to: Option<(&ttt_host_api, *mut ttt_host)>,
    callback: &str,
    fallback: R,
    body: impl FnOnce() -> R,
) -> R {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|panic| {
        if let Some((api, host)) = log_to {
            let message = format!("{callback} panicked: {}", panic_message(&*panic));
            let line = CString::new(message.replace('\0', " ")).unwrap_or_default();
            // SAFETY: `host` is this attachment's, and `line` a NUL-terminated string.
            unsafe { (api.log)(host, TTT_LOG_ERROR, line.as_ptr()) };
        }
        fallback
    })
}

/// The text a panic was raised with.
fn panic_message(panic: &(dyn Any + Send)) -> &str {
    if let Some(text) = panic.downcast_ref::<&str>() {
        text
    } else if let Some(text) = panic.downcast_ref::<String>() {
        text
    } else {
        "(no message)"
    }
}

/// The instance behind a callback's `instance` pointer, made in `attach`.
///
/// # Safety
/// `pointer` is what attach stored, and detach has not freed it yet.
unsafe fn instance<'a>(pointer: *mut c_void) -> &'a FrontEnd {
    // SAFETY: as the caller promises; only shared references are ever made of it, since the
    // host may call one callback inside another (a change callback inside our own send).
    unsafe { &*pointer.cast::<FrontEnd>() }
}

/// Makes an instance for this attachment; a failure or a panic is a status, logged.
unsafe extern "C" fn attach(
    api: *const ttt_host_api,
    host: *mut ttt_host,
    info: *const ttt_attach_info,
    out_instance: *mut *mut c_void,
) -> ttt_status {
    // SAFETY: the host passes a table that lives until detach, and `info` for this call.
    let (api, info): (&'static ttt_host_api, _) = unsafe { (&*api, &*info) };
    shielded(Some((api, host)), "attach", TTT_ERR_INVALID_ARGUMENT, || {
        match FrontEnd::attach(api, host, info) {
            Ok(instance) => {
                // SAFETY: the host gives a place for the instance pointer.
                unsafe { *out_instance = instance.cast() };
                TTT_OK
            }
            Err(status) => status,
        }
    })
}

/// Ends the subscription and frees the instance.
unsafe extern "C" fn detach(pointer: *mut c_void) {
    // SAFETY: attach made it; the host calls detach once, last.
    let front_end = unsafe { instance(pointer) };
    shielded(Some(front_end.log_target()), "detach", (), || front_end.detach());
    // SAFETY: no callback runs after detach, so nothing refers to the instance any more.
    drop(unsafe { Box::from_raw(pointer.cast::<FrontEnd>()) });
}

/// Input for the terminal owner: returns how many bytes whole lines took.
unsafe extern "C" fn consume_input(
    pointer: *mut c_void,
    bytes: *const u8,
    length: usize,
    flags: u32,
) -> usize {
    // SAFETY: attach made the instance. `bytes` may be NULL when `length` is 0.
    let front_end = unsafe { instance(pointer) };
    let input =
        if length == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(bytes, length) } };
    // A panic consumes the whole input: handing the same bytes again would panic again.
    shielded(Some(front_end.log_target()), "consume_input", length, || {
        front_end.consume(input, flags & TTT_INPUT_END != 0)
    })
}

/// The settle asked for after a line is over.
unsafe extern "C" fn on_settled(pointer: *mut c_void, timed_out: bool) {
    // SAFETY: attach made the instance.
    let front_end = unsafe { instance(pointer) };
    shielded(Some(front_end.log_target()), "on_settled", (), || front_end.settled(timed_out));
}

/// The change callback given to subscribe; its context is the instance.
pub(crate) unsafe extern "C" fn on_change(pointer: *mut c_void) {
    // SAFETY: the subscription is ended in detach, before the instance is freed.
    let front_end = unsafe { instance(pointer) };
    shielded(Some(front_end.log_target()), "on_change", (), || front_end.render());
}

/// The descriptor: static data, static strings.
static DESCRIPTOR: ttt_frontend_descriptor = ttt_frontend_descriptor {
    struct_size: size_of::<ttt_frontend_descriptor>() as u32,
    abi_major: TTT_ABI_VERSION_MAJOR,
    abi_minor: TTT_ABI_VERSION_MINOR,
    name: c"rust".as_ptr(),
    description: c"Example front end in Rust: plain text screens, one command per line".as_ptr(),
    version: c"1.0.0".as_ptr(),
    flags: TTT_FRONTEND_READS_INPUT | TTT_FRONTEND_WRITES_TERMINAL,
    attach,
    detach,
    on_input: None, // ABI 1.0 and 1.1 input; consume_input replaces it
    on_resize: None,
    on_suspend: None, // it never changes the terminal's modes
    on_settled: Some(on_settled),
    consume_input: Some(consume_input),
    on_notice: None, // a line on standard error, the host's, is this terminal's notice too
};

/// The one exported symbol: the host calls it right after dlopen.
#[unsafe(no_mangle)]
pub extern "C" fn tictactoe_frontend_entry() -> *const ttt_frontend_descriptor {
    // Rust's default panic hook writes to standard error, a descriptor that belongs to the
    // host: keep it quiet, since `shielded` logs every panic through the host instead.
    static QUIET_PANICS: Once = Once::new();
    QUIET_PANICS.call_once(|| std::panic::set_hook(Box::new(|_| {})));
    &DESCRIPTOR
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_fallback_and_its_message_is_kept() {
        let status =
            shielded(None, "attach", TTT_ERR_INVALID_ARGUMENT, || -> ttt_status { panic!("boom") });
        assert_eq!(status, TTT_ERR_INVALID_ARGUMENT);
        assert_eq!(shielded(None, "attach", TTT_ERR_INVALID_ARGUMENT, || TTT_OK), TTT_OK);
        let panic = catch_unwind(|| panic!("row {} of {}", 4, 3)).unwrap_err();
        assert_eq!(panic_message(&*panic), "row 4 of 3");
    }
}
