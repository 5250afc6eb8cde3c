"""What the tests share: where the real host and the schemas are."""

import os
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[3]
"""The repository's root (clients/python/tests/ is three levels down)."""


def host_path() -> str:
    """The built host: ``$TICTACTOE``, or ``.build/debug/tictactoe`` in the repository."""
    path = os.path.abspath(
        os.environ.get("TICTACTOE") or REPOSITORY / ".build" / "debug" / "tictactoe"
    )
    if not os.access(path, os.X_OK):
        raise FileNotFoundError(f"no tictactoe host at {path}: run `swift build` or set TICTACTOE")
    return path


HANG_GUARD = 60.0
"""Seconds any wait may take before a test fails: only a guard against a hung host."""
