"""The TPC model against the book's anchors, and the properties a price list needs."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from generator.content import load_file
from generator.resources import content_dir
from generator.systems.bladestorm import cost
from generator.systems.bladestorm.build import Choices, calculate


def test_scale_is_the_calibrated_value():
    assert cost.SCALE == pytest.approx(cost.calibrate(), abs=0.01)


def test_the_book_anchors_within_five_percent():
    rows = {label: (book, model, ratio) for label, book, model, ratio in cost.anchor_table()}
    assert rows["default medium human, no weapon"][1] == pytest.approx(50)
    for label in ("Sea-Troll", "Cro + Argh + Montu"):
        assert abs(rows[label][2] - 1) <= cost.ANCHOR_TOLERANCE, (label, rows[label])
    # The Goblins together still cost more than the Troll, as in the book (636 vs 480).
    assert rows["Cro + Argh + Montu"][1] > rows["Sea-Troll"][1]


def test_the_example_test_of_arms_sides_are_even_and_their_cards_are_current():
    totals = {}
    for name in ("example-test-of-arms-outriders.yaml", "example-test-of-arms-wardens.yaml"):
        roster = load_file(content_dir() / "bladestorm" / name).model
        assert roster.example
        priced = cost.price(roster.combatants)
        # Each card's stored TPC is the model's own figure (not just read back from the card).
        assert [p.model for p in priced] == [c.tpc for c in roster.combatants]
        totals[name] = sum(p.cost for p in priced)
        assert roster.tpc == totals[name]
    assert set(totals.values()) == {475}


def test_reference_opponent_is_the_random_tables():
    ref = cost.reference()
    assert sum(p for _, p in ref.defenses) == 1
    assert sum(p for _, _, p in ref.attacks) == 1
    # Race odds on 2D6: Orc 2-4 = 6/36, Human 5-10 = 27/36, Troll 11-12 = 3/36; a Troll with the
    # best large Defense roll (11, +4) is the only way to 15.
    assert dict(ref.defenses)[15] == Fraction(3, 36) * Fraction(1, 36)


def test_expected_damage_matches_brute_force():
    """Montu's 3D6-1, High+2 against the Troll's Defense 10, enumerated die by die."""
    total = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=3):
        if sum(faces) - 1 > 10:
            high = max(faces)
            total += Fraction(high * faces.count(high) + 2, 216)
    assert cost._expected("3D6-1", 10, "High+2") == pytest.approx(float(total), abs=1e-12)


def test_every_breakdown_adds_up_and_says_tpc(cards):
    for priced in cost.price(list(cards.values())):
        assert priced.unit == "TPC"
        assert sum(priced.breakdown.values()) == priced.cost
        assert list(priced.breakdown)[:5] == ["base", "movement", "defense", "endurance", "weapon"]


def test_a_printed_tpc_is_the_cost_and_the_model_rides_beside_it(cards):
    """The book's Sea-Troll card says 480: that is its cost everywhere; the model says 485."""
    [troll] = cost.price([cards["Sea-Troll"]])
    assert troll.cost == troll.book == 480
    assert troll.model == round(cost.worth(cards["Sea-Troll"].model_copy(update={"tpc": None})))
    assert troll.model != 480 and troll.breakdown["printed TPC"] == 480 - troll.model
    assert troll.label() == f"480 (book 480, model {troll.model:g})"
    [cro] = cost.price([cards["Cro"]])  # no printed TPC of his own: the model's figure
    assert cro.book is None and cro.cost == cro.model


def test_a_rosters_printed_total_is_the_sides_cost(goblins, troll):
    from generator.systems import get_system
    from generator.systems.base import side_cost

    system = get_system("bladestorm")
    gob = side_cost(system, goblins)
    assert gob.total == 636 and gob.printed == 636
    assert gob.model == sum(p.cost for p in gob.priced) != 636
    assert side_cost(system, troll).total == 480


# -- the book's combatants, built with the calculator ---------------------------------------

BOOK_BUILDS = {
    # name: (calculator choices, the card's printed stats: move, attack, damage, defense, endurance)
    "Sea-Troll": (Choices(race="troll", movement=7, defense=6, endurance=39, attack_bonus=1,
                          weapons=["broadsword:Large Claws"], name="Sea-Troll"), (7, "3D6+4", "High+2", 10, 51)),
    "Cro": (Choices(race="orc", movement=6, defense=9, endurance=17, attack_bonus=4,
                    weapons=["two-handed-sword"], name="Cro"), (6, "2D6+D10+3", "High+Low+2", 9, 18)),
    "Argh": (Choices(race="human", movement=5, defense=7, endurance=10,
                     weapons=["broadsword:Scimitar"], name="Argh"), (5, "3D6-2", "High+2", 7, 10)),
    "Montu": (Choices(race="orc", movement=5, defense=7, endurance=9,
                      weapons=["broadsword:Scimitar"], name="Montu"), (5, "3D6-1", "High+2", 7, 10)),
}


@pytest.mark.parametrize("name", list(BOOK_BUILDS))
def test_the_calculator_builds_each_book_combatant(name, cards):
    choices, printed = BOOK_BUILDS[name]
    card, priced = calculate(choices)
    assert (card.movement, card.melee_attack, card.melee_damage, card.defense, card.endurance) == printed
    book = cards[name]
    assert (book.movement, book.melee_attack, book.melee_damage, book.defense, book.endurance) == printed
    assert sum(priced.breakdown.values()) == priced.cost == card.tpc
    if name == "Sea-Troll":
        assert abs(priced.cost / 480 - 1) <= cost.ANCHOR_TOLERANCE, priced.cost


def test_the_calculators_goblins_add_up_to_the_books_636():
    total = sum(calculate(BOOK_BUILDS[n][0])[1].cost for n in ("Cro", "Argh", "Montu"))
    assert abs(total / 636 - 1) <= cost.ANCHOR_TOLERANCE, total


# -- every increase costs something ----------------------------------------------------------

SIZES = ["small", "medium", "large", "huge"]


@st.composite
def calculator_choices(draw):
    from generator.systems.bladestorm.models import builtin_tables

    tables = builtin_tables()
    size = draw(st.sampled_from(SIZES))
    rule = tables.sizes[size]
    stats = {stat: draw(st.integers(*rule.stats[stat])) for stat in ("movement", "defense", "endurance")}
    weapons = draw(st.lists(st.sampled_from(list(tables.weapons.by_key())), min_size=0, max_size=3, unique=True))
    skills = {}
    if weapons:
        skills = {
            "attack_bonus": draw(st.integers(*tables.calculator.attack_bonus)),
            "damage_bonus": draw(st.integers(*tables.calculator.damage_bonus)),
            "extra_dice": draw(st.integers(0, rule.extra_attack_dice)),
        }
    return Choices(race=draw(st.sampled_from(list(tables.races))), size=size, weapons=weapons, **stats, **skills)


def _raised(choices, field):
    from generator.systems.bladestorm.models import builtin_tables

    tables = builtin_tables()
    rule = tables.sizes[choices.size]
    top = {
        "movement": rule.stats["movement"][1], "defense": rule.stats["defense"][1],
        "endurance": rule.stats["endurance"][1], "attack_bonus": tables.calculator.attack_bonus[1],
        "damage_bonus": tables.calculator.damage_bonus[1], "extra_dice": rule.extra_attack_dice,
    }[field]
    value = getattr(choices, field)
    if value >= top or (field in ("attack_bonus", "damage_bonus", "extra_dice") and not choices.weapons):
        return None
    return Choices(**{**choices.__dict__, field: value + 1, "weapons": list(choices.weapons)})


@settings(max_examples=150, deadline=None)
@given(calculator_choices(), st.sampled_from(["movement", "defense", "endurance", "attack_bonus", "damage_bonus", "extra_dice"]))
def test_raising_any_stat_or_skill_raises_the_whole_tpc(choices, field):
    """11.3: "Advancing the stats will inevitably increase the TPC" -- the printed whole number,
    on any size, with or without a weapon."""
    raised = _raised(choices, field)
    if raised is None:
        return
    assert calculate(raised)[1].cost > calculate(choices)[1].cost


@settings(max_examples=60, deadline=None)
@given(calculator_choices(), st.sampled_from(["club", "mace", "short-sword", "broadsword", "warhammer", "battleaxe"]))
def test_every_further_weapon_raises_the_tpc(choices, extra):
    if len(choices.weapons) >= 3 or extra in choices.weapons:
        return
    more = Choices(**{**choices.__dict__, "weapons": [*choices.weapons, extra]})
    assert calculate(more)[1].cost > calculate(choices)[1].cost


def test_maximum_stats_a_step_of_movement_and_an_attack_bonus_are_priced():
    # An unarmed human at the maximum stats costs more than the default 50.
    assert calculate(Choices(movement=13, defense=13, endurance=17))[1].cost > 50
    # Move 5 -> 6 with a club costs something.
    assert calculate(Choices(weapons=["club"], movement=6))[1].cost > calculate(Choices(weapons=["club"]))[1].cost
    # A Melee Attack Bonus moves only its own item (and nothing before it).
    plain = calculate(Choices(race="troll", weapons=["battleaxe"], movement=9, defense=9, endurance=36))[1].breakdown
    bonus = calculate(Choices(race="troll", weapons=["battleaxe"], movement=9, defense=9, endurance=36,
                              attack_bonus=1))[1].breakdown
    assert {k: bonus[k] for k in plain} == plain
    assert bonus["attack bonus"] > 1


@settings(max_examples=40, deadline=None)
@given(calculator_choices())
def test_items_are_what_each_choice_adds(choices):
    """Each item is the price of the card built up to that choice minus the one before it."""
    card, priced = calculate(choices)
    assert sum(priced.breakdown.values()) == priced.cost
    stats = cost.stat_items(card)
    assert priced.breakdown["base"] == 50
    without_weapons = card.model_copy(update={"weapons": [], "melee_attack": None, "melee_damage": None, "tpc": None})
    # Everything before the weapons is exactly the unarmed card's price.
    before = sum(v for k, v in priced.breakdown.items() if k in ("base", *stats))
    assert before == cost.whole(cost.worth(without_weapons))


def test_a_second_weapon_never_lowers_the_price():
    one = cost.worth(calculate(Choices(weapons=["short-sword"]))[0])
    two = cost.worth(calculate(Choices(weapons=["short-sword", "battleaxe"]))[0])
    assert two >= one + 1


def test_skills_need_a_weapon():
    from generator.errors import SkirmishError

    with pytest.raises(SkirmishError, match="--attack-bonus 1 does nothing without a weapon"):
        calculate(Choices(attack_bonus=1))
    with pytest.raises(SkirmishError, match="--weapon club is given twice"):
        calculate(Choices(weapons=["club", "club"]))
