"""Docs, code and content speak of the product as it is, not of how it was made.

History lives in git log. A page, comment or content file that says "since the seventh session"
or "issue 11's refit" tells a reader about the project's past instead of what the tool does and
what was measured on it now, so these words are refused in the folders a user or contributor
reads: docs/, README.md, CONTRIBUTING.md, generator/, content/, templates/, tools/, benchmarks/ and
tests/ (whose names are read as the rulebook's examples; this file, which lists the words, aside).

The patterns are narrow on purpose: "issues" (a word, a tracker) and "Player #1" pass; "session"
as a word does not, even in rules text ("an evening's play" says it without the word).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = ("README.md", "CONTRIBUTING.md")
FOLDERS = ("docs", "generator", "content", "templates", "tools", "benchmarks", "tests")
#: Build products and caches that are not part of the source.
SKIPPED_PARTS = {"__pycache__", ".pytest_cache", ".hypothesis"}
SKIPPED_SUFFIXES = {".pyc", ".so", ".c", ".png", ".pdf", ".gz", ".ttf", ".otf", ".woff", ".woff2", ".zip"}
#: The build's manifest, and this file (which lists the words it refuses).
SKIPPED_NAMES = {"_compiled.json", Path(__file__).name}

ORDINALS = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
#: The most telling first: one finding per line.
HISTORY = [
    ("an ordinal session", re.compile(ORDINALS + r"[\s-]+sessions?\b", re.IGNORECASE)),
    ("an issue's refit", re.compile(r"\brefit of issue\b", re.IGNORECASE)),
    ("an issue number", re.compile(r"\bissues?[\s_-]*#?\d+", re.IGNORECASE)),
    ("a session", re.compile(r"\bsessions?\b", re.IGNORECASE)),
]


def _texts():
    paths = [ROOT / name for name in FILES if (ROOT / name).is_file()]
    for folder in FOLDERS:
        paths += sorted(p for p in (ROOT / folder).rglob("*") if p.is_file())
    for path in paths:
        rel = path.relative_to(ROOT)
        if SKIPPED_PARTS & set(rel.parts) or path.suffix in SKIPPED_SUFFIXES or path.name in SKIPPED_NAMES \
                or path.name.startswith("LICENSE"):
            continue
        try:
            yield rel, path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # a binary file


def history_words(text: str) -> list[tuple[int, str, str]]:
    """``(line number, what, the words)`` for each history phrase in ``text``."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for what, pattern in HISTORY:
            match = pattern.search(line)
            if match:
                found.append((number, what, match.group(0)))
                break
    return found


def test_docs_code_and_content_speak_of_the_product_not_its_history():
    hits = [f"{rel}:{number}: {what} ({words!r})" for rel, text in _texts() for number, what, words in history_words(text)]
    assert not hits, ("say what the product does and what was measured on it now; history lives in git log:\n"
                      + "\n".join(hits[:40]))


@pytest.mark.parametrize("line", [
    "Measured in the seventh session on the shared machine",
    "Gorechosen refit (issue 11, tried and not adopted)",
    "a small subset of issue-12's format",
    "see issue #29",
    "Sessions of play",
    "Eighth session: bigger samples",
    "the refit of issue eleven",
])
def test_history_phrases_are_caught(line):
    assert history_words(line)


@pytest.mark.parametrize("line", [
    "known issues are listed on the tracker",
    "Player #1 sets up within 1\" of the south edge",
    "an evening's play",
    "the first seat moves second in round two",
    "back issues of the magazine",
    "a colour #333 and a card #2",
])
def test_ordinary_words_pass(line):
    assert not history_words(line)
