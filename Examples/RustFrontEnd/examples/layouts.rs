//! Prints the layout of every mirrored struct and the value of every mirrored constant, one a
//! line, for the repository's layout test to compare with what a C compiler makes of the
//! header:
//!
//!   size ttt_root_state 48
//!   offset ttt_root_state revision 8
//!   constant TTT_OK 0
use tictactoe_rust::abi::{CONSTANTS, LAYOUTS};

fn main() {
    for layout in LAYOUTS {
        println!("size {} {}", layout.name, layout.size);
        for (field, offset) in layout.fields {
            // A field named after a Rust keyword is a raw identifier: r#type is C's `type`.
            println!("offset {} {} {}", layout.name, field.trim_start_matches("r#"), offset);
        }
    }
    for (name, value) in CONSTANTS {
        println!("constant {name} {value}");
    }
}
