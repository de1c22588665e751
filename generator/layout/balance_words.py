"""A scenario's balance figures in players' words: one line for the mission sheet and the cover,
a short paragraph for the balance page, before the statistics.

"Even: Player A scores 50.8% over 1,600 battles; the side that sets up first scores 49.6%."
The words follow what was measured: a mirror match says so, a second verdict with stronger
players is named beside the first, a handicap that evens the battle is spelled out, and figures
measured before the scenario was edited say that they are out of date and which command
measures them again (:mod:`generator.scenarios.fingerprint`).
"""

from __future__ import annotations

from typing import Any, Optional

from generator.words import possessive  # noqa: F401  (the balance page's "Player A's score")


def pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def pct_rest(p: float) -> str:
    """The other side's share beside ``pct(p)``, written so that the two add up to 100.0% (48.5%
    and 51.5%, where rounding each would print 48.5% and 51.4% for 0.4855)."""
    return f"{100 - round(p * 100, 1):.1f}%"


def verdict_word(b) -> str:
    if b.verdict == "undecided":
        return "not yet clear"
    if b.balanced:
        return "even"
    return "uneven"


def setup_figure(b, first_label: Optional[str], a_label: str) -> Optional[tuple[str, float, tuple[float, float], int]]:
    """(who, score, ci95, games) of the set-up lean: the generator's measured ``setup_lean`` (the
    side that sets up first), else the seat split (the force that set up as player A)."""
    if b.setup_lean is not None:
        who = "the side that sets up first" if first_label is None else f"{first_label}, who sets up first,"
        return who, b.setup_lean.score, tuple(b.setup_lean.ci95), b.setup_lean.games
    split = b.setup_a_score()
    if split is None:
        return None
    rate, ci, games = split
    return f"the force setting up as {a_label}", rate, ci, games


def _players(b) -> Optional[str]:
    if b.policies is None:
        return None
    if b.policies.a == b.policies.b:
        return f"{b.policies.a} players"
    return f"a {b.policies.a} player (A) against a {b.policies.b} player (B)"


def headline(b, a_label: str, first_label: Optional[str] = None) -> str:
    """The one line: verdict, A's score, battles, the set-up lean, a second verdict, the knob."""
    word = verdict_word(b)
    players = _players(b)
    score = f"{a_label} scores {pct(b.win_rate_a)} over {b.games:,} battles"
    if b.search is not None:
        s = b.search
        # ``balanced`` says the two verdicts lie within five points, not that the second is even
        second = "about the same" if s.balanced else "different"
        text = (f"{word.capitalize()} for {players or 'greedy players'} ({score}); "
                f"{second} for search players ({pct(s.win_rate_a)} over {s.games:,})")
    else:
        text = f"{word.capitalize()}: {score}" + (f" ({players})" if players else "")
    if b.mirror:
        text = "Mirror match (both sides field the same force). " + text
    lean = setup_figure(b, first_label, a_label)
    if lean is not None:
        text += f"; {lean[0]} scores {pct(lean[1])}"
    text += "."
    if b.knob:
        text += f" Evened by a handicap: {b.knob.rstrip('.')}."
    return text


def stale_line(parts: list[str], command: str) -> str:
    from generator.scenarios.fingerprint import stale_words

    return (f"Not re-measured since the scenario was edited ({stale_words(parts)} changed): these figures are for "
            f"the scenario as it was. Run {command} to measure it again.")


def players_paragraph(b, sides: list[dict[str, Any]], first_label: Optional[str]) -> str:
    """The balance page's opening, in players' words: what it means at the table."""
    a, bb = sides
    lo, hi = b.ci95
    if b.verdict == "undecided":
        text = (f"Too close to call yet: {a['label']} won {pct(b.win_rate_a)} of {b.games:,} battles, and more "
                "battles would be needed to tell an even match from a slight lean.")
    elif b.balanced:
        text = (f"An even match. Played {b.games:,} times, {a['label']} ({a['force_name']}) scored {pct(b.win_rate_a)} "
                f"and {bb['label']} ({bb['force_name']}) {pct_rest(b.win_rate_a)}: the difference is within the noise.")
    else:
        ahead, behind = (a, bb) if b.win_rate_a > 0.5 else (bb, a)
        share = b.win_rate_a if ahead is a else 1 - b.win_rate_a
        text = (f"Not an even match: {ahead['label']} ({ahead['force_name']}) scored {pct(share)} over {b.games:,} "
                f"battles. Give {behind['label']} a little more to spend, or let them choose the twist.")
    if b.mirror:
        text += " Both sides field the same force, so only the table and the dice can favour one."
    lean = setup_figure(b, first_label, a["label"])
    if lean is not None:
        who, score, (slo, shi), _ = lean
        if slo > 0.5 or shi < 0.5:
            text += (f" The set-up matters: {who} scores {pct(score)}, so roll off for set-ups as the set-up "
                     "section says.")
        else:
            text += f" Neither set-up is the better start ({who} scores {pct(score)})."
    if b.search is not None:
        s = b.search
        text += (f" Stronger players (a search player on both sides) were tried too: {a['label']} scored "
                 f"{pct(s.win_rate_a)} over {s.games:,} battles, "
                 + ("close to what the greedy players scored." if s.balanced
                    else "far from what the greedy players scored: stronger play may favour one side."))
    if b.knob:
        text += f" The battle is evened by a handicap: {b.knob.rstrip('.')}."
    return text
