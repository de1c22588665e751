"""What the cards in play do to a campaign battle, checked where the engine reads it: the state it starts."""

from generator.dice.rng import Rng
from generator.systems import get_system
from generator.systems.bladeborn.campaign.effects import battle_inputs, choose_bearer, describe
from generator.systems.bladeborn.campaign.file import Held, Used
from generator.systems.bladeborn.campaign.play import advanced, seat_battle


def first_state(inputs):
    """The engine's first state of the battle these inputs seat, and seat -> campaign side."""
    battle, side_of = seat_battle(inputs, "test")
    state, _ = get_system("bladeborn").game.new_state(battle, Rng(1))
    return state, side_of


def fighters_of(state, side_of, side):
    seat = next(s for s, c in side_of.items() if c == side)
    return {f.name + ("" if f.id[1:] == "1" else f"#{f.id[1:]}"): f for f in state.fighters.values() if f.side == seat}


def with_next(loaded, **changes):
    camp = loaded.campaign.model_copy(deep=True)
    for key, value in changes.items():
        setattr(camp.next, key, value)
    return advanced(loaded, camp)


def convergence(loaded, aspirant, level, card, battle_card="Five Cairns", twist="Blood Moon"):
    deck = loaded.decks[aspirant]
    return with_next(loaded, kind="convergence", aspirant=aspirant, level=level, convergence=deck.card(level).name,
                     card=battle_card, twist=twist)


def test_an_artefact_of_power_changes_its_bearer_alone(campaign):
    """The Ember Crown: the bearer's weapons deal 1 more damage on each critical hit; the other
    fighters play as printed, and the booklet's card names the artefact in its rule box."""
    camp = campaign.campaign.model_copy(deep=True)
    camp.sides["a"].artefacts.append(Held(name="The Ember Crown", bearer="Soot-Runner"))
    inputs = battle_inputs(advanced(campaign, camp))
    played = {f.name: f for f in inputs.played["a"].fighters}
    assert played["Soot-Runner"].weapons[0].dmg_crit == 3 + 1
    assert played["Vashti Ember-Crowned"].weapons[0].dmg_crit == 5
    printed = {f.name: f for f in inputs.printed["a"].fighters}
    assert "The Ember Crown (artefact of power): weapons: critical damage +1." in printed["Soot-Runner"].rule
    assert printed["Vashti Ember-Crowned"].rule is None
    state, side_of = first_state(inputs)
    runner = next(f for f in state.fighters.values() if f.name == "Soot-Runner")
    assert runner.weapons[0].dmg_crit == 4


def test_a_convergence_rule_touches_the_side_it_names(campaign):
    """Walk Through Fire, Ann the aspirant: her fighters have 2 fewer Wounds, and their Range 1
    weapons deal 1 more critical damage (the Smoke-Caller has none, so only her Wounds change);
    Bo's warband plays as printed."""
    loaded = convergence(campaign, "a", "first", "Walk Through Fire")
    inputs = battle_inputs(loaded)
    a = {f.name: f for f in inputs.played["a"].fighters}
    assert (a["Vashti Ember-Crowned"].wounds, a["Vashti Ember-Crowned"].weapons[0].dmg_crit) == (18, 6)
    assert (a["Smoke-Caller"].wounds, a["Smoke-Caller"].weapons[0].dmg_crit) == (10, 4)
    smoke = next(f for f in inputs.printed["a"].fighters if f.name == "Smoke-Caller")
    assert smoke.rule == "Walk Through Fire (convergence): Wounds -2."
    assert [f.wounds for f in inputs.printed["b"].fighters] == [f.wounds for f in loaded.warbands["b"].fighters]


def test_a_convergence_applies_to_the_battle_as_a_twist_does_beside_the_twist(campaign):
    """The Ash Wind: fighters more than 3 hexes apart cannot see each other, on top of the battle's
    twist (Blood Moon: 1 more critical damage); the adversary's leader has 4 more Wounds."""
    inputs = battle_inputs(convergence(campaign, "a", "second", "The Ash Wind"))
    state, side_of = first_state(inputs)
    assert (state.rules.sight_range, state.rules.crit_bonus) == (3, 1)
    assert state.rules.twist == "Blood Moon + The Ash Wind"
    ilsk = fighters_of(state, side_of, "b")["Ilsk the Netmaster"]
    assert ilsk.wounds == 18 + 4


def test_a_convergence_adds_a_scoring_rule_and_changes_reserves(warbands):
    """The default deck: Blood Price scores 2 for a leader taken down; Eyes of the Everchosen lasts a
    round longer and the adversary keeps one fewer fighter in reserve (1 -> 0)."""
    from generator.systems.bladeborn.campaign.start import start_campaign

    stranger = warbands["a"].model_copy(update={"faction": "strangers"})
    loaded = start_campaign({"a": stranger, "b": warbands["b"]}, 3, {"a": "Ann", "b": "Bo"}).loaded
    assert loaded.decks["a"].default
    blood = battle_inputs(convergence(loaded, "a", "first", "Blood Price"))
    state, _ = first_state(blood)
    assert state.rules.points_for("slay_leader") == 2
    eyes = battle_inputs(convergence(loaded, "a", "final", "Eyes of the Everchosen"))
    state, side_of = first_state(eyes)
    seat_b = next(s for s, c in side_of.items() if c == "b")
    assert state.rules.reserve_count[seat_b] == 0
    assert state.rules.rounds == 3 + 1  # Five Cairns lasts 3 battle rounds


def test_a_lesser_artefact_that_grants_an_ability_gives_it_to_its_bearer_only(campaign):
    """Warhorn of the Wastes: the bearer may make a bonus move (an ability the engine already plays)."""
    camp = campaign.campaign.model_copy(deep=True)
    camp.sides["b"].lesser = ["Warhorn of the Wastes"]
    loaded = advanced(campaign, camp)
    inputs = battle_inputs(loaded, used={"b": [Used(name="Warhorn of the Wastes", bearer="Reed Stalker #2")]})
    state, side_of = first_state(inputs)
    stalkers = fighters_of(state, side_of, "b")
    names = {key: {a.name for a in f.abilities} for key, f in stalkers.items()}
    assert "Warhorn of the Wastes" in names["Reed Stalker#3"]  # the second Reed Stalker is the third fighter
    assert all("Warhorn of the Wastes" not in v for k, v in names.items() if k != "Reed Stalker#3")
    assert next(a for a in stalkers["Reed Stalker#3"].abilities if a.name == "Warhorn of the Wastes").effect == "bonus-move"


def test_no_number_leaves_the_card_limits(campaign):
    """Move is at most 8 hexes on a Bladeborn card: a bonus that would pass it stops there."""
    from generator.systems.bladeborn.campaign.cards import Effect
    from generator.systems.bladeborn.campaign.effects import changed_fighter

    runner = campaign.warbands["a"].fighters[2]
    fast = changed_fighter(changed_fighter(runner, Effect(kind="stats", move=3)), Effect(kind="stats", move=3))
    assert fast.movement == 8
    weak = changed_fighter(runner, Effect(kind="weapons", dmg_crit=-3))
    assert weak.weapons[0].dmg_crit == weak.weapons[0].dmg_hit  # a critical hit never deals less than a hit


def test_the_aspirant_takes_the_attackers_set_up(campaign):
    """On a card with an attacker and a defender, the aspirant attacks: the test is theirs to pass."""
    from generator.systems.bladeborn.campaign.steps import draw_battle

    seats = {"a": [], "b": []}
    for seed in range(60):
        camp = campaign.campaign.model_copy(update={"seed": seed})
        for aspirant in ("a", "b"):
            battle = draw_battle(camp, 2, aspirant, "first", campaign.decks)
            if battle.card in ("Ambush at Ashfall Pass", "Raid the Camp"):  # {a: attacker, b: defender}
                seats[aspirant].append(battle.seat_a)
    assert seats["a"] and set(seats["a"]) == {"a"}
    assert seats["b"] and set(seats["b"]) == {"b"}


def test_the_simulated_player_gives_an_artefact_to_the_fighter_it_helps_most(campaign):
    """Lure of the Deep fits a fighter with a ranged weapon: of the Stalkers who have one, the
    board points say who gains most from reaching a hex farther."""
    deck = campaign.decks["b"]
    lure = deck.card("first").back
    bearer = choose_bearer(campaign.warbands["b"], lure)
    assert bearer in ("Ilsk the Netmaster", "Reed Stalker #1", "Reed Stalker #2", "Mere-Archer")
    assert bearer != "Shell-Back Ogre"  # a club reaches 1 hex: the lure does nothing for it
    assert describe(lure.rules[0]) == "weapons of Range 2 or more: Range +1"
