"""Every command follows the conventions of docs/cli.md; this walks the whole Typer app.

A new command that invents its own dialect (``--system`` instead of an argument, ``--out``
without ``-o``, a comma list, a fixed seed) fails here with its name."""

from __future__ import annotations

import re


from generator.cli.app import root_command
from generator.cli.common import DEFAULT_DPI, PAGE_HELP

#: Commands that report something and so must offer --json (demo only writes a folder).
NO_JSON = {"demo", "schema"}
#: Option names that say "how many" in a dialect of their own.
COUNT_DIALECTS = {"--n", "--number", "--num", "--runs", "--repeat", "--repeats", "--maps", "--duels", "--brawls", "--games", "--iterations"}


def leaves(command, path=()):
    """Every command below ``command``, asked through Click's group interface (``list_commands``,
    ``get_command``): ``create calc`` makes each system's calculator only when asked for it."""
    if hasattr(command, "list_commands"):
        for name in command.list_commands(None):
            yield from leaves(command.get_command(None, name), path + (name,))
    else:
        yield " ".join(path), command


def options(command):
    return [p for p in command.params if p.param_type_name == "option"]


def all_leaves():
    return list(leaves(root_command()))


def test_the_app_has_the_commands_the_docs_list():
    names = {name for name, _ in all_leaves()}
    assert {"roll", "validate", "show", "schema", "systems", "cost", "cards", "sheet", "balance", "demo",
            "create random", "create calc bladestorm", "map generate", "map render", "odds bladestorm"} <= names


def test_the_system_is_never_an_option():
    bad = [name for name, cmd in all_leaves() for o in options(cmd) if "--system" in o.opts or "-s" in o.opts]
    assert bad == []


def test_every_out_option_has_the_short_o_and_says_file_or_folder():
    bad = []
    for name, cmd in all_leaves():
        for o in options(cmd):
            if "--out" in o.opts:
                if "-o" not in o.opts:
                    bad.append((name, "no -o"))
                if not re.search(r"\b(file|folder)\b", o.help or "", re.I):
                    bad.append((name, "help does not say file or folder"))
    assert bad == []


def test_every_reporting_command_has_json():
    missing = [name for name, cmd in all_leaves()
               if name not in NO_JSON and not any("--json" in o.opts for o in options(cmd))]
    assert missing == []


def test_format_is_a_repeatable_list_and_page_dpi_seed_are_alike_everywhere():
    bad = []
    for name, cmd in all_leaves():
        for o in options(cmd):
            if "--format" in o.opts and not o.multiple:
                bad.append((name, "--format not repeatable"))
            if "--page" in o.opts and o.help != PAGE_HELP:
                bad.append((name, "--page help differs"))
            if "--dpi" in o.opts and o.default != DEFAULT_DPI:
                bad.append((name, f"--dpi default {o.default}"))
            if "--seed" in o.opts and o.default is not None:
                bad.append((name, f"--seed default {o.default} (should be random and printed)"))
    assert bad == []


def test_counts_have_one_name_per_meaning_and_no_option_takes_a_comma_list():
    bad = []
    for name, cmd in all_leaves():
        for o in options(cmd):
            if COUNT_DIALECTS & set(o.opts):
                bad.append((name, o.opts))
            if re.search(r"comma", o.help or "", re.I):
                bad.append((name, o.opts, "comma list"))
    assert bad == []


def test_commands_that_write_a_users_file_offer_force():
    bad = [name for name, cmd in all_leaves()
           if any("--out" in o.opts for o in options(cmd)) and name != "demo"
           and not any("--force" in o.opts for o in options(cmd))]
    assert bad == []


def test_benchmarks_use_the_same_count_names():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "benchmarks"
    bad = []
    for path in root.glob("bench_*.py"):
        for flag in re.findall(r"add_argument\(\s*\"(--[\w-]+)\"", path.read_text(encoding="utf-8")):
            if flag in COUNT_DIALECTS:
                bad.append((path.name, flag))
    assert bad == []
