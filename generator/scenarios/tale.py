"""A scenario's title and short tale, told from what the scenario holds (our own words).

The scenario generator calls :func:`tell` with the scenario it made; the words come from what
the battle is about (its objectives, how it is scored, its twist, its length) and from each
system's world, picked with the scenario's seed, so the same scenario always gets the same tale.
"""

from __future__ import annotations

import random
from typing import Any

OPENINGS = {
    "bladeborn": ["Where the old roads of the Spoil cross, {a} and {b} catch sight of each other.",
                  "{a} have tracked {b} for three days across ash and bone.",
                  "The sky over the Spoil burns red, and {a} and {b} both take it for an omen."],
    "warcry": ["{a} come down from the hills just as {b} come up out of the marsh.",
               "Neither {a} nor {b} were meant to be here tonight; only one of them will leave.",
               "The gods of the Eightpoints like a good fight, and {a} and {b} mean to give them one."],
    "gorechosen": ["The crowd howls as {a} and {b} step onto the sand of the pit.",
                   "Blood has been spilled on this arena floor a thousand times; {a} and {b} mean to add theirs to it.",
                   "Two champions, {a} and {b}, and one Blood God watching to see who earns his favour."],
    "bladestorm": ["Word travels fast in the hills: {a} and {b} are after the same prize.",
                   "{a} and {b} have traded insults for a season. Today they trade blows.",
                   "The valley is quiet until {a} and {b} arrive at opposite ends of it."],
    "sagaborn": ["Deep in the ruins, the torches of {a} find the tracks of {b}.",
                 "Magic is returning to Atheles, and {a} and {b} both mean to profit from it.",
                 "{a} came for treasure; {b} came for the same treasure."],
}
STAKES = {
    "per_objective": "Whoever holds the most ground when the fighting stops will own this place.",
    "hold_centre": "At the heart of the field stands a single prize, and both sides want it.",
    "most_objectives": "Markers dot the field; the side that holds more of them holds the day.",
    "take_down": "Nobody here cares about ground: only trophies count.",
    "first_blood": "The first blood spilled will be remembered longest.",
    "slay_leader": "Cut off the head and the rest will run, or so both leaders believe.",
    "enemy_territory": "The only way to win is to carry the fight into the enemy's camp.",
    "hold_relic": "A relic lies waiting for the first steady hand to claim it.",
    "open_chest": "Sealed chests promise gold to whoever reaches them first.",
    "surviving_points": "What matters is who is still standing when it is over.",
    "last_standing": "Only one side will walk away.",
}
CLOSINGS = {
    "bladeborn": "{rounds} battle rounds to settle it.",
    "warcry": "{rounds} battle rounds to settle it.",
    "gorechosen": "The arena gives no second chances.",
    "bladestorm": "Steel will decide the rest.",
    "sagaborn": "{rounds} rounds before the ruins fall silent again.",
}


def _rng(seed: Any, system: str = "") -> random.Random:
    """The tale's own stream: the seed and the system, so one seed tells each system another tale."""
    return random.Random(f"tale-{system}-{seed}" if system else f"tale-{seed}")


def tell(system: str, force_a: str, force_b: str, scoring: list[str], seed: int, twist: str | None = None,
         rounds: int | None = None) -> str:
    """Two to four sentences: who meets whom, what they fight for, the twist, how long."""
    rng = _rng(seed, system)
    parts = [rng.choice(OPENINGS[system]).format(a=force_a, b=force_b)]
    first = next((k for k in scoring if k in STAKES and k != "surviving_points"), scoring[0] if scoring else None)
    if first in STAKES:
        parts.append(STAKES[first])
    if twist:
        parts.append(f"And today, {twist.lower()}: nothing will go quite as planned.")
    closing = CLOSINGS[system]
    if "{rounds}" not in closing or rounds:
        text = closing.format(rounds=_number(rounds) if rounds else "")
        parts.append(text[0].upper() + text[1:])
    return " ".join(parts)


#: Where a generated battle happens, for its title (our own words).
PLACES = ["the Crossing", "Dusk", "the Old Stones", "the Ridge", "the Broken Bridge", "Cinder Fen", "the Salt Road",
          "the Hollow Hill", "Gallows Ford", "the Last Well", "Ashfall", "the Drowned Chapel", "Wolfsgate",
          "the Split Oak", "Mourning Tor", "the Red Mill"]


def title(system: str, card: str | None, place: str | None, seed: int) -> str:
    """A title such as "Blood on the Altar at the Ford"."""
    rng = _rng(seed, system)
    base = card or rng.choice(["Clash", "Reckoning", "Ambush", "Feud", "Last Stand"])
    where = place or rng.choice(PLACES)
    return f"{base} at {where}"


def _number(n: int) -> str:
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    return words[n] if 0 <= n < len(words) else str(n)
