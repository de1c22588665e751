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

#: Longest name of a combatant, a force or anything else with a name (the longest built-in is 58).
MAX_NAME = 100


def control_characters(text: str) -> list[str]:
    """The characters of ``text`` that no name or text of a content file may hold: the C0 controls
    but tab and newline, DEL and the C1 controls (a terminal acts on them: ESC starts a sequence
    that can retitle the window or clear the screen, U+009B does the same alone), and what is not
    a character at all (lone surrogates, U+FFFE, U+FFFF), which no file can be written with."""
    return sorted({c for c in text if (ord(c) < 32 and c not in "\t\n") or 127 <= ord(c) < 160
                   or 0xD800 <= ord(c) < 0xE000 or ord(c) in (0xFFFE, 0xFFFF)})


def codes(chars: list[str]) -> str:
    """``['\\x1b', '\\n']`` -> ``U+001B, U+000A``."""
    return ", ".join(f"U+{ord(c):04X}" for c in chars[:3]) + (", ..." if len(chars) > 3 else "")


def _one_line(value: str) -> str:
    bad = control_characters(value) + [c for c in "\t\n" if c in value]
    if bad:
        raise ValueError(f"holds the character{'s' if len(bad) > 1 else ''} {codes(sorted(set(bad)))}; a name is "
                         "plain text on one line, without control characters")
    return value


#: The type of every name in the models: one line of plain text, 1 to ``MAX_NAME`` characters.
Name = Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME), AfterValidator(_one_line)]


def printable(text: str, keep_newlines: bool = False) -> str:
    """``text`` safe to print on a terminal: control characters (and, unless ``keep_newlines``,
    newlines and tabs) written as escapes (``\\x1b``, ``\\u009b``), everything else as it is."""
    out = []
    for c in str(text):
        code = ord(c)
        if keep_newlines and c in "\n\t":
            out.append(c)
        elif code < 32 or 127 <= code < 160:
            out.append({"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(c, f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}"))
        elif 0xD800 <= code < 0xE000 or code in (0xFFFE, 0xFFFF):
            out.append(f"\\u{code:04x}")
        else:
            out.append(c)
    return "".join(out)
