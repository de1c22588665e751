"""What a SagaBorn Battles squad card and a team sheet hold, with the limits the book gives.

A *squad* is one card: one or more identical *units* (figures) sharing a stat line. A *team*
is the squads a side brings, bought from a point limit (400 unless the players agree more).
Bounds that the book does not print (a Move above 10, say) are our own sanity limits; the
book's own rules (talents only with the hand icon, at most three of them, the point limit)
are checked with messages that name the bad value and what is allowed.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator, model_serializer

from generator.names import Name
from generator.words import unit_numbers
from generator.systems.sagaborn.abilities import TALENT_RULES, SpecialAbility, StatChange


SquadType = Literal["hero", "minion", "creature"]
Icon = Literal["hand", "goblet", "sword"]
FaceName = Literal["shield", "blank", "hit", "crit"]
StatName = Literal["hp", "move", "range", "attack", "defense", "height"]

#: What each icon on the bottom bar of a card allows.
ICON_MEANING: dict[str, str] = {"hand": "talents", "goblet": "relics", "sword": "weapons"}

DEFAULT_POINT_LIMIT = 400
DEFAULT_TALENT_LIMIT = 3

# Our sanity bounds for a stat line (the book prints none); the calculator and the random builder
# use the same numbers so everything they make validates.
STAT_BOUNDS: dict[str, tuple[int, int]] = {
    "hp": (1, 20),
    "move": (1, 10),
    "range": (1, 10),
    "attack": (1, 8),
    "defense": (0, 8),
    "height": (1, 5),
}
UNITS_BOUNDS = (1, 10)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- talents ----------------------------------------------------------------------------------
class Talent(_Strict):
    """One Talent card: its printed cost and what it does (in our words)."""

    name: Name
    cost: int = Field(ge=0, le=100)
    timing: str = "always"
    exhaust: bool = Field(False, description="one use per round: turned sideways, refreshed next round")
    choice: bool = Field(False, description="the player may decide not to apply it")
    stat_bonus: dict[StatName, int] = Field(default_factory=dict)
    requires: dict[StatName, int] = Field(default_factory=dict, description="minimum stats to benefit")
    rule: Optional[Literal[TALENT_RULES]] = Field(None, description="the engine rule it follows (Feint, Parry...)")
    flavour: bool = Field(False, description="flavour only: printed, not played by the engine")
    effect: str = Field(min_length=1)

    @model_validator(mode="after")
    def _played_or_flavour(self) -> "Talent":
        """A talent the engine cannot play is refused unless it says it is flavour only."""
        if not (self.stat_bonus or self.rule or self.flavour):
            raise ValueError(
                f"{self.name!r} changes no stat and names no rule the engine plays: give it stat_bonus, "
                f"or rule (one of {', '.join(TALENT_RULES)}), or mark it flavour: true")
        return self


class TalentList(_Strict):
    """``kind: talents``: the talent catalogue."""

    name: str = "talents"
    talents: list[Talent] = Field(min_length=1)

    @field_validator("talents")
    @classmethod
    def _unique(cls, talents: list[Talent]) -> list[Talent]:
        seen: set[str] = set()
        for talent in talents:
            if talent.name.lower() in seen:
                raise ValueError(f"talent {talent.name!r} is listed twice")
            seen.add(talent.name.lower())
        return talents


def talent_catalog() -> dict[str, Talent]:
    """The built-in talents by name (the book's twelve), read once from content/sagaborn/."""
    catalog = _load_builtin("talents.yaml", TalentList)
    return {t.name: t for t in catalog.talents}  # type: ignore[attr-defined]


def talent_names() -> list[str]:
    return list(talent_catalog())


def find_talent(name: str) -> Talent:
    """A talent by name, forgiving case and spaces/hyphens (``weapon-specialty``)."""
    hit = talent_lookup()[name]
    if hit is None:
        raise ValueError(f"unknown talent {name!r}: choose from {', '.join(talent_names())}")
    return hit


class _TalentLookup(dict):
    """Talents by name as asked (any spelling find_talent forgives), filled as names are asked."""

    def __init__(self, catalog):
        super().__init__()
        self.catalog = catalog
        self.by_norm = {_norm(t.name): t for t in catalog.talents}

    def __missing__(self, name: str):
        hit = self.by_norm.get(_norm(name))
        if hit is not None:
            self[name] = hit
        return hit


_LOOKUP: list = []


def talent_lookup() -> dict[str, Talent]:
    """``{name as asked: Talent}`` for the current catalogue (None for unknown names), one per
    catalogue object: a battle asks talent names thousands of times, so each spelling is
    normalised once, not once per question (a ``--content`` catalogue gets its own lookup)."""
    catalog = _load_builtin("talents.yaml", TalentList)
    if _LOOKUP and _LOOKUP[0].catalog is catalog:
        return _LOOKUP[0]
    lookup = _TalentLookup(catalog)
    _LOOKUP[:] = [lookup]
    return lookup


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


# -- battle dice and rules text ---------------------------------------------------------------
class BattleDie(_Strict):
    """``kind: battle_dice``: which d8 numbers show which face."""

    name: str = "battle die"
    sides: Literal[8] = 8
    faces: dict[FaceName, list[int]]

    @field_validator("faces")
    @classmethod
    def _cover_each_number_once(cls, faces: dict[str, list[int]]) -> dict[str, list[int]]:
        numbers = sorted(n for values in faces.values() for n in values)
        if numbers != list(range(1, 9)):
            raise ValueError(f"faces must cover 1..8 exactly once, got {numbers}")
        return faces


class RulesSection(_Strict):
    title: str
    text: str


class HouseRule(_Strict):
    """A rule the book does not have, which players may agree to play (off unless ``enabled``)."""

    enabled: bool = False
    text: str = Field(min_length=1)


class RulesText(_Strict):
    """``kind: rules``: the rules summary the tool prints, in our own words, and the house rules
    the engine can play (each off by default: the book's rules are the default)."""

    name: Name
    sections: list[RulesSection] = Field(min_length=1)
    house_rules: dict[str, HouseRule] = Field(default_factory=dict)

    @field_validator("house_rules")
    @classmethod
    def _known(cls, rules: dict[str, HouseRule]) -> dict[str, HouseRule]:
        from generator.systems.sagaborn.effects import HOUSE_RULES

        for name in rules:
            if name not in HOUSE_RULES:
                raise ValueError(f"{name!r} is not a house rule the engine plays; choose from {', '.join(HOUSE_RULES)}")
        return rules


def house_rules_on() -> tuple[str, ...]:
    """The house rules switched on in content/sagaborn/rules.yaml (a ``--content`` copy may
    switch one on); none in the built-in file."""
    rules = _load_builtin("rules.yaml", RulesText)
    return tuple(sorted(name for name, rule in rules.house_rules.items() if rule.enabled))  # type: ignore[attr-defined]


# -- factions ---------------------------------------------------------------------------------
#: The book's factions: "House Ka'Dal, the Wanderers, and mercenaries (who can be aligned with
#: either side)". The book gives no other faction rules; this is all the tool enforces.
HOUSES: tuple[str, ...] = ("House Ka'Dal", "Wanderers")
MERCENARIES = "Mercenaries"
FACTIONS: tuple[str, ...] = (*HOUSES, MERCENARIES)


def faction_named(text: str) -> str:
    """The book's spelling of a faction: "Ka'Dal", "house ka'dal", "the Wanderers", "mercenary"."""
    key = "".join(ch for ch in text.lower().replace("’", "'") if ch.isalnum())
    for name in FACTIONS:
        full = "".join(ch for ch in name.lower() if ch.isalnum())
        if key in (full, full.removeprefix("house"), "the" + full, full.rstrip("s"), full.removesuffix("ies") + "y"):
            return name
    raise ValueError(f"unknown faction {text!r}: the book's factions are {', '.join(FACTIONS)}")


# -- squads -----------------------------------------------------------------------------------
class UnitStats(_Strict):
    """The stat line every unit of a squad shares."""

    hp: int = Field(ge=STAT_BOUNDS["hp"][0], le=STAT_BOUNDS["hp"][1])
    move: int = Field(ge=STAT_BOUNDS["move"][0], le=STAT_BOUNDS["move"][1])
    range: int = Field(ge=STAT_BOUNDS["range"][0], le=STAT_BOUNDS["range"][1])
    attack: int = Field(ge=STAT_BOUNDS["attack"][0], le=STAT_BOUNDS["attack"][1])
    defense: int = Field(ge=STAT_BOUNDS["defense"][0], le=STAT_BOUNDS["defense"][1])
    height: int = Field(ge=STAT_BOUNDS["height"][0], le=STAT_BOUNDS["height"][1])


class Weapon(_Strict):
    """A weapon upgrade: bought once, carried by one unit of the squad."""

    name: Name
    cost: int = Field(ge=0, le=200)
    attack: int = Field(0, ge=-3, le=3, description="extra attack dice")
    defense: int = Field(0, ge=-3, le=3, description="extra defence dice")
    range: int = Field(0, ge=-3, le=5, description="extra hexes of range")
    text: str = ""


class Squad(_Strict):
    """One squad card. Fields are declared in the order the checks need them."""

    name: Name
    type: SquadType
    cost: int = Field(ge=0, le=10000, description="the printed squad cost (talents/weapons extra)")
    units: int = Field(1, ge=UNITS_BOUNDS[0], le=UNITS_BOUNDS[1])
    hp: int = Field(ge=STAT_BOUNDS["hp"][0], le=STAT_BOUNDS["hp"][1])
    hardy_units: int = Field(0, ge=0, le=UNITS_BOUNDS[1] - 1,
                             description="the first units that start with 1 HP more than printed (a handicap "
                                         "the scenario generator gives; the printed cost is unchanged)")
    move: int = Field(ge=STAT_BOUNDS["move"][0], le=STAT_BOUNDS["move"][1])
    range: int = Field(ge=STAT_BOUNDS["range"][0], le=STAT_BOUNDS["range"][1])
    attack: int = Field(ge=STAT_BOUNDS["attack"][0], le=STAT_BOUNDS["attack"][1])
    defense: int = Field(ge=STAT_BOUNDS["defense"][0], le=STAT_BOUNDS["defense"][1])
    height: int = Field(ge=STAT_BOUNDS["height"][0], le=STAT_BOUNDS["height"][1])
    special: Optional[SpecialAbility] = None
    icons: list[Icon] = Field(default_factory=list, description="hand = talents, goblet = relics, sword = weapons")
    talent_limit: int = Field(DEFAULT_TALENT_LIMIT, ge=0, le=12)
    talents: list[str] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    faction: Optional[str] = None

    @field_validator("hardy_units")
    @classmethod
    def _hardy_units(cls, hardy: int, info) -> int:
        """Fewer hardy units than units (all of them would just be 1 HP more), and room above the HP."""
        units, hp = info.data.get("units"), info.data.get("hp")
        if hardy and units is not None and hardy >= units:
            raise ValueError(f"{hardy} is above the maximum {units - 1} for a squad of {units} "
                             f"unit{'s' if units != 1 else ''} (a squad of 1 HP more on every unit has hp {(hp or 0) + 1})")
        if hardy and hp is not None and hp + 1 > STAT_BOUNDS["hp"][1]:
            raise ValueError(f"no room: hp {hp} is the most a unit may have, so no unit can start with 1 HP more")
        return hardy

    def unit_hp(self, unit: int, hp: int | None = None) -> int:
        """The HP unit ``unit`` (0 first) starts with: ``hp`` (the squad's in play, the printed by
        default), one more for the first :attr:`hardy_units`."""
        return (self.hp if hp is None else hp) + (1 if unit < self.hardy_units else 0)

    @model_serializer(mode="wrap")
    def _without_hardy_units(self, handler):
        """A squad with no hardy units is written as the book prints it, without the field."""
        data = handler(self)
        if not self.hardy_units and isinstance(data, dict):
            data.pop("hardy_units", None)
        return data

    @property
    def hardy_words(self) -> str:
        """The hardy units in a player's words ("" when none): "units 1-2: 3 HP"."""
        if not self.hardy_units:
            return ""
        return f"{unit_numbers(0, self.hardy_units - 1)}: {self.hp + 1} HP"

    @field_validator("icons")
    @classmethod
    def _icons(cls, icons: list[str], info) -> list[str]:
        if len(set(icons)) != len(icons):
            raise ValueError(f"icons {icons} repeat an icon; each of hand, goblet, sword at most once")
        squad_type = info.data.get("type")
        if "goblet" in icons and squad_type is not None and squad_type != "hero":
            raise ValueError(f"the goblet icon (relics) is for heroes only, not a {squad_type} squad")
        return icons

    @field_validator("talents")
    @classmethod
    def _talents(cls, talents: list[str], info) -> list[str]:
        if not talents:
            return talents
        icons = info.data.get("icons")
        if icons is not None and "hand" not in icons:
            raise ValueError(f"{talents} need the hand icon; this squad's icons are {icons or 'none'}")
        limit = info.data.get("talent_limit", DEFAULT_TALENT_LIMIT)
        if len(talents) > limit:
            raise ValueError(f"{len(talents)} talents is above the maximum {limit} for this squad")
        names = [find_talent(name).name for name in talents]  # unknown names list the known ones
        if len(set(names)) != len(names):
            raise ValueError(f"{talents} takes a talent twice; each talent at most once per squad")
        return names

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, weapons: list[Weapon], info) -> list[Weapon]:
        icons = info.data.get("icons")
        if weapons and icons is not None and "sword" not in icons:
            raise ValueError(f"weapons need the sword icon; this squad's icons are {icons or 'none'}")
        units = info.data.get("units", 1)
        if len(weapons) > units:
            raise ValueError(f"{len(weapons)} weapons for {units} units: each weapon is carried by one unit")
        return weapons

    @field_validator("faction")
    @classmethod
    def _faction(cls, value: Optional[str]) -> Optional[str]:
        return None if value is None else faction_named(value)

    @model_validator(mode="after")
    def _talents_that_do_something(self) -> "Squad":
        """A talent whose effect needs a stat the squad lacks is refused: Extended Shot adds +2
        Range only to a Range of 2 or more, so a Range 1 squad (whose weapons reach no further)
        gains nothing from it."""
        for name in self.talents:
            talent = find_talent(name)
            for stat, minimum in talent.requires.items():
                best = getattr(self, stat) + max([0, *(getattr(w, stat, 0) for w in self.weapons)])
                if best < minimum:
                    raise ValueError(
                        f"{talent.name} does nothing for a squad with {stat.title()} {getattr(self, stat)}: "
                        f"it needs {stat.title()} {minimum} or more"
                    )
        return self

    # -- derived ------------------------------------------------------------------------------
    @property
    def special_stats(self) -> dict[str, int]:
        """The stat changes of a ``stats`` special (applied in play like a talent's)."""
        effect = self.special.effect if self.special else None
        return effect.bonus() if isinstance(effect, StatChange) else {}

    @property
    def stats(self) -> UnitStats:
        """The printed stat line (talents and weapons not applied)."""
        return UnitStats(hp=self.hp, move=self.move, range=self.range, attack=self.attack,
                         defense=self.defense, height=self.height)

    def can(self, what: Literal["talents", "relics", "weapons"]) -> bool:
        """Whether the card's icons allow talents, relics or weapons."""
        return any(ICON_MEANING[icon] == what for icon in self.icons)

    @property
    def talent_cost(self) -> int:
        return sum(find_talent(name).cost for name in self.talents)

    @property
    def weapon_cost(self) -> int:
        return sum(w.cost for w in self.weapons)

    @property
    def total_cost(self) -> int:
        """What the squad costs the team: the card plus its talents and weapons."""
        return self.cost + self.talent_cost + self.weapon_cost


class Team(_Strict):
    """``kind: team``: a side's squads bought from a point limit."""

    name: Name
    faction: Optional[str] = None
    example: bool = Field(False, description="true for the tool's own made-up example teams")
    notes: str = ""
    point_limit: int = Field(DEFAULT_POINT_LIMIT, ge=1, le=100000)
    squads: list[Squad] = Field(min_length=1)

    @field_validator("squads")
    @classmethod
    def _within_limit(cls, squads: list[Squad], info) -> list[Squad]:
        names = [s.name for s in squads]
        doubles = sorted({n for n in names if names.count(n) > 1})
        if doubles:
            raise ValueError(f"squad names must be unique; repeated: {', '.join(doubles)}")
        limit = info.data.get("point_limit")
        if limit is None:
            return squads
        total = _total(squads)
        if total > limit:
            parts = (f"squads {sum(s.cost for s in squads)} + talents {sum(s.talent_cost for s in squads)}"
                     f" + weapons {sum(s.weapon_cost for s in squads)}")
            raise ValueError(f"the team costs {total} points ({parts}), above the point limit {limit}")
        return squads

    @field_validator("faction")
    @classmethod
    def _faction(cls, value: Optional[str]) -> Optional[str]:
        return None if value is None else faction_named(value)

    @model_validator(mode="after")
    def _one_side(self) -> "Team":
        """A team fights for one house; mercenaries may join either."""
        houses = {s.faction for s in self.squads if s.faction and s.faction != MERCENARIES}
        if self.faction and self.faction != MERCENARIES:
            strangers = sorted(s.name for s in self.squads if s.faction and s.faction not in (self.faction, MERCENARIES))
            if strangers:
                raise ValueError(
                    f"a {self.faction} team cannot field {', '.join(strangers)} of another faction; "
                    f"only {MERCENARIES} may join either side"
                )
        elif len(houses) > 1:
            raise ValueError(f"squads of {' and '.join(sorted(houses))} cannot fight in one team; only {MERCENARIES} may join either side")
        return self

    @property
    def side(self) -> Optional[str]:
        """The house the team fights for: its own faction, else its squads' (mercenaries follow)."""
        if self.faction and self.faction != MERCENARIES:
            return self.faction
        houses = {s.faction for s in self.squads if s.faction and s.faction != MERCENARIES}
        return next(iter(houses), self.faction)

    @property
    def total_cost(self) -> int:
        return _total(self.squads)

    @property
    def abilities_not_simulated(self) -> list[str]:
        """The printed abilities battles do not play (flavour-only specials and talents), by
        name: a balance verdict reports how many, a card prints them greyed."""
        out = [s.special.name for s in self.squads if s.special and not s.special.simulated]
        out += [f"{name} ({s.name})" for s in self.squads for name in s.talents if find_talent(name).flavour]
        return out

    @property
    def unspent(self) -> int:
        return self.point_limit - self.total_cost

    @property
    def initiative_bonus(self) -> int:
        """+1 to initiative for every full 10 points left unspent."""
        return initiative_bonus(self.unspent)


def _total(squads: list[Squad]) -> int:
    return sum(s.total_cost for s in squads)


def initiative_bonus(unspent_points: int) -> int:
    """Each full 10 points left unspent adds 1 to a side's initiative."""
    return max(0, unspent_points) // 10


# -- random tables ----------------------------------------------------------------------------
class TypeProfile(_Strict):
    """What a random squad of one type may roll: bounds per stat, Range picked from a list."""

    units: tuple[int, int]
    hp: tuple[int, int]
    move: tuple[int, int]
    range: list[int] = Field(min_length=1)
    attack: tuple[int, int]
    defense: tuple[int, int]
    height: tuple[int, int]
    icons: list[Icon] = Field(default_factory=list)

    @field_validator("units", "hp", "move", "attack", "defense", "height")
    @classmethod
    def _bounds(cls, value: tuple[int, int], info) -> tuple[int, int]:
        lo, hi = value
        allowed = UNITS_BOUNDS if info.field_name == "units" else STAT_BOUNDS[info.field_name]
        if lo > hi:
            raise ValueError(f"[{lo}, {hi}] has its low bound above its high bound")
        if lo < allowed[0] or hi > allowed[1]:
            raise ValueError(f"[{lo}, {hi}] is outside the allowed {allowed[0]} to {allowed[1]}")
        return value

    @field_validator("range")
    @classmethod
    def _ranges(cls, values: list[int]) -> list[int]:
        lo, hi = STAT_BOUNDS["range"]
        bad = [v for v in values if not lo <= v <= hi]
        if bad:
            raise ValueError(f"range choices {bad} are outside the allowed {lo} to {hi}")
        return values


class RandomNames(_Strict):
    hero_first: list[str] = Field(min_length=1)
    hero_epithet: list[str] = Field(min_length=1)
    minion_adjective: list[str] = Field(min_length=1)
    minion_noun: list[str] = Field(min_length=1)
    creature: list[str] = Field(min_length=1)


class RandomTables(_Strict):
    """``kind: random_tables``: the random squad builder's tables."""

    name: Name
    type_weights: dict[SquadType, int]
    profiles: dict[SquadType, TypeProfile]
    names: RandomNames


class CostModel(_Strict):
    """``kind: cost_model``: the free weights of the squad cost model (docs/costs-sagaborn.md).

    ``scale`` is points per unit of sqrt(offence x durability); ``per_move``, ``per_range`` and
    ``per_height`` the share of a unit's combat value that one hex of Move, one hex of Range and
    one level of Height above the reference unit (Move 5, Range 1, Height 2) add. The book prints
    no squad costs; these are fitted on battles played on the board (tools/fit_sagaborn_cost.py).
    """

    name: Name
    note: Optional[str] = None
    scale: float = Field(gt=0)
    per_move: float = Field(ge=0, lt=0.5)
    per_range: float = Field(ge=0, lt=0.5)
    per_height: float = Field(ge=0, lt=0.5)
    fitted: Optional[dict] = Field(default=None, description="how the weights were fitted (provenance only)")


def cost_model() -> CostModel:
    """The built-in cost weights (content/sagaborn/cost-model.yaml)."""
    return _load_builtin("cost-model.yaml", CostModel)  # type: ignore[return-value]


def _load_builtin(filename: str, model: type[BaseModel]) -> BaseModel:
    """``sagaborn/<filename>`` through the content library (the user's ``--content`` copy first)."""
    from generator.content import load_content

    return load_content(f"sagaborn/{filename}", model)


def random_tables() -> RandomTables:
    """The built-in random tables (content/sagaborn/random-tables.yaml)."""
    return _load_builtin("random-tables.yaml", RandomTables)  # type: ignore[return-value]
