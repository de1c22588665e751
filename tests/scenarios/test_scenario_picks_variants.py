"""Which kinds of force a scenario favours, "the underdog chooses", and Gorechosen's Kingslayer
and 2v2 as generated scenarios."""

from __future__ import annotations

import pytest

from generator.dice.rng import Rng
from generator.balance.opponent import Settings as OpponentSettings
from generator.scenarios.generate import Settings, generate
from generator.scenarios.model import Lean, dump_scenario, load_scenario

#: A light search: these tests check the plumbing, not the balance (benchmarks measure that).
QUICK = Settings(battles=60, look_every=60, screen_battles=16, lively_tries=1, archetype_battles=20,
                 opponent=OpponentSettings(candidates=2, screen_battles=16, knob_battles=16, knob_steps=1, verdicts=1,
                                           alternatives=0))


def test_a_lean_is_named_only_when_the_interval_excludes_an_even_match():
    ahead = Lean(pair=("horde", "elite"), games=200, score=0.6, ci95=(0.53, 0.66), lean="horde")
    assert ahead.sentence().startswith("favours horde by 10 points")
    behind = Lean(pair=("ranged", "melee"), games=200, score=0.4, ci95=(0.33, 0.47), lean="melee")
    assert behind.sentence().startswith("favours melee by 10 points")
    even = Lean(pair=("ranged", "melee"), games=200, score=0.52, ci95=(0.45, 0.59))
    assert even.sentence().startswith("ranged vs melee: no clear lean")
    assert "n/a" in Lean(pair=("horde", "elite"), note="one champion a side").sentence()
    with pytest.raises(ValueError, match="includes 50%"):
        Lean(pair=("horde", "elite"), games=200, score=0.52, ci95=(0.45, 0.59), lean="horde")
    with pytest.raises(ValueError, match="the interval says 'horde'"):
        Lean(pair=("horde", "elite"), games=200, score=0.6, ci95=(0.53, 0.66))
    with pytest.raises(ValueError, match="not an archetype pair"):
        Lean(pair=("horde", "melee"), games=200, score=0.5, ci95=(0.43, 0.57))


def test_the_underdog_keeps_one_card_of_each_hand_and_every_hand_is_recorded():
    from generator.scenarios.decks import Underdog, decks, draw

    cards = decks("bladeborn")["twist"]
    first = Underdog("b")
    kept = draw(cards, first, Rng(4))
    assert first.hands and first.kept == [kept.name] == [first.hands[0][0]] and len(first.hands[0]) == 3
    second = Underdog("b", script=[2])
    assert draw(cards, second, Rng(4)).name == first.hands[0][2] and second.hands == first.hands  # the same deal


def _generated(name: str, seed: int, **kw):
    made = generate(name, seed, settings=QUICK, jobs=1, **kw)
    text = dump_scenario(made.scenario)
    return made, text


def test_pick_underdog_records_who_chose_and_what_they_kept(tmp_path):
    from generator.layout.booklet import booklet_bytes
    from tests.layout.test_booklet import texts

    made, text = _generated("gorechosen", 4, pick="underdog")
    pick = made.scenario.pick
    assert pick.mode == "underdog" and pick.chooser in ("a", "b") and pick.why
    assert pick.hands and all(h.kept in h.dealt and len(h.dealt) == 3 for h in pick.hands)
    assert made.scenario.twist.card == pick.hands[0].kept  # the variant played is the one the underdog kept
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    loaded = load_scenario(path)
    assert dump_scenario(loaded.scenario) == text
    pages = texts(booklet_bytes(loaded))
    setup = " ".join(p for p in pages if "How the cards were picked" in p)
    assert "The underdog chose the cards" in setup and pick.hands[0].kept in setup


# 2v2 battles are three times slower than a duel's: its scenario runs with --runslow
@pytest.mark.parametrize("seed, variant, shape", [(5, "kingslayer", (1, 2)),
                                                  pytest.param(32, "2v2", (2, 2), marks=pytest.mark.slow)])
def test_gorechosen_kingslayer_and_2v2_scenarios_generate_validate_replay_and_print(tmp_path, seed, variant, shape):
    from generator.layout.booklet import booklet_bytes
    from generator.play.engine import play
    from generator.play.policies import policy_for

    made, text = _generated("gorechosen", seed)
    system = made.loaded.system
    options = system.scenario_options(made.loaded)
    assert options["variant"] == variant
    rosters = made.loaded.rosters
    assert tuple(len(rosters[s].champions) for s in ("a", "b")) == shape
    # every champion who fights is priced within the side's budget
    assert all(made.loaded.costs[s] <= getattr(made.scenario.budgets, s) for s in ("a", "b"))
    assert made.loaded.costs["b"] > max(c.cost for c in system.price(rosters["b"].champions[:1])) - 1e-9
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    loaded = load_scenario(path)
    greedy = policy_for(system, "greedy")

    def battle(sc):
        b = system.make_battle(sc.rosters["a"], sc.rosters["b"], system.scenario_options(sc))
        return play(system.game, b, {"a": greedy, "b": greedy}, Rng(7)).to_json()

    assert battle(loaded) == battle(made.loaded)
    # the balance figures read from side A's point of view, whatever the search seated
    assert made.verdict.names == (rosters["a"].name, rosters["b"].name)
    assert {e["fighter"] for e in battle(loaded)["events"] if e.get("action") == "place"}.__len__() == sum(shape)
    leans = {tuple(l.pair): l for l in loaded.scenario.balance.favours}
    if variant == "kingslayer":
        assert all(l.note and "differ in shape" in l.note for l in leans.values())
    else:
        assert leans[("horde", "elite")].note and leans[("ranged", "melee")].games == QUICK.archetype_battles
    pdf = booklet_bytes(loaded)
    assert pdf == booklet_bytes(loaded)
    from tests.layout.test_booklet import texts

    report = " ".join(texts(pdf))
    assert "Which kinds of force it favours" in report and made.scenario.twist.name in report


def test_a_table_unfair_to_a_seat_is_reported_not_a_crash():
    """Seed 31 draws Single Combat tables on which side A's own mirror match favours a seat (the
    second scores 69% of the screen): the scenario is written, says it is not balanced, and why."""
    made, _ = _generated("gorechosen", 31)
    assert not made.balanced
    assert any("no table drawn was fair to both sides" in note for note in made.notes)

