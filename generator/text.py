"""Text that reaches a terminal or a file: which characters no text may hold, and escaping them.

Apart from :mod:`generator.names` (the pydantic type of a name) so that the command line can
print safely without importing pydantic: every command, ``--help`` included, starts faster.
"""

from __future__ import annotations


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
