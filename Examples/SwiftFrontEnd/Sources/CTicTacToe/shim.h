// Found through the include directory pkg-config gives: PREFIX/include/tictactoe.
#include <tictactoe_frontend.h>
