"""The client: one JSON-lines session with a tictactoe host, as a process or a socket."""

from __future__ import annotations

import json
import os
import queue
import socket
import subprocess
import threading
import time
from typing import IO, Any, Callable, Dict, Iterator, List, Optional, Sequence, Union

Event = Dict[str, Any]
"""One event the host wrote: a JSON object with at least ``type`` and ``seq``."""

State = Dict[str, Any]
"""The whole state of a ``state`` event: ``{"login": {...}}`` or ``{"newGame": {...}}``."""

DEFAULT_TIMEOUT = 30.0
"""Seconds to wait for an answer by default: longer than the host's default settle timeout."""

# The reader thread's mark for the end of the host's output.
_END = object()


class ProtocolError(Exception):
    """The host's output is not this protocol (a line that is not a JSON object, no ``hello``)."""


class ClosedError(Exception):
    """The host's output ended (it exited, or closed the connection) while an answer was awaited."""


class RefusedError(Exception):
    """The host answered a request with an ``error`` event; ``event`` is that event."""

    def __init__(self, event: Event) -> None:
        super().__init__(event.get("message", "refused"))
        self.event = event

    @property
    def message(self) -> str:
        """The error event's message: why the host refused the line."""
        return str(self.event.get("message", ""))


def screen(state: State) -> str:
    """The screen on top in ``state``: ``"login"``, ``"twoFactor"``, ``"newGame"`` or ``"game"``.

    The same names as the ``history`` event's ``screen`` field.
    """
    if "login" in state:
        return "twoFactor" if state["login"].get("twoFactor") else "login"
    new_game = state.get("newGame") or {}
    return "game" if new_game.get("game") else "newGame"


class Client:
    """One session of the JSON-lines protocol: events in, requests out.

    Make one with :meth:`start` (runs ``tictactoe --frontend jsonl``) or :meth:`connect` (a
    client of ``tictactoe --listen``). The ``hello`` event has been read by then, so
    :attr:`state` holds the first state. Use it as a context manager to close it at the end.

    Events arrive in order, each once: iterate the client (or call :meth:`next_event`) to read
    them, or let :meth:`request`, :meth:`act` and :meth:`wait_for` read them for you. Every
    ``state`` event read, by any of these, updates :attr:`state`.

    A request is matched with its answer this way: the line goes out with an ``id``, followed by
    a ``{"command":"history"}`` line as a fence. The host handles lines in order and writes the
    events a line causes before it reads the next one, so the events before the fence's
    ``history`` event are the answer; an ``error`` event carrying the ``id`` means the host
    refused the line. The fence's ``history`` event is consumed, never shown.
    """

    def __init__(
        self,
        reader: IO[bytes],
        writer: IO[bytes],
        process: Optional[subprocess.Popen] = None,
        connection: Optional[socket.socket] = None,
        timeout: float = DEFAULT_TIMEOUT,
        trace: Optional[Callable[[str, bytes], None]] = None,
    ) -> None:
        """Wraps an open byte stream pair; prefer :meth:`start` or :meth:`connect`.

        Reads the ``hello`` and first ``state`` events, waiting at most ``timeout`` seconds.
        ``trace``, if given, is called with ``("sent", line)`` for every line sent and
        ``("received", line)`` for every line read, fences included (from the reading thread).
        """
        self._reader = reader
        self._writer = writer
        self._trace = trace
        self._process = process
        self._connection = connection
        self._events: "queue.Queue[object]" = queue.Queue()
        self._ended = False
        self._next_id = 0
        self._write_lock = threading.Lock()
        # What each `history` event answers, in the order sent: True for a fence, False for a
        # history the caller asked for.
        self._history_answers: List[bool] = []
        self._history_lock = threading.Lock()
        self.timeout = timeout
        """Seconds a call waits for the host by default."""
        self.state: State = {}
        """The state of the last ``state`` event read."""
        self._thread = threading.Thread(target=self._read, args=(reader,), daemon=True)
        self._thread.start()
        self.hello: Event = self._take(timeout)
        """The ``hello`` event: ``protocol``, ``version``, and ``remote`` on a socket."""
        if self.hello.get("type") != "hello" or self.hello.get("protocol") != "tictactoe-jsonl":
            raise ProtocolError(f"expected a tictactoe-jsonl hello event, got {self.hello!r}")
        self.wait_for(lambda state: True, timeout=timeout)

    # MARK: Making one

    @classmethod
    def start(
        cls,
        arguments: Sequence[str] = (),
        executable: Optional[str] = None,
        stderr: Union[int, IO[Any], None] = None,
        timeout: float = DEFAULT_TIMEOUT,
        trace: Optional[Callable[[str, bytes], None]] = None,
    ) -> "Client":
        """Starts ``executable --frontend jsonl ARGUMENTS...`` and talks to it through pipes.

        ``executable`` defaults to ``$TICTACTOE``, then ``tictactoe`` on the ``PATH``.
        ``arguments`` go after ``--frontend jsonl`` (``["--auth-delay", "0"]``, say).
        ``stderr`` is passed to :class:`subprocess.Popen` (the host's diagnostics; by default
        they go to this process's standard error). ``trace``: see :class:`Client`.
        """
        program = executable or os.environ.get("TICTACTOE") or "tictactoe"
        process = subprocess.Popen(
            [program, "--frontend", "jsonl", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
        assert process.stdout is not None and process.stdin is not None
        try:
            return cls(
                process.stdout, process.stdin, process=process, timeout=timeout, trace=trace
            )
        except BaseException:
            process.kill()
            process.wait()
            process.stdout.close()
            process.stdin.close()
            raise

    @classmethod
    def connect(
        cls,
        path: str,
        timeout: float = DEFAULT_TIMEOUT,
        trace: Optional[Callable[[str, bytes], None]] = None,
    ) -> "Client":
        """Connects to the socket at ``path`` that ``tictactoe --listen`` printed.

        The host goes on when this client leaves; :meth:`quit` and :meth:`close` end only this
        connection.
        """
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.connect(path)
            return cls(
                connection.makefile("rb"),
                connection.makefile("wb"),
                connection=connection,
                timeout=timeout,
                trace=trace,
            )
        except BaseException:
            connection.close()
            raise

    # MARK: Reading events

    def __iter__(self) -> Iterator[Event]:
        """Every event not read yet, in order, waiting for each; ends when the host's output
        ends."""
        while True:
            try:
                yield self.next_event(timeout=None)
            except ClosedError:
                return

    def next_event(self, timeout: Optional[float] = DEFAULT_TIMEOUT) -> Event:
        """The next event, waiting at most ``timeout`` seconds (``None``: for ever).

        Raises :class:`TimeoutError` when none came in time, :class:`ClosedError` when the
        host's output ended.
        """
        while True:
            event = self._take(timeout)
            if event.get("type") == "history" and self._answered_history():
                continue  # a fence's answer
            return event

    def wait_for(
        self, predicate: Callable[[State], bool], timeout: Optional[float] = None
    ) -> State:
        """Reads events until a state satisfies ``predicate``, and returns that state.

        The current :attr:`state` is tried first. The events read on the way are consumed.
        Raises :class:`TimeoutError` after ``timeout`` seconds (default :attr:`timeout`),
        :class:`ClosedError` if the host's output ends first.
        """
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not (self.state and predicate(self.state)):
            self.next_event(timeout=max(0.0, deadline - time.monotonic()))
        return self.state

    @property
    def screen(self) -> str:
        """The screen on top in :attr:`state` (see :func:`screen`)."""
        return screen(self.state)

    # MARK: Sending

    def send(self, line: Dict[str, Any]) -> None:
        """Sends one request line (an action or a command) without waiting for anything.

        ``{"action": "newGame.game.cellTapped", "row": 0, "column": 2}`` or
        ``{"command": "snapshot"}``. Raises :class:`ClosedError` if the host is gone.
        """
        if line.get("command") == "history":
            with self._history_lock:
                self._history_answers.append(False)
        self._write([line])

    def request(self, line: Dict[str, Any], timeout: Optional[float] = None) -> List[Event]:
        """Sends ``line`` and returns the events that answer it, once it has been handled.

        The line gets an ``id`` unless it has one. The answer is every event the host wrote
        while handling the line: for an action, its ``action`` event and the ``state`` it
        caused; for ``settle``, the events of the effects it waited for; for ``history``, the
        ``history`` event. Raises :class:`RefusedError` with the ``error`` event if the host
        refused the line, :class:`TimeoutError` after ``timeout`` seconds (default
        :attr:`timeout`), :class:`ClosedError` if the host's output ends first.

        Not for ``quit`` or ``frontend``, after which this session reads no more lines (use
        :meth:`quit` and :meth:`send`).
        """
        if line.get("command") in ("quit", "frontend"):
            raise ValueError(f"{line['command']!r} ends this session's input; use quit() or send()")
        if "id" not in line:
            self._next_id += 1
            line = {**line, "id": f"py-{self._next_id}"}
        with self._history_lock:
            if line.get("command") == "history":
                self._history_answers.append(False)
            self._history_answers.append(True)
        self._write([line, {"command": "history"}])
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        answer: List[Event] = []
        refusal: Optional[Event] = None
        while True:
            event = self._take(max(0.0, deadline - time.monotonic()))
            if event.get("type") == "history" and self._answered_history():
                break
            if event.get("type") == "error" and event.get("id") == line["id"] and refusal is None:
                refusal = event
            answer.append(event)
        if refusal is not None:
            raise RefusedError(refusal)
        return answer

    def act(self, action: str, /, timeout: Optional[float] = None, **payload: Any) -> List[Event]:
        """Sends the intent ``action`` with its payload fields and returns its answer.

        ``client.act("newGame.game.cellTapped", row=1, column=1)``; see :meth:`request`.
        """
        return self.request({"action": action, **payload}, timeout=timeout)

    def command(
        self, command: str, /, timeout: Optional[float] = None, **fields: Any
    ) -> List[Event]:
        """Sends the command ``command`` with its fields and returns its answer.

        ``client.command("settle")``, ``client.command("rewind", to=12)``,
        ``client.command("attach", name="jsonl:events.jsonl")``; see :meth:`request`.
        """
        return self.request({"command": command, **fields}, timeout=timeout)

    # MARK: Ending

    def quit(self, timeout: Optional[float] = None) -> Optional[int]:
        """Sends ``quit`` and reads the remaining events until the host's output ends.

        Returns the host's exit status when this client started it (0, or 6 if effects were
        still running at its settle timeout), ``None`` on a socket. The events read on the way
        are consumed (the ``state`` ones still update :attr:`state`).
        """
        self._write([{"command": "quit"}])
        return self._drain(timeout)

    def close(self, timeout: Optional[float] = None) -> Optional[int]:
        """Ends the input (the host settles and exits, or closes the connection), reads the
        remaining events, and returns as :meth:`quit` does. Safe to call twice."""
        try:
            if self._connection is not None:
                self._connection.shutdown(socket.SHUT_WR)
            else:
                self._writer.close()
        except OSError:
            pass
        return self._drain(timeout)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.close()
        except TimeoutError:
            if self._process is not None:  # a host that hangs is not left behind
                self._process.kill()
                self._process.wait()
            raise

    # MARK: Internals

    def _write(self, lines: List[Dict[str, Any]]) -> None:
        encoded = [json.dumps(line).encode() + b"\n" for line in lines]
        data = b"".join(encoded)
        try:
            with self._write_lock:
                self._writer.write(data)
                self._writer.flush()
                for line in encoded:
                    if self._trace:
                        self._trace("sent", line)
        except (BrokenPipeError, ConnectionError, ValueError) as error:
            raise ClosedError("the host no longer reads this session's input") from error

    def _answered_history(self) -> bool:
        """Notes that a history event came; whether it answered a fence."""
        with self._history_lock:
            return self._history_answers.pop(0) if self._history_answers else False

    def _take(self, timeout: Optional[float]) -> Event:
        """The next event from the reader thread; updates :attr:`state`."""
        if self._ended:
            raise ClosedError("the host's output ended")
        try:
            item = self._events.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no event from the host within {timeout} s") from None
        if item is _END:
            self._ended = True
            raise ClosedError("the host's output ended")
        if isinstance(item, Exception):
            raise item
        event: Event = item  # type: ignore[assignment]
        if event.get("type") == "state":
            self.state = event["state"]
        return event

    def _drain(self, timeout: Optional[float]) -> Optional[int]:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        try:
            while True:
                self._take(max(0.0, deadline - time.monotonic()))
        except ClosedError:
            pass
        self._thread.join()
        for stream in (self._reader, self._writer):
            try:
                stream.close()
            except OSError:
                pass  # a write still buffered to a host that is gone
        if self._connection is not None:
            self._connection.close()
            return None
        assert self._process is not None
        return self._process.wait(timeout=max(0.0, deadline - time.monotonic()))

    def _read(self, reader: IO[bytes]) -> None:
        """The reader thread: every output line, decoded, then the end mark."""
        try:
            for line in reader:
                if self._trace:
                    self._trace("received", line)
                try:
                    event = json.loads(line)
                except ValueError as error:
                    self._events.put(ProtocolError(f"not a JSON line: {line!r} ({error})"))
                    continue
                if not isinstance(event, dict):
                    self._events.put(ProtocolError(f"not a JSON object: {line!r}"))
                    continue
                self._events.put(event)
        except (OSError, ValueError):
            pass
        finally:
            self._events.put(_END)
