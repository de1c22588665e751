"""The installed ``skirmish`` script works from any folder (built-ins found through the package)."""

import shutil
import subprocess

import pytest

SCRIPT = shutil.which("skirmish")


@pytest.mark.skipif(SCRIPT is None, reason="skirmish is not installed on PATH")
def test_runs_from_another_folder_and_finds_builtin_content(tmp_path):
    result = subprocess.run([SCRIPT, "validate"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "no problems" in result.stdout


@pytest.mark.skipif(SCRIPT is None, reason="skirmish is not installed on PATH")
def test_shell_completion_script(tmp_path):
    """The bash completion script, asked for the way the installed completion asks (``--show-completion``
    names the shell it finds among the calling processes, so under a runner with no shell above it
    it has none to name)."""
    result = subprocess.run([SCRIPT], capture_output=True, text=True, cwd=tmp_path,
                            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "_SKIRMISH_COMPLETE": "source_bash"})
    assert result.returncode == 0, result.stderr
    assert "complete" in result.stdout and "skirmish" in result.stdout
