"""The client against the real host: ``tictactoe --frontend jsonl`` through pipes and a socket."""

import os
import subprocess
import tempfile
import unittest

from tictactoe_client import Client, ClosedError, ProtocolError, RefusedError, screen

from .support import HANG_GUARD, host_path


def start(*arguments: str) -> Client:
    """A host with an instant login server."""
    return Client.start(
        ["--auth-delay", "0", *arguments], executable=host_path(), timeout=HANG_GUARD
    )


def log_in(game: Client, email: str = "blob@pointfree.co") -> None:
    """Logs in as ``email`` (no second factor unless it contains 2fa) and waits for the answer."""
    game.act("login.view.binding.email", value=email)
    game.act("login.view.binding.password", value="password")
    game.act("login.view.loginButtonTapped")
    game.command("settle")


class StartingTests(unittest.TestCase):
    def test_start_reads_the_hello_and_the_first_state(self) -> None:
        with start() as game:
            self.assertEqual(game.hello["protocol"], "tictactoe-jsonl")
            self.assertEqual(game.hello["version"], 1)
            self.assertNotIn("remote", game.hello)
            self.assertEqual(game.state["login"]["email"], "")
            self.assertEqual(game.screen, "login")

    def test_a_program_that_is_not_the_host_is_an_error(self) -> None:
        # `true` exits at once without writing: no hello.
        with self.assertRaises(ClosedError):
            Client.start(executable="true", timeout=HANG_GUARD)

    def test_a_program_that_writes_something_else_is_a_protocol_error(self) -> None:
        # `echo` writes its arguments, `--frontend jsonl`: not a JSON line.
        with self.assertRaises(ProtocolError):
            Client.start(executable="echo", timeout=HANG_GUARD)


class RequestTests(unittest.TestCase):
    def test_an_action_is_answered_with_its_action_and_state_events(self) -> None:
        with start() as game:
            answer = game.act("login.view.binding.email", value="blob@pointfree.co")
            self.assertEqual(
                [(event["type"], event.get("action"), event.get("origin")) for event in answer],
                [("action", "login.view.binding.email", "frontend"), ("state", None, None)],
            )
            self.assertEqual(answer[1]["state"]["login"]["email"], "blob@pointfree.co")
            self.assertEqual(game.state["login"]["email"], "blob@pointfree.co")

    def test_a_refused_action_raises_with_the_hosts_reason_and_changes_nothing(self) -> None:
        with start() as game:
            with self.assertRaises(RefusedError) as refusal:
                game.act("login.view.loginButtonTapped")
            self.assertEqual(refusal.exception.event["type"], "error")
            self.assertIn("email", refusal.exception.message)
            self.assertRegex(str(refusal.exception.event["id"]), r"^py-\d+$")
            with self.assertRaises(RefusedError):
                game.act("newGame.game.cellTapped", row=0, column=0)
            self.assertEqual(game.state["login"]["email"], "")
            # The session goes on: the next request is answered normally.
            self.assertEqual(game.command("snapshot")[0]["type"], "state")

    def test_a_request_keeps_the_id_it_was_given(self) -> None:
        with start() as game:
            with self.assertRaises(RefusedError) as refusal:
                game.request({"command": "rewind", "to": 999, "id": 42})
            self.assertEqual(refusal.exception.event["id"], 42)
            self.assertIn("cannot rewind", refusal.exception.message)

    def test_settle_answers_with_the_events_of_the_effects_it_waited_for(self) -> None:
        with start() as game:
            game.act("login.view.binding.email", value="blob@pointfree.co")
            game.act("login.view.binding.password", value="password")
            game.act("login.view.loginButtonTapped")
            answer = game.command("settle")
            self.assertIn(
                ("login.loginResponse.success", "effect"),
                [(event.get("action"), event.get("origin")) for event in answer],
            )
            self.assertEqual(game.screen, "newGame")

    def test_history_asked_for_is_shown_while_fences_are_not(self) -> None:
        with start() as game:
            game.act("login.view.binding.email", value="a@b.c")
            (history,) = game.command("history")
            self.assertEqual(history["type"], "history")
            self.assertEqual([entry["screen"] for entry in history["states"]], ["login"] * 2)
            game.send({"command": "history"})
            game.send({"command": "snapshot"})
            self.assertEqual(game.next_event(HANG_GUARD)["type"], "history")
            self.assertEqual(game.next_event(HANG_GUARD)["type"], "state")

    def test_rewind_puts_the_state_back(self) -> None:
        with start() as game:
            first = game.command("snapshot")[0]["seq"]
            game.act("login.view.binding.email", value="a@b.c")
            game.command("rewind", to=first)
            self.assertEqual(game.state["login"]["email"], "")

    def test_quit_and_frontend_are_not_requests(self) -> None:
        with start() as game:
            for command in ("quit", "frontend"):
                with self.assertRaises(ValueError):
                    game.command(command, name="text")


class ReactingTests(unittest.TestCase):
    def test_wait_for_reads_events_until_the_state_satisfies_the_predicate(self) -> None:
        with start() as game:
            game.act("login.view.binding.email", value="blob@pointfree.co")
            game.act("login.view.binding.password", value="password")
            game.send({"action": "login.view.loginButtonTapped"})
            state = game.wait_for(lambda state: screen(state) == "newGame", timeout=HANG_GUARD)
            self.assertEqual(state["newGame"]["game"], None)
            self.assertIs(state, game.state)

    def test_wait_for_returns_at_once_when_the_state_already_satisfies_it(self) -> None:
        with start() as game:
            self.assertEqual(game.wait_for(lambda state: "login" in state, timeout=0), game.state)

    def test_wait_for_gives_up_with_a_timeout_error(self) -> None:
        with start() as game:
            with self.assertRaises(TimeoutError):
                game.wait_for(lambda state: "newGame" in state, timeout=0)

    def test_a_whole_game_by_reacting_to_state(self) -> None:
        with start() as game:
            log_in(game)
            game.act("newGame.binding.xPlayerName", value="Blob")
            game.act("newGame.binding.oPlayerName", value="Blub")
            game.act("newGame.letsPlayButtonTapped")
            # Each player takes the first free cell of their row until the game is over.
            rows = {"x": 0, "o": 1}
            while game.state["newGame"]["game"]["winner"] is None:
                board_state = game.state["newGame"]["game"]
                row = rows[board_state["currentPlayer"]]
                column = board_state["board"][row].index(None)
                game.act("newGame.game.cellTapped", row=row, column=column)
            self.assertEqual(game.state["newGame"]["game"]["winner"], "x")
            self.assertEqual(game.state["newGame"]["game"]["board"][0], ["x", "x", "x"])


class IteratingTests(unittest.TestCase):
    def test_the_iterator_yields_every_event_in_order_until_the_output_ends(self) -> None:
        game = start()
        game.send({"action": "login.view.binding.email", "value": "a@b.c"})
        game.send({"command": "quit"})
        events = list(game)
        self.assertEqual(
            [event["type"] for event in events], ["action", "state"], "after hello and state"
        )
        self.assertEqual([event["seq"] for event in events], [3, 4])
        self.assertEqual(game.close(), 0)

    def test_quit_returns_the_hosts_exit_status(self) -> None:
        game = start()
        game.act("login.view.binding.email", value="a@b.c")
        self.assertEqual(game.quit(), 0)
        with self.assertRaises(ClosedError):
            game.next_event(HANG_GUARD)

    def test_close_ends_the_input_and_the_host_exits(self) -> None:
        game = start()
        self.assertEqual(game.close(), 0)
        self.assertEqual(game.close(), 0)


class SocketTests(unittest.TestCase):
    def test_a_client_of_listen_drives_the_game_the_terminal_session_sees(self) -> None:
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "game.sock")
            host = Client.start(
                ["--auth-delay", "0", "--listen", path],
                executable=host_path(),
                stderr=subprocess.PIPE,
                timeout=HANG_GUARD,
            )
            process = host._process
            assert process is not None and process.stderr is not None
            # The host says where it listens once the socket takes clients.
            while "listening on" not in (line := process.stderr.readline().decode()):
                self.assertNotEqual(line, "", "the host ended its standard error")
            self.assertIn(path, line)
            with Client.connect(path, timeout=HANG_GUARD) as remote:
                self.assertIs(remote.hello.get("remote"), True)
                remote.act("login.view.binding.email", value="blob@pointfree.co")
                state = host.wait_for(
                    lambda state: state["login"]["email"] == "blob@pointfree.co",
                    timeout=HANG_GUARD,
                )
                self.assertEqual(state, remote.state)
                with self.assertRaises(RefusedError) as refusal:
                    remote.command("attach", name="nonexistent-front-end")
                self.assertIn("cannot attach", refusal.exception.message)
                self.assertIsNone(remote.quit())
            self.assertEqual(host.close(), 0)
            process.stderr.close()


if __name__ == "__main__":
    unittest.main()
