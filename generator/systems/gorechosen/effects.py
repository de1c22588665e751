"""The Gorechosen effect vocabulary: everything a Unique action, a unique rule or a Fate of the
Slain may ask the battle engine to do.

A champion's card prints its abilities in words; the content file gives each of them a ``kind``
from the tables below and the kind's numbers (``params``), and the engine plays exactly that.
An ability whose kind is not here cannot be loaded (the error names the file, the field and the
kinds there are), unless the file marks it ``flavour: true``: then the card prints it greyed,
the engine never plays it, and a balance report counts it as not simulated
(:attr:`~generator.systems.gorechosen.models.Champion.not_simulated`).

Every parameter is a small whole number with a default and a range, so a card is a kind and a
few integers: the same shape a compiled engine reads. ``docs/play-gorechosen.md`` tells each
kind's rule in full; :data:`ACTIONS`, :data:`RULES` and :data:`FATES` are the lists the
validation, the documentation and the engine share.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    """One word of the vocabulary: its name, what it does, and its parameters
    ``(name, default, lowest, highest)``."""

    name: str
    does: str
    params: tuple[tuple[str, int, int, int], ...] = ()

    def defaults(self) -> dict[str, int]:
        return {p: default for p, default, _, _ in self.params}


def _table(*kinds: Kind) -> dict[str, Kind]:
    return {k.name: k for k in kinds}


ACTIONS = _table(
    Kind("attack", "an attack with `dice` dice at an enemy in the kill zone (its band's profile); `crippling`: a 6 "
         "resolves a Critical Injury at once; `all_targets`: every enemy in reach in turn; `ignore_defence`: no Block, "
         "Parry or Dodge; `wrath`: Wrath moved first; `move`: first move up to that many hexes and choose a facing; "
         "`step`: first step that many hexes straight ahead; `to_hit`/`wounds`: a profile of its own; `ahead`: reach "
         "that many hexes straight ahead, `line`: along the three lines of the front arc (both need a profile)",
         (("dice", 3, 1, 8), ("crippling", 0, 0, 1), ("all_targets", 0, 0, 1), ("ignore_defence", 0, 0, 1),
          ("wrath", 0, -3, 3), ("move", 0, 0, 3), ("step", 0, 0, 2), ("to_hit", 0, 0, 6), ("wounds", 0, 0, 6),
          ("ahead", 0, 0, 3), ("line", 0, 0, 3))),
    Kind("scourge", "`dice` dice at an enemy in the kill zone; each `success`+ is a random discard from their hand, or a "
         "wound once it is empty", (("dice", 4, 1, 8), ("success", 4, 2, 6))),
    Kind("portal", "own Wrath up one dice; every other fighter rolls: 1-3 their Wrath up that much, 4-6 that many wounds"),
    Kind("blood_bind", "a dice at most another fighter's Wrath: pick a card from their hand and make one of its actions "
         "with their fighter"),
    Kind("spear_rush", "push the fighter straight ahead, then attack them with `dice` dice; if that wounds, step into "
         "the hex they left", (("dice", 2, 1, 8),)),
    Kind("heal", "Health marker up `heal` spaces (never onto a covered space), next to an enemy or once anyone has "
         "been slain", (("heal", 2, 1, 6),)),
    Kind("move", "move up to `hexes` hexes and choose a facing", (("hexes", 1, 1, 6),)),
    Kind("wrath", "own Wrath up `wrath` spaces", (("wrath", 2, 1, 6),)),
    Kind("push", "push an adjacent fighter `hexes` hexes straight away, one hex at a time", (("hexes", 2, 1, 3),)),
    Kind("pull", "pull a fighter `reach` hexes away along a line of the front arc `hexes` hexes towards you (a push "
         "towards you: pits and solid hexes as for any push)", (("reach", 2, 2, 3), ("hexes", 1, 1, 2))),
    Kind("ward", "until your next turn, the first `cancel_hits` hits of every attack against you are ignored",
         (("cancel_hits", 2, 1, 6),)),
    Kind("brace", "until your next turn, any other fighter that moves into your front arc suffers D3 wounds"),
    Kind("target_wrath", "another fighter within `within` hexes moves their Wrath `wrath` spaces",
         (("within", 3, 1, 6), ("wrath", -2, -6, 6))),
)

RULES = _table(
    Kind("none", "nothing beyond the card's printed numbers (the text describes them)"),
    Kind("skullgouger", "a Parry of yours that cancels a hit wounds the attacker `wounds` times", (("wounds", 1, 1, 3),)),
    Kind("cleave", "an attack rolling `healthy_sixes` sixes (Wounded: `wounded_sixes`) places an Injury marker before "
         "any defence", (("healthy_sixes", 1, 1, 3), ("wounded_sixes", 2, 1, 3))),
    Kind("killing_spree", "Wrath up one when your attack wounds (Wounded: on a `wounded_roll`+)",
         (("wounded_roll", 4, 1, 6),)),
    Kind("forge_of_war", "Wrath up `wrath` more when you slay", (("wrath", 1, 1, 3),)),
    Kind("blood_whip", "after any defence, the target discards a random card per 6 rolled (Wounded: one if any 6)"),
    Kind("prayers_of_wrath", "Wrath up one after an attack of `healthy`+ wounds (Wounded: `wounded`+)",
         (("healthy", 5, 1, 30), ("wounded", 7, 1, 30))),
    Kind("bloodwake", "per Critical Injury you survive, each fighter within 2 suffers a dice of wounds (Wounded: on "
         "4+, D3)"),
    Kind("impale", "an attack of yours that makes a fighter draw Critical Injury cards makes them draw one more (Wounded: "
         "on a `wounded_roll`+), once per attack", (("wounded_roll", 4, 1, 6),)),
    Kind("unpushable", "a push that would move you (or tip you towards a pit) leaves you in place and deals `wounds` "
         "wounds instead", (("wounds", 1, 0, 3),)),
    Kind("hooked_chain", "a fighter your attack wounds cannot Dodge your next attack this round"),
    Kind("retaliate", "a fighter whose attack wounds you from an adjacent hex suffers `wounds` wounds after the attack",
         (("wounds", 1, 1, 3),)),
    Kind("dodge_bonus", "your Dodge cards ignore `hits` more hits", (("hits", 1, 1, 3),)),
    Kind("no_parry_at", "a fighter `distance` hexes away cannot Parry your attacks", (("distance", 2, 1, 3),)),
    Kind("seethe_extra", "an attack of yours with no hits moves your Wrath `wrath` more", (("wrath", 1, 1, 3),)),
    Kind("deny_unique", "fighters in your kill zone cannot take their Unique action"),
    Kind("thick_hide", "every attack against you deals `wounds` fewer wounds", (("wounds", 1, 1, 3),)),
    Kind("bloodscent", "Wrath up `wrath` whenever another fighter within `within` hexes places an Injury marker",
         (("within", 2, 1, 6), ("wrath", 1, 1, 3))),
    Kind("relentless", "your Move actions move up to `hexes` more", (("hexes", 1, 1, 3),)),
    Kind("trophy_taker", "each Injury marker your attack places costs its fighter `cards` random cards",
         (("cards", 1, 1, 3),)),
)

FATES = _table(
    Kind("none", "nothing happens"),
    Kind("slayer_wounds", "a dice: on `roll`+ the slayer suffers D3 wounds", (("roll", 5, 1, 6),)),
    Kind("top_wrath_down", "the fighters with the most Wrath move it `wrath` down", (("wrath", 1, 1, 3),)),
    Kind("all_wrath", "every fighter standing moves their Wrath `wrath`", (("wrath", 1, -3, 3),)),
    Kind("burst", "every fighter within `within` hexes suffers `wounds` wounds (with `roll` above 0: each on a dice of "
         "`roll`+)", (("within", 2, 1, 3), ("wounds", 1, 1, 3), ("roll", 0, 0, 6))),
    Kind("slayer_discard", "the slayer discards `cards` random cards", (("cards", 1, 1, 5),)),
    Kind("slayer_wrath", "the slayer moves their Wrath `wrath`", (("wrath", 1, -3, 3),)),
    Kind("spear", "the first fighter to end a move next to the fallen champion's hex suffers `wounds` wounds",
         (("wounds", 1, 1, 3),)),
    Kind("push_slayer", "the slayer is pushed `hexes` hexes straight away from the fallen champion's hex",
         (("hexes", 1, 1, 2),)),
    Kind("obstruct", "hexes become obstructions: `own` the hex they fell on, `ring` the six around it, `ahead` that "
         "many hexes straight ahead; with `round` only until the end of the round",
         (("own", 0, 0, 1), ("ring", 0, 0, 1), ("ahead", 0, 0, 3), ("round", 0, 0, 1))),
    Kind("all_discard", "every fighter standing discards `cards` random cards", (("cards", 1, 1, 3),)),
    Kind("wrath_lock", "the slayer cannot gain Wrath until the end of the round"),
)

#: Fate names the engine read before the vocabulary had numbers (a roster may still use them).
FATE_ALIASES: dict[str, tuple[str, dict[str, int]]] = {
    "last_swing": ("slayer_wounds", {"roll": 5}),
    "heart_taken": ("top_wrath_down", {}),
    "lingering_rage": ("all_wrath", {"wrath": 1}),
    "anvil_burst": ("burst", {}),
    "last_lash": ("slayer_discard", {"cards": 1}),
    "blood_prayer": ("slayer_wrath", {"wrath": 1}),
    "portal_tears": ("burst", {"roll": 4}),
    "spear_in_sand": ("spear", {}),
}

FAMILIES = {"unique action": ACTIONS, "unique rule": RULES, "Fate of the Slain": FATES}


def vocabulary(family: str) -> str:
    return ", ".join(FAMILIES[family])


def check(family: str, kind: str | None, params: dict[str, int], flavour: bool) -> dict[str, int]:
    """The parameters of ``kind`` with its defaults filled in; a one-line ValueError naming the
    vocabulary when the kind is unknown or missing, a parameter unknown or out of range."""
    table = FAMILIES[family]
    if flavour:
        if kind is not None or params:
            raise ValueError(f"a flavour-only {family} has no kind or params (the engine does not play it); "
                             f"remove them, or remove flavour: true")
        return {}
    if kind is None:
        raise ValueError(f"no kind: say what this {family} does with one of {vocabulary(family)} "
                         f"(docs/play-gorechosen.md), or mark it flavour: true to print it without playing it")
    spec = table.get(kind)
    if spec is None:
        raise ValueError(f"kind {kind!r} is not in the Gorechosen effect vocabulary for a {family}; choose one of "
                         f"{vocabulary(family)}, or mark it flavour: true")
    allowed = {p: (low, high) for p, _, low, high in spec.params}
    for name, value in params.items():
        if name not in allowed:
            names = ", ".join(allowed) or "none"
            raise ValueError(f"params.{name}: {kind} takes no {name!r}; its params: {names}")
        low, high = allowed[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"params.{name}: {value!r} is outside {low} to {high} for {kind}")
    full = spec.defaults()
    full.update(params)
    _consistent(family, kind, full)
    return full


def _consistent(family: str, kind: str, p: dict[str, int]) -> None:
    """Combinations a kind cannot play (each a one-line error)."""
    if family == "unique action" and kind == "attack":
        if bool(p["to_hit"]) != bool(p["wounds"]):
            raise ValueError("params: an attack with a profile of its own needs both to_hit and wounds")
        if p["to_hit"] and p["to_hit"] < 2:
            raise ValueError(f"params.to_hit: {p['to_hit']} is below 2 (2+ is the best To Hit)")
        if p["ahead"] and p["line"]:
            raise ValueError("params: give ahead or line, not both")
        if (p["ahead"] or p["line"]) and not p["to_hit"]:
            raise ValueError("params: an attack that reaches ahead or along a line needs its own to_hit and wounds")
        if p["move"] and p["step"]:
            raise ValueError("params: give move or step, not both")
    if family == "unique action" and kind == "pull" and p["hexes"] >= p["reach"]:
        raise ValueError(f"params.hexes: a pull from {p['reach']} hexes moves the fighter at most {p['reach'] - 1}")
    if family == "Fate of the Slain" and kind == "obstruct" and not (p["own"] or p["ring"] or p["ahead"]):
        raise ValueError("params: obstruct needs own, ring or ahead")
    if kind in ("slayer_wrath", "all_wrath", "target_wrath") and p.get("wrath") == 0:
        raise ValueError("params.wrath: 0 moves nothing")
