"""Each system's scenario recipe: drawn from its decks, checked as a scenario, played by its engine."""

from __future__ import annotations

import pytest

from generator.content import load_roster
from generator.dice.rng import Rng
from generator.play.engine import play
from generator.play.policies import policy_for
from generator.resources import content_dir
from generator.scenarios.model import dump_scenario, roster_dump, validate
from generator.systems import get_system

C = content_dir()
FORCES = {
    "bladeborn": ("bladeborn/example-cinder-oath.yaml", "bladeborn/example-hollowmere-stalkers.yaml"),
    "warcry": ("warcry/example-gilded-ruin.yaml", "warcry/example-marrowfen-raiders.yaml"),
    "gorechosen": ("gorechosen/example_brass_pit.yaml", "gorechosen/example_cinder_arena.yaml"),
    "bladestorm": ("bladestorm/example-test-of-arms-outriders.yaml", "bladestorm/example-test-of-arms-wardens.yaml"),
    "sagaborn": ("sagaborn/house-vareth.yaml", "sagaborn/driftborn.yaml"),
}


def _scenario(name: str, seed: int):
    system = get_system(name)
    parts = system.scenario_draft(name, Rng(seed).spawn("draft"))
    rosters = [load_roster(C / path)[1] for path in FORCES[name]]
    data = {"system": name, "kind": "scenario", "seed": seed, "title": "A test", "tale": "A test.",
            "map": parts["map"], "deployment": parts["deployment"], "objectives": parts["objectives"],
            "victory": parts["victory"], "budgets": {"a": 400, "b": 400} if name == "sagaborn" else {"a": 5000, "b": 5000},
            "forces": {"a": roster_dump(rosters[0]), "b": roster_dump(rosters[1])}}
    if parts.get("twist"):
        data["twist"] = parts["twist"]
    return system, validate(data), rosters


@pytest.mark.parametrize("name", sorted(FORCES))
def test_a_drawn_scenario_is_valid_and_its_battle_plays(name):
    for seed in range(3):
        system, loaded, (a, b) = _scenario(name, seed)
        battle = system.make_battle(a, b, system.scenario_options(loaded))
        greedy = policy_for(system, "greedy")
        result = play(system.game, battle, {"a": greedy, "b": greedy}, Rng(seed))
        assert result.winner in ("a", "b", None) and result.rounds >= 1


@pytest.mark.parametrize("name", sorted(FORCES))
def test_the_same_seed_draws_the_same_scenario(name):
    first = dump_scenario(_scenario(name, 5)[1].scenario)
    assert first == dump_scenario(_scenario(name, 5)[1].scenario)
    assert any(first != dump_scenario(_scenario(name, s)[1].scenario) for s in (6, 7, 8))


def test_a_bladeborn_scenario_battle_passes_the_audit_with_seats_on_their_own_deployment():
    from tests.play.hex_audit import audit

    system, loaded, (a, b) = _scenario("bladeborn", 2)
    battle = system.make_battle(a, b, system.scenario_options(loaded))
    log = play(system.game, battle, {"a": policy_for(system, "greedy"), "b": policy_for(system, "random")}, Rng(1)).to_json()
    assert audit(log, battle.board.map) == []
    starts = {side: set(z.start) for side, z in loaded.board.zones.items()}
    placed = {e["fighter"][0]: e["cell"] for e in log["events"]
              if e["action"] == "place" and not e.get("from_reserve") and not e.get("ability")}  # set-up only
    zone_of = {"a": loaded.board.zones["A"], "b": loaded.board.zones["B"]}
    from generator.boards.mapfile import parse_cell

    grid = loaded.board.grid_obj()
    for side, cell in placed.items():  # a seat sets up in its own territory: its starting cells and their neighbours
        own = {parse_cell(c) for c in zone_of[side].start}
        near = own | {n for c in own for n in grid.neighbours(c)}
        assert parse_cell(cell) in near, (side, cell)
    assert starts


def test_keep_names_only_the_parts_of_a_scenario():
    from generator.errors import SkirmishError
    from generator.scenarios.generate import parse_keep

    assert parse_keep("map,forces") == ("map", "forces")
    with pytest.raises(SkirmishError, match="'weather' is not a part of a scenario"):
        parse_keep("map,weather")


def test_every_sagaborn_card_the_generator_draws_scores_what_it_says_in_battle():
    """Chests opened, units taken down and the shrine held show up as points in the battle."""
    kinds = {"Vault of the Old Kings": "open_chest", "Grave Robbers": "open_chest", "Hold the Shrine": "hold_centre"}
    seen: dict[str, set] = {}
    for seed in range(40):
        system, loaded, (a, b) = _scenario("sagaborn", seed)
        card = loaded.scenario.victory.card
        if card in seen or card == "Behind the Sealed Door":
            continue
        greedy = policy_for(system, "greedy")
        result = play(system.game, system.make_battle(a, b, system.scenario_options(loaded)),
                      {"a": greedy, "b": greedy}, Rng(seed))
        seen[card] = {e["kind"] for e in result.events if e["action"] == "points"}
    assert set(seen) == {"The Lost Reliquary", "Twin Relics", "Vault of the Old Kings", "Grave Robbers",
                         "Hold the Shrine"}
    for card, kind in kinds.items():
        assert kind in seen[card], card
    assert not seen["Twin Relics"] and not seen["The Lost Reliquary"]  # the book's count alone


def _sealed_door_scenario():
    for seed in range(60):
        system, loaded, rosters = _scenario("sagaborn", seed)
        if loaded.scenario.victory.card == "Behind the Sealed Door":
            return system, loaded, rosters
    raise AssertionError("the Sealed Door was not drawn in 60 seeds")


def test_the_sealed_door_walls_its_relic_round_with_the_door_facing_the_attackers():
    system, loaded, _ = _sealed_door_scenario()
    board = loaded.board
    grid = board.grid_obj()
    marker = {o.kind: o.cell for o in loaded.scenario.objectives}
    relic, door = (tuple(int(x) for x in marker[k].split(",")) for k in ("relic", "door"))
    ring = set(grid.neighbours(relic))
    assert door in ring and ring - {door} <= board.impassable_cells()
    attacker = next(s for s in ("a", "b") if getattr(loaded.scenario.deployment, s).role == "attacker")
    starts = [tuple(int(x) for x in c.split(",")) for c in getattr(loaded.scenario.deployment, attacker).start]
    nearest = lambda cell: min(grid.distance(cell, s) for s in starts)  # noqa: E731
    assert nearest(door) == min(nearest(c) for c in ring)
    assert loaded.scenario.deployment.first == attacker  # the card: the attackers move first


def test_behind_the_sealed_door_the_attackers_open_it_and_take_the_relic():
    system, loaded, (a, b) = _sealed_door_scenario()
    battle = system.make_battle(a, b, system.scenario_options(loaded))
    greedy = policy_for(system, "greedy")
    opened = taken = 0
    for seed in range(8):
        events = play(system.game, battle, {"a": greedy, "b": greedy}, Rng(seed)).events
        opened += any(e["action"] == "open" and e.get("what") == "door" for e in events)
        taken += any(e["action"] == "relic" and e.get("what") == "pick_up" for e in events)
    assert opened >= 4 and taken >= 4
