"""The root command: version, help, and the one-line error boundary."""

import subprocess
import sys

from generator import __version__


def run(*args):
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True)


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"skirmish {__version__}"


def test_unknown_option_is_one_line_exit_2():
    result = run("--no-such-option")
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "no-such-option" in result.stderr
    assert "Traceback" not in result.stderr
