// The ABI is header-only; SwiftPM needs one source file to make a C target of it.
#include "tictactoe_frontend.h"
