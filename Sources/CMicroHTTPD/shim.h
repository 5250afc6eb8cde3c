/* libmicrohttpd (Debian's libmicrohttpd-dev), the web front end's HTTP server. Its header
 * expects the socket types declared first. */
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>
