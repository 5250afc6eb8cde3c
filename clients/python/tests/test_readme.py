"""The Python examples of the READMEs run, against the real host, and print what they say."""

import os
import re
import subprocess
import sys
import unittest

from .support import HANG_GUARD, REPOSITORY, host_path


def example(readme: str, heading: str) -> str:
    """The first ```python block after ``heading`` in ``readme`` (relative to the repository)."""
    text = (REPOSITORY / readme).read_text()
    section = text[text.index(heading) :]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match, f"no Python example after {heading!r} in {readme}"
    return match.group(1)


def run(code: str) -> str:
    """What ``code`` prints, run from the repository's root with ``$TICTACTOE`` set."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPOSITORY,
        env={**os.environ, "TICTACTOE": host_path()},
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    if result.returncode != 0:
        raise AssertionError(f"the example failed:\n{result.stderr}")
    return result.stdout


class ReadmeTests(unittest.TestCase):
    def test_the_readmes_example_logs_in_and_plays_the_first_free_cell(self) -> None:
        self.assertEqual(run(example("README.md", "### From Python")), "['x', None, None]\n")

    def test_the_packages_example_plays_the_centre(self) -> None:
        output = run(example("clients/python/README.md", "pip install"))
        self.assertEqual(output, "[[None, None, None], [None, 'x', None], [None, None, None]]\n")


if __name__ == "__main__":
    unittest.main()
