"""Names as data: what a name in a roster may hold, and how text from files reaches a terminal.

A name travels from a file someone shared to a card, a file name and the terminal. So a name is
plain text on one line, at most :data:`MAX_NAME` characters (a card fits about 30; a 200,000
character name once took ``cards`` past a minute), with no control characters: ESC starts a
terminal sequence that can retitle the window or clear the screen. The content reader refuses
control characters in every text of a file (``generator.content.source``); :data:`Name` says the
same for names made any other way (``create calc --name``), and :func:`printable` escapes what
reaches the terminal from anywhere else (a file name in an error message).

A neutral module: models of every system, the content reader and the CLI import it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, StringConstraints

from generator.text import codes, control_characters, printable  # noqa: F401  (re-exported)

#: Longest name of a combatant, a force or anything else with a name (the longest built-in is 58).
MAX_NAME = 100


def _one_line(value: str) -> str:
    bad = control_characters(value) + [c for c in "\t\n" if c in value]
    if bad:
        raise ValueError(f"holds the character{'s' if len(bad) > 1 else ''} {codes(sorted(set(bad)))}; a name is "
                         "plain text on one line, without control characters")
    return value


#: The type of every name in the models: one line of plain text, 1 to ``MAX_NAME`` characters.
Name = Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME), AfterValidator(_one_line)]
