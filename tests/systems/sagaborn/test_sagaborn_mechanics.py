"""SagaBorn Battles rules, checked against the rulebook's own statements and worked example."""

from fractions import Fraction
from itertools import product

import pytest

from generator.dice.battle_dice import face
from generator.dice.rng import Rng
from generator.systems.sagaborn import mechanics as m
from generator.systems.sagaborn import talents
from generator.systems.sagaborn.models import Squad, UnitStats


class ScriptedRng(Rng):
    """An Rng whose d8s come from a script, so a test can stage exact rolls (8 = crit...)."""

    def __init__(self, d8s):
        super().__init__(0)
        self.script = list(d8s)

    def dice(self, count, sides):
        assert sides == 8
        out, self.script = self.script[:count], self.script[count:]
        assert len(out) == count, "script ran out of dice"
        return out


HERO = dict(type="hero", cost=50, hp=6, move=5, range=1, attack=3, defense=3, height=2)


# -- initiative -------------------------------------------------------------------------------
def test_initiative_counts_a_crit_as_two_hits():
    assert m.initiative_score(["crit", "hit", "blank"]) == 3
    assert m.initiative_score(["shield", "shield", "blank"]) == 0


def test_every_ten_unspent_points_add_one_to_initiative():
    assert m.initiative_score(["hit", "blank", "blank"], unspent_points=25) == 3
    assert m.initiative_score(["hit", "blank", "blank"], unspent_points=9) == 1


def test_initiative_ties_are_rolled_again_and_the_winner_may_pass():
    # a rolls hit, shield, shield (1); b rolls hit, blank, blank (1): tie. Then a: crit (2) vs b: hit (1).
    rng = ScriptedRng([6, 1, 1, 7, 4, 5, 8, 1, 1, 6, 1, 1])
    log = []
    result = m.roll_initiative(rng, winner_passes=True, log=log)
    assert len(result.rolls) == 2
    assert result.rolls[0].scores == {"a": 1, "b": 1}
    assert result.winner == "a" and result.first == "b" and result.passed
    assert any("tie" in line for line in log)


def test_initiative_bonus_can_break_what_would_be_a_tie():
    rng = ScriptedRng([6, 1, 1, 7, 4, 5])
    result = m.roll_initiative(rng, unspent={"b": 10})
    assert len(result.rolls) == 1 and result.winner == "b" and result.first == "b"


def test_initiative_odds_match_brute_force_over_all_rolls():
    """Exact chance to win initiative (ties re-rolled) vs enumerating every pair of 3d8 rolls."""
    scores = [sum({"hit": 1, "crit": 2}.get(face(v), 0) for v in roll) for roll in product(range(1, 9), repeat=3)]
    for bonus_a, bonus_b in ((0, 0), (1, 0), (0, 2)):
        win = lose = 0
        for a in scores:
            for b in scores:
                win += a + bonus_a > b + bonus_b
                lose += a + bonus_a < b + bonus_b
        assert m.initiative_win_probability(10 * bonus_a, 10 * bonus_b) == Fraction(win, win + lose)
    assert m.initiative_win_probability() == Fraction(1, 2)


# -- the round --------------------------------------------------------------------------------
def test_sides_alternate_squads_and_the_bigger_side_finishes_alone():
    order = m.activation_order("b", {"a": ["a1", "a2", "a3"], "b": ["b1"]})
    assert order == [("b", "b1"), ("a", "a1"), ("a", "a2"), ("a", "a3")]
    order = m.activation_order("a", {"a": ["a1", "a2"], "b": ["b1", "b2"]})
    assert [s for s, _ in order] == ["a", "b", "a", "b"]


def test_squad_activation_all_units_move_then_each_acts():
    act = m.SquadActivation("Spears", ["s1", "s2", "s3"])
    act.move("s1")
    act.move("s3")
    act.act("s1", "attack")
    assert act.phase == "act"
    with pytest.raises(m.RulesError, match="started its standard actions"):
        act.move("s2")
    act.act("s2", "open")
    with pytest.raises(m.RulesError, match="already taken its standard action"):
        act.act("s1", "attack")
    with pytest.raises(m.RulesError, match="not a unit"):
        act.act("x", "attack")


# -- attacks ----------------------------------------------------------------------------------
def test_halvar_attacks_brym_for_two_damage():
    """The book's example: Attack 4 vs Defense 3; shield, blank, hit, crit vs blank, hit, shield."""
    halvar = UnitStats(hp=6, move=5, range=1, attack=4, defense=3, height=2)
    brym = UnitStats(hp=6, move=5, range=1, attack=3, defense=3, height=2)
    assert m.attack_pools(halvar, brym) == (4, 3)
    # Brym's one shield cancels Halvar's plain hit first; the crit scores 2.
    assert m.attack_damage(["shield", "blank", "hit", "crit"], ["blank", "hit", "shield"]) == 2


def test_one_shield_blocks_a_whole_crit_once_hits_are_gone():
    assert m.attack_damage(["crit", "crit"], ["shield"]) == 2
    assert m.attack_damage(["hit", "crit"], ["shield", "shield"]) == 0


def test_high_ground_gives_one_die_to_whoever_is_above():
    assert m.height_dice(2, 0) == (1, 0)
    assert m.height_dice(0, 1) == (0, 1)
    assert m.height_dice(1, 1) == (0, 0)
    # water is one level below the ground: a unit on the bank attacks a unit in the water from above
    assert m.height_dice(m.effective_level(0), m.effective_level(0, in_water=True)) == (1, 0)


def test_cover_of_half_or_more_adds_a_defence_die():
    attacker = UnitStats(hp=5, move=5, range=4, attack=3, defense=2, height=2)
    target = UnitStats(hp=5, move=5, range=1, attack=3, defense=2, height=2)
    assert m.cover_dice(0.5) == 1 and m.cover_dice(0.49) == 0
    assert m.attack_pools(attacker, target, attacker_level=1, defender_level=0, hidden_fraction=0.6) == (4, 3)
    with pytest.raises(m.RulesError):
        m.cover_dice(1.5)


def test_reach_limits_by_height_rating():
    # above: attacker on level 3 cannot reach down to a level-0 target of Height 2 ...
    assert not m.can_strike(3, 2, 0, 2)
    # ... but can when the drop is no more than the target's Height
    assert m.can_strike(2, 1, 0, 2)
    # below: attacker of Height 1 cannot strike up 2 levels, Height 2 can
    assert not m.can_strike(0, 1, 2, 2)
    assert m.can_strike(0, 2, 2, 2)
    # Range 2+ ignores height as long as the target can be seen
    assert m.can_strike(3, 1, 0, 1, attacker_range=3)
    assert not m.can_strike(3, 1, 0, 1, attacker_range=3, visible=False)


# -- movement ---------------------------------------------------------------------------------
LAND, WATER, HILL, CLIFF = m.Hex(0), m.Hex(0, water=True), m.Hex(1), m.Hex(3)


def test_water_costs_double_in_and_within_but_not_out():
    assert m.step_cost(LAND, LAND, height=1) == 1
    assert m.step_cost(LAND, WATER, height=1) == 2
    assert m.step_cost(WATER, WATER, height=1) == 2
    assert m.step_cost(WATER, LAND, height=1) == 1


def test_climbing_costs_one_per_level_and_at_most_height_levels():
    assert m.step_cost(LAND, HILL, height=1) == 2
    assert m.step_cost(HILL, LAND, height=1) == 1  # stepping down is free
    assert m.step_cost(LAND, CLIFF, height=2) is None
    assert m.step_cost(LAND, CLIFF, height=3) == 4


def test_leaving_a_hex_next_to_an_enemy_costs_double():
    assert m.step_cost(LAND, LAND, height=1, leaving_enemy_adjacent=True) == 2
    path = [LAND, LAND, WATER, LAND, HILL]
    assert m.path_cost(path, height=1, enemy_adjacent=[True, False, False, False, False]) == 2 + 2 + 1 + 2
    assert m.can_move(7, path, 1, [True, False, False, False, False])
    assert not m.can_move(6, path, 1, [True, False, False, False, False])
    assert m.path_cost([LAND, CLIFF], height=1) is None


# -- sight ------------------------------------------------------------------------------------
def test_friendly_figures_do_not_block_sight_but_enemies_do():
    assert m.line_of_sight(figures_between=[False, False])
    assert not m.line_of_sight(figures_between=[False, True])
    assert not m.line_of_sight(wall_between=True)
    assert not m.line_of_sight(behind_terrain_as_tall=True)


# -- talents ----------------------------------------------------------------------------------
def test_stat_talents_change_the_stat_line():
    base = UnitStats(hp=6, move=5, range=1, attack=3, defense=3, height=2)
    got = talents.apply_talents(base, ["Weapon Specialty", "Dodge", "Run"])
    assert (got.attack, got.defense, got.move) == (4, 4, 7)
    assert talents.apply_talents(base, ["Extended Shot"]).range == 1  # needs Range 2 or more
    assert talents.apply_talents(base.model_copy(update={"range": 3}), ["Extended Shot"]).range == 5
    ruthless = talents.apply_talents(base, ["Ruthless"])
    assert (ruthless.attack, ruthless.defense) == (4, 2)
    assert talents.apply_talents(base, ["Ruthless"], decline=["Ruthless"]) == base


def test_exhausted_talents_come_back_next_round():
    cards = talents.TalentCards(["Parry", "Dodge"])
    cards.exhaust("Parry")
    with pytest.raises(m.RulesError, match="exhausted until the next round"):
        cards.exhaust("Parry")
    with pytest.raises(m.RulesError, match="always on"):
        cards.exhaust("Dodge")
    with pytest.raises(m.RulesError, match="no Riposte"):
        cards.exhaust("Riposte")
    cards.refresh()
    assert cards.ready("Parry")


def test_feint_makes_the_defender_reroll_a_shield_once_per_round():
    cards = talents.TalentCards(["Feint"])
    log = []
    got = talents.feint(ScriptedRng([6]), cards, ["blank", "shield", "shield"], log=log)
    assert got == ["blank", "hit", "shield"] and log == ["Feint: die 2 shield -> hit"]
    with pytest.raises(m.RulesError):
        talents.feint(ScriptedRng([6]), cards, ["shield"])


def test_parry_rerolls_up_to_two_defence_dice():
    cards = talents.TalentCards(["Parry"])
    got = talents.parry(ScriptedRng([1, 2]), cards, ["blank", "shield", "hit", "blank"])
    assert got == ["shield", "shield", "shield", "blank"]
    with pytest.raises(m.RulesError, match="up to 2"):
        talents.parry(ScriptedRng([1, 1, 1]), talents.TalentCards(["Parry"]), ["blank"] * 3, indices=[0, 1, 2])


def test_lone_wolf_needs_no_friend_within_six_and_never_rerolls_a_die_twice():
    with pytest.raises(m.RulesError, match="within 6"):
        talents.lone_wolf(ScriptedRng([]), talents.TalentCards(["Lone Wolf"]), ["blank"], nearest_friend=6)
    got = talents.lone_wolf(ScriptedRng([8, 8]), talents.TalentCards(["Lone Wolf"]), ["blank", "hit", "blank"],
                      nearest_friend=7, already_rerolled=[1])
    assert got == ["crit", "hit", "crit"]


def test_cleave_protector_riposte_battlecall_once_per_round():
    cards = talents.TalentCards(["Cleave", "Protector", "Riposte", "Battlecall"])
    assert not talents.cleave(cards, target_killed=False, target_adjacent=True)
    assert talents.cleave(cards, target_killed=True, target_adjacent=True)
    assert not talents.cleave(cards, target_killed=True, target_adjacent=True)
    assert not talents.protector(cards, distance_to_friend=3)
    assert talents.protector(cards, distance_to_friend=2) and not talents.protector(cards, 1)
    assert talents.riposte(cards) and not talents.riposte(cards)
    assert talents.battlecall_targets({"Spears": 2, "Bows": 3}) == ["Spears"]
    assert talents.battlecall(cards, "Spears", {"Spears": 2, "Bows": 3}) == 2
    cards.refresh()
    with pytest.raises(m.RulesError, match="reaches 2"):
        talents.battlecall(cards, "Bows", {"Spears": 2, "Bows": 3})


# -- relics and the cut-off -------------------------------------------------------------------
def test_relics_are_picked_up_on_their_hex_passed_by_the_holder_used_by_heroes():
    relic = m.Relic("Crown of Ash", hex=(2, 3))
    act = m.SquadActivation("Spears", ["s1", "s2"])
    with pytest.raises(m.RulesError, match="must stand on"):
        m.pick_up_relic(relic, "s1", (2, 4), act)
    m.pick_up_relic(relic, "s1", (2, 3), act)
    assert relic.holder == "s1" and act.acted == {"s1": "pick_up_relic"}
    with pytest.raises(m.RulesError, match="held by s1"):
        m.pass_relic(relic, "s2", "hero", act)
    m.pass_relic(relic, "s1", "hero")
    minion = Squad(name="Spears", type="minion", cost=40, units=2, hp=3, move=4, range=1, attack=2,
                   defense=2, height=1, icons=["sword"])
    hero = Squad(name="Hero", icons=["hand", "goblet", "sword"], **HERO)
    assert m.can_use_relic(hero) and not m.can_use_relic(minion)
    m.use_relic(relic, "hero", hero)
    with pytest.raises(m.RulesError, match="only heroes"):
        m.use_relic(m.Relic("Cup", holder="s2"), "s2", minion)


def test_twelve_round_cutoff_scores_survivors_and_twenty_per_relic():
    hero = Squad(name="Hero", icons=["hand", "goblet", "sword"], talents=["Dodge"], **HERO)
    spears = Squad(name="Spears", type="minion", cost=60, units=3, hp=3, move=4, range=1, attack=2,
                   defense=2, height=1)
    a = m.cutoff_score([m.Survivors(hero, 1), m.Survivors(spears, 2)], relics_held=1)
    assert a == 60 + 40 + 20
    b = m.cutoff_score([m.Survivors(spears, 3)], relics_held=2)
    assert b == 100
    assert m.cutoff_winner({"a": a, "b": b}) == "a"
    assert m.cutoff_winner({"a": 100, "b": 100}) is None
    assert not m.battle_over_by_cutoff(11) and m.battle_over_by_cutoff(12)
    with pytest.raises(m.RulesError):
        m.Survivors(spears, 4)


def test_exact_odds_of_an_attack_from_the_high_ground_into_cover():
    from generator.dice.battle_dice import attack_odds

    archer = UnitStats(hp=5, move=5, range=4, attack=3, defense=2, height=2)
    target = UnitStats(hp=5, move=5, range=1, attack=3, defense=2, height=2)
    odds = m.attack_odds_between(archer, target, attacker_level=2, defender_level=0, hidden_fraction=0.5)
    assert odds == attack_odds(4, 3)
    assert odds.expected_damage < m.attack_odds_between(archer, target, 2, 0).expected_damage


def test_a_weapon_arms_one_unit_only():
    from generator.systems.sagaborn.models import Weapon

    spears = Squad(name="Spears", type="minion", cost=60, units=3, hp=3, move=4, range=1, attack=2,
                   defense=2, height=1, icons=["sword"], weapons=[{"name": "Longbow", "cost": 10, "range": 3}])
    carrier = talents.armed(spears, spears.weapons[0])
    assert carrier.range == 4 and spears.range == 1 and spears.total_cost == 70
    assert talents.armed(spears, Weapon(name="Maul", cost=5, attack=1, defense=-3)).defense == 0


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 6), st.integers(0, 6), st.sampled_from(["a", "b"]))
def test_activation_order_uses_every_squad_once_and_alternates_while_both_have_some(na, nb, first):
    squads = {"a": [f"a{i}" for i in range(na)], "b": [f"b{i}" for i in range(nb)]}
    order = m.activation_order(first, squads)
    assert sorted(name for _, name in order) == sorted(squads["a"] + squads["b"])
    both = 2 * min(na, nb)
    sides = [side for side, _ in order[:both]]
    assert all(x != y for x, y in zip(sides, sides[1:]))
    if both:
        assert sides[0] == first or not squads[first]


hexes = st.builds(m.Hex, level=st.integers(-1, 4), water=st.booleans())


@settings(max_examples=80, deadline=None)
@given(st.lists(hexes, min_size=2, max_size=6), st.integers(1, 5))
def test_a_path_costs_at_least_one_point_per_step(path, height):
    cost = m.path_cost(path, height)
    if cost is not None:
        assert cost >= len(path) - 1
        assert m.path_cost(path, height, [True] * len(path)) == 2 * cost
