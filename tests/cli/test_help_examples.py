"""Help texts end with examples; every example file they name must exist in content/."""

import re
from pathlib import Path


from generator.cli.app import root_command

ROOT = Path(__file__).resolve().parents[2]


def all_commands(command, path=()):
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from all_commands(sub, path + (name,))


def test_example_content_files_exist_and_every_command_has_examples():
    root = root_command()
    missing, without_examples = [], []
    for path, command in all_commands(root):
        help_text = command.help or ""
        for ref in re.findall(r"content/[\w-]+/[\w.-]+\.(?:yaml|json)", help_text):
            if not (ROOT / ref).is_file():
                missing.append((" ".join(path), ref))
        if path and "Examples" not in help_text:
            without_examples.append(" ".join(path))
    assert missing == []
    assert without_examples == []


def test_builtin_names_in_examples_resolve_from_any_folder(tmp_path, monkeypatch):
    """Examples name built-in rosters and maps by name (bladestorm/warriors-of-ash-goblins); each
    must resolve through the content library, wherever the user stands."""
    from generator.content import find_named

    monkeypatch.chdir(tmp_path)
    root = root_command()
    pattern = r"(?<![\w/.-])((?:bladeborn|warcry|gorechosen|bladestorm|sagaborn|maps)/[\w-]+)(?![\w./-])"
    names, unresolved = set(), []
    for path, command in all_commands(root):
        for line in (command.help or "").splitlines():
            if line.strip().startswith("skirmish"):
                names.update(re.findall(pattern, line))
    assert names, "examples should use built-in names"
    for name in sorted(names):
        if not find_named(name).exists():
            unresolved.append(name)
    assert unresolved == []
