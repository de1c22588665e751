"""Run the command line in this process, as ``main`` would (exit code, stdout, stderr)."""

from __future__ import annotations

import pytest

import generator.content
from generator.cli.app import main


def run(capsys, *args):
    """``skirmish ARGS`` in-process; the ``--content`` folder is reset afterwards."""
    try:
        with pytest.raises(SystemExit) as stop:
            main([str(a) for a in args])
    finally:
        generator.content.set_user_content_dir(None)
    out = capsys.readouterr()
    return stop.value.code, out.out, out.err
