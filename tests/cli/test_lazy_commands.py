"""The root help lists every command without importing it; a command is built when it is used."""

import inspect
import subprocess
import sys

from generator.cli.app import COMMANDS, root_command


def test_each_command_is_listed_by_the_first_paragraph_of_its_own_help():
    root = root_command()
    assert list(root.commands) == list(COMMANDS)  # every registered command is in the table, in its order
    for name, command in root.commands.items():
        own = inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0].replace("\n", " ")
        assert COMMANDS[name][1] == own, f"COMMANDS[{name!r}] should read: {own!r}"


def test_the_root_help_imports_no_command_module_and_no_engine():
    script = ("import sys\nfrom generator.cli.app import main\n"
              "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
              "print(sorted(m for m in sys.modules if m.startswith(('generator.cli.', 'generator.systems', 'numpy', "
              "'shapely', 'reportlab'))))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "['generator.cli._click', 'generator.cli.app']"
    assert "balance" in done.stdout and "campaign" in done.stdout  # listed all the same


def test_a_command_is_built_when_it_runs_and_a_typo_is_answered_with_the_nearest_name(capsys):
    from tests.cli_run import run

    code, out, _ = run(capsys, "roll", "2d6", "--seed", "1")
    assert code == 0 and "= 7" in out
    code, _, err = run(capsys, "balanc")
    assert code == 2 and "Did you mean 'balance'?" in err
