"""Small rules of English the printed words follow, in one place."""

from __future__ import annotations


def possessive(name: str) -> str:
    """``Player A's``, ``Goblins of the Ash Lairs'``: a name ending in s takes the apostrophe alone."""
    name = str(name)
    return name + ("'" if name.endswith(("s", "S")) else "'s")
