"""A toy game for the balance tests: two forces of units trade dice until one is wiped out.

It implements the engine's State protocol (roll-off for the first turn, legal actions, apply
with dice, outcome) in a few lines, so the balance layer is tested without any system's game.
Each turn the current player's standing units roll one die per point of attack; every 4+ is a
wound on the enemy unit the player chose. After ``ROUNDS`` rounds the side with more health
left wins (equal: a draw). Units come from a small catalogue with prices; ``MISPRICED`` is the
same game with the brute's price halved, the planted mispricing ``calibrate`` must find.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from pydantic import BaseModel

from generator.errors import SkirmishError
from generator.play.engine import Battle, Outcome
from generator.systems.base import Built, Priced, System

ROUNDS = 6
#: name -> (attack, health, fair price)
CATALOGUE = {"scout": (1, 2, 10), "warrior": (2, 3, 20), "brute": (3, 5, 35), "hero": (4, 6, 50)}


class Unit(BaseModel):
    name: str
    attack: int
    health: int


class Force(BaseModel):
    name: str = "toy force"
    units: list[Unit]


def units_of(force: Force) -> list[Unit]:
    return list(force.units)


def describe(unit: Unit) -> str:
    return f"{unit.name}: attack {unit.attack}, health {unit.health}"


def _base(name: str) -> str:
    return name.split(" ")[0]


def price(units, halved: str | None = None) -> list[Priced]:
    out = []
    for unit in units:
        cost = CATALOGUE[_base(unit.name)][2] * (0.5 if _base(unit.name) == halved else 1)
        out.append(Priced(unit.name, cost))
    return out


def make_unit(kind: str) -> Unit:
    attack, health, _ = CATALOGUE[kind]
    return Unit(name=kind, attack=attack, health=health)


def build_random(rng, count: int = 1, points=None, halved: str | None = None) -> list[Built]:
    """One random force within ``points`` (as close as the catalogue allows), or ``count`` units."""
    kinds = sorted(CATALOGUE)
    cost = {k: price([make_unit(k)], halved)[0].cost for k in kinds}
    if points is None:
        return [Built(make_unit(rng.choice(kinds))) for _ in range(count)]
    if points < min(cost.values()):
        raise SkirmishError(f"--points {points:g} is too small: the cheapest toy unit costs {min(cost.values()):g}")
    left, built = float(points), []
    while True:
        fits = [k for k in kinds if cost[k] <= left]
        if not fits:
            break
        kind = rng.choice(fits)
        left -= cost[kind]
        built.append(Built(make_unit(kind)))
    return built


def roster_document(units, name: str) -> dict:
    return {"system": "toy", "kind": "roster", "name": name, "units": [u.model_dump() for u in units]}


@dataclass(frozen=True)
class Attack:
    target: int


@dataclass
class ToyState:
    units: dict  # side -> list of [attack, health left]
    player: str
    first: str
    round: int = 1
    turns: int = 0
    events: list = field(default_factory=list)

    def current_player(self) -> str:
        return self.player

    def legal_actions(self):
        enemy = "b" if self.player == "a" else "a"
        return [Attack(i) for i, (_, hp) in enumerate(self.units[enemy]) if hp > 0]

    def apply(self, action: Attack, rng) -> list[dict]:
        side, enemy = self.player, ("b" if self.player == "a" else "a")
        dice = sum(a for a, hp in self.units[side] if hp > 0)
        rolls = rng.dice(dice, 6)
        hits = sum(1 for r in rolls if r >= 4)
        target = self.units[enemy][action.target]
        target[1] = max(0, target[1] - hits)
        self.turns += 1
        self.player = enemy
        if self.turns % 2 == 0:
            self.round += 1
        return [{"round": self.round, "side": side, "action": "attack", "target": action.target, "rolls": rolls, "hits": hits}]

    def _health(self, side: str) -> int:
        return sum(hp for _, hp in self.units[side])

    def is_terminal(self) -> bool:
        return self.round > ROUNDS or self._health("a") == 0 or self._health("b") == 0

    def outcome(self) -> Outcome:
        a, b = self._health("a"), self._health("b")
        winner = "a" if a > b else "b" if b > a else None
        return Outcome(winner, {"a": a, "b": b}, min(self.round, ROUNDS), "health")

    def header(self) -> dict:
        return {"grid": {}, "sides": {}}


class ToyGame:
    system = "toy"

    def new_state(self, battle: Battle, rng):
        while True:  # roll-off for the first turn, re-rolling ties
            a, b = rng.die(6), rng.die(6)
            if a != b:
                break
        first = "a" if a > b else "b"
        units = {side: [[u.attack, u.health] for u in battle.forces[side].units] for side in ("a", "b")}
        return ToyState(units, first, first), [{"action": "roll_off", "rolls": [a, b], "side": first}]


class Greedy:
    """Attacks the enemy unit with the least health left (finish what can be finished)."""

    name = "greedy"

    def choose(self, state, actions, rng):
        enemy = "b" if state.current_player() == "a" else "a"
        return min(actions, key=lambda act: (state.units[enemy][act.target][1], act.target))


def make_battle(force_a: Force, force_b: Force, options: dict) -> Battle:
    unknown = set(k for k, v in options.items() if v is not None) - {"map", "card", "variant", "twist"}
    if unknown:
        raise SkirmishError(f"toy: unknown option {sorted(unknown)[0]}")
    if options.get("card") not in (None, "standard"):
        raise SkirmishError(f"card: {options['card']!r} is not a toy battle card; choose standard")
    return Battle("toy", {"a": force_a, "b": force_b}, None, {"card": "standard"}, {"a": force_a.name, "b": force_b.name})


def toy_fight(force_a: Force, force_b: Force, rng):
    """The boardless ``fight`` interface, for the fallback path."""
    from generator.play.engine import play

    return play(GAME, make_battle(force_a, force_b, {}), {"a": Greedy(), "b": Greedy()}, rng, keep_log=False).winner


GAME = ToyGame()


def _system(halved: str | None = None, title: str = "Toy") -> System:
    return System(
        name="toy",
        title=title,
        summary="A toy dice game for tests.",
        content_models={"roster": Force},
        combatants=units_of,
        describe=describe,
        price=partial(price, halved=halved),
        build_random=partial(build_random, halved=halved),
        game=GAME,
        make_battle=make_battle,
        policies={"greedy": Greedy},
        extra={"roster_document": roster_document},
    )


SYSTEM = _system()
MISPRICED = _system("brute", "Toy (brute at half price)")
FIGHT_ONLY = System(name="toy", title="Toy (fight only)", summary="", content_models={"roster": Force},
                    combatants=units_of, describe=describe, price=price, fight=toy_fight,
                    build_random=build_random, extra={"roster_document": roster_document})


def force(*kinds: str, name: str = "toy force") -> Force:
    return Force(name=name, units=[make_unit(k) for k in kinds])
