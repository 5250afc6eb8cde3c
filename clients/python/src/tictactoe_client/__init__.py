"""Drive and watch tictactoe through its JSON-lines protocol (version 1).

    from tictactoe_client import Client

    with Client.start(["--auth-delay", "0"]) as game:
        game.act("login.view.binding.email", value="blob@pointfree.co")
        print(game.state["login"]["email"])

Pure standard library. The protocol is described in the repository's
Documentation/JSONLines.md, and checked by the JSON Schemas next to it.
"""

from .client import (
    DEFAULT_TIMEOUT,
    Client,
    ClosedError,
    Event,
    ProtocolError,
    RefusedError,
    State,
    screen,
)

__all__ = [
    "DEFAULT_TIMEOUT",
    "Client",
    "ClosedError",
    "Event",
    "ProtocolError",
    "RefusedError",
    "State",
    "screen",
]
