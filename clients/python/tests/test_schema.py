"""The JSON Schemas in Documentation/ against the real host's output and the client's requests.

Needs the ``jsonschema`` package (``pip install jsonschema``); the client itself does not.
"""

import copy
import json
import os
import subprocess
import tempfile
import unittest
from typing import Any, Callable, Dict, List, Tuple

from jsonschema import Draft202012Validator

from tictactoe_client import Client, RefusedError

from .support import HANG_GUARD, REPOSITORY, host_path


def validator(name: str) -> Draft202012Validator:
    """A validator for Documentation/jsonl-NAME.schema.json, itself checked against the draft."""
    with open(REPOSITORY / "Documentation" / f"jsonl-{name}.schema.json") as file:
        schema = json.load(file)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


EVENTS = validator("events")
REQUESTS = validator("requests")


class Transcript:
    """Every line a client sent and received, decoded, for checking afterwards."""

    def __init__(self) -> None:
        self.lines: List[Tuple[str, Dict[str, Any]]] = []

    def __call__(self, direction: str, line: bytes) -> None:
        self.lines.append((direction, json.loads(line)))

    def of(self, direction: str) -> List[Dict[str, Any]]:
        """The lines that went in ``direction`` ("sent" or "received")."""
        return [line for way, line in self.lines if way == direction]


class SchemaTestCase(unittest.TestCase):
    def assertValid(self, validator: Draft202012Validator, lines: List[Dict[str, Any]]) -> None:
        for line in lines:
            errors = [error.message for error in validator.iter_errors(line)]
            self.assertEqual(errors, [], f"{json.dumps(line)} is not valid")

    def assertInvalid(self, validator: Draft202012Validator, line: Dict[str, Any]) -> None:
        self.assertFalse(validator.is_valid(line), f"{json.dumps(line)} should be invalid")


class WholeSessionTests(SchemaTestCase):
    def test_every_line_of_a_whole_session_matches_the_schemas(self) -> None:
        transcript = Transcript()
        with tempfile.TemporaryDirectory() as directory:
            recording = os.path.join(directory, "session.jsonl")
            game = Client.start(
                ["--auth-delay", "0", "--record", recording],
                executable=host_path(),
                timeout=HANG_GUARD,
                trace=transcript,
            )
            refusals = self.play(game)
            self.assertEqual(game.quit(), 0)
            replayed = self.replay(recording)

        received = transcript.of("received")
        self.assertValid(EVENTS, received)
        self.assertValid(REQUESTS, transcript.of("sent"))
        self.assertValid(EVENTS, replayed)
        # The session went through every kind of event and every screen.
        self.assertEqual(
            {event["type"] for event in received + replayed},
            {"hello", "state", "action", "error", "history", "replay"},
        )
        self.assertTrue(replayed[-1]["over"] if replayed[-1]["type"] == "replay" else False)
        screens = {entry["screen"] for event in received if event["type"] == "history"
                   for entry in event["states"]}
        self.assertEqual(screens, {"login", "twoFactor", "newGame", "game"})
        self.assertIn("login.loginResponse.failure", [event.get("action") for event in received])
        # Action events carry their payload: cells counted from 0, as sent; secrets redacted.
        taps = [event["payload"] for event in received
                if event.get("action") == "newGame.game.cellTapped"]
        self.assertEqual(taps[:2], [{"row": 0, "column": 0}, {"row": 1, "column": 0}])
        passwords = [event["payload"] for event in received
                     if event.get("action") == "login.view.binding.password"]
        self.assertEqual(passwords, [{"value": "<redacted>"}] * 2)
        self.assertGreaterEqual(refusals, 8)

    def play(self, game: Client) -> int:
        """Logs in (a wrong password, then two factors with a short and a wrong code), plays a
        game to a win, quits one after a confirmation, rewinds; returns how many requests were
        refused."""
        refusals = 0

        def refused(action: str, **payload: Any) -> None:
            nonlocal refusals
            with self.assertRaises(RefusedError):
                game.act(action, **payload)
            refusals += 1

        refused("newGame.letsPlayButtonTapped")
        refused("login.view.loginButtonTapped")
        with self.assertRaises(RefusedError):
            game.command("rewind", to=10_000)
        refusals += 1

        game.act("login.view.binding.email", value="blob@pointfree.co")
        game.act("login.view.binding.password", value="wrong")
        game.act("login.view.loginButtonTapped")
        game.command("settle")
        self.assertIsNotNone(game.state["login"]["alert"])
        game.act("login.alert.dismiss")

        game.act("login.view.binding.email", value="blob-2fa@pointfree.co")
        game.act("login.view.binding.password", value="password")
        self.assertEqual(game.state["login"]["password"], "<redacted>")
        game.act("login.view.loginButtonTapped")
        game.command("settle")
        self.assertEqual(game.screen, "twoFactor")
        refused("login.view.binding.email", value="x@y.z")
        game.act("login.twoFactor.view.binding.code", value="12")
        refused("login.twoFactor.view.submitButtonTapped")
        game.act("login.twoFactor.view.binding.code", value="0000")
        game.act("login.twoFactor.view.submitButtonTapped")
        game.command("settle")
        self.assertIsNotNone(game.state["login"]["twoFactor"]["alert"])
        game.act("login.twoFactor.alert.dismiss")
        game.act("login.twoFactor.view.binding.code", value="1234")
        game.act("login.twoFactor.view.submitButtonTapped")
        game.command("settle")
        self.assertEqual(game.screen, "newGame")

        refused("newGame.letsPlayButtonTapped")
        game.act("newGame.binding.xPlayerName", value="Blob")
        game.act("newGame.binding.oPlayerName", value="Blub")
        game.act("newGame.letsPlayButtonTapped")
        for row, column in [(0, 0), (1, 0), (0, 1), (1, 1)]:
            game.act("newGame.game.cellTapped", row=row, column=column)
        refused("newGame.game.cellTapped", row=1, column=1)
        game.act("newGame.game.cellTapped", row=0, column=2)
        self.assertEqual(game.state["newGame"]["game"]["winner"], "x")
        refused("newGame.game.cellTapped", row=2, column=2)
        game.act("newGame.game.playAgainButtonTapped")

        game.act("newGame.game.cellTapped", row=2, column=2)
        game.act("newGame.game.quitButtonTapped")
        self.assertIsNotNone(game.state["newGame"]["game"]["alert"])
        refused("newGame.game.cellTapped", row=0, column=0)
        game.act("newGame.game.alert.dismiss")
        game.act("newGame.game.quitButtonTapped")
        game.act("newGame.game.alert.confirmQuitButtonTapped")
        self.assertEqual(game.screen, "newGame")
        self.assertEqual(
            game.state["newGame"]["scoreboard"],
            {"standings": [{"name": "Blob", "wins": 1}], "ties": 0},
        )

        (history,) = game.command("history")
        in_game = [entry["seq"] for entry in history["states"] if entry["screen"] == "game"]
        game.command("rewind", to=in_game[0])
        self.assertEqual(game.screen, "game")
        game.command("snapshot")
        game.command("settle")
        return refusals

    def replay(self, recording: str) -> List[Dict[str, Any]]:
        """The events of ``tictactoe replay RECORDING --frontend jsonl``, with no input."""
        result = subprocess.run(
            [host_path(), "replay", recording, "--frontend", "jsonl"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=HANG_GUARD,
            check=True,
        )
        return [json.loads(line) for line in result.stdout.splitlines()]

    def test_a_socket_session_matches_the_schemas(self) -> None:
        transcript = Transcript()
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "game.sock")
            host = Client.start(
                ["--listen", path], executable=host_path(), stderr=subprocess.DEVNULL,
                timeout=HANG_GUARD,
            )
            # The socket's path is in the first line: nothing to scrape from standard error.
            self.assertEqual(host.hello["listening"], path)
            with Client.connect(host.hello["listening"], timeout=HANG_GUARD,
                                trace=transcript) as remote:
                remote.act("login.view.binding.email", value="blob@pointfree.co")
                remote.send({"command": "frontend", "name": "text"})
                refusal = remote.next_event(HANG_GUARD)
                self.assertEqual(refusal["type"], "error", "a client cannot take the terminal")
                remote.quit()
            self.assertEqual(host.close(), 0)
        received = transcript.of("received")
        self.assertIs(received[0].get("remote"), True)
        self.assertValid(EVENTS, received)


class StrictnessTests(SchemaTestCase):
    """The schemas refuse what the host must never write or accept, so a test can fail."""

    HELLO = {"type": "hello", "seq": 1, "protocol": "tictactoe-jsonl", "version": 1}
    LOGIN = {
        "type": "state",
        "seq": 2,
        "state": {
            "login": {
                "email": "",
                "password": "<redacted>",
                "isFormValid": False,
                "isLoginRequestInFlight": False,
                "alert": None,
                "twoFactor": None,
            }
        },
    }

    def changed(self, event: Dict[str, Any], change: Callable[[Dict[str, Any]], None]) -> Dict:
        copied = copy.deepcopy(event)
        change(copied)
        return copied

    def test_the_examples_are_valid(self) -> None:
        self.assertValid(EVENTS, [self.HELLO, self.LOGIN])

    def test_events_that_break_the_protocol_are_invalid(self) -> None:
        self.assertInvalid(EVENTS, {**self.HELLO, "version": 2})
        self.assertInvalid(EVENTS, {**self.HELLO, "seq": 0})
        self.assertInvalid(EVENTS, {"type": "goodbye", "seq": 3})
        self.assertInvalid(EVENTS, {"type": "error", "seq": 3})
        self.assertInvalid(EVENTS, {"type": "action", "seq": 3, "action": "login.x"})
        tap = {"type": "action", "seq": 3, "action": "newGame.game.cellTapped",
               "origin": "frontend", "payload": {"row": 0, "column": 2}}
        self.assertValid(EVENTS, [tap])
        self.assertInvalid(EVENTS, {**tap, "payload": {"row": 3, "column": 2}})
        self.assertInvalid(EVENTS, {**tap, "payload": {"row": 0}})
        typed = {"type": "action", "seq": 3, "action": "login.view.binding.password",
                 "origin": "frontend", "payload": {"value": "<redacted>"}}
        self.assertValid(EVENTS, [typed])
        self.assertInvalid(EVENTS, {**typed, "payload": {"value": "pw"}})
        self.assertInvalid(
            EVENTS, self.changed(self.LOGIN, lambda e: e["state"]["login"].update(password="pw"))
        )
        self.assertInvalid(EVENTS, self.changed(self.LOGIN, lambda e: e["state"].update(newGame=None)))
        self.assertInvalid(
            EVENTS, self.changed(self.LOGIN, lambda e: e["state"]["login"].update(extra=1))
        )

    def test_requests_that_the_host_refuses_are_invalid(self) -> None:
        self.assertValid(REQUESTS, [{"action": "newGame.game.cellTapped", "row": 2, "column": 0}])
        self.assertInvalid(REQUESTS, {"action": "newGame.game.cellTapped", "row": 3, "column": 0})
        self.assertInvalid(REQUESTS, {"action": "newGame.game.cellTapped", "row": 1})
        self.assertInvalid(REQUESTS, {"action": "login.loginResponse.success"})
        self.assertInvalid(REQUESTS, {"action": "login.view.loginButtonTapped", "value": ""})
        self.assertInvalid(REQUESTS, {"command": "snapshot", "action": "login.alert.dismiss"})
        self.assertInvalid(REQUESTS, {"command": "attach"})
        self.assertInvalid(REQUESTS, {"command": "rewind", "to": 0})
        self.assertInvalid(REQUESTS, {"command": "settle", "id": None})


if __name__ == "__main__":
    unittest.main()
