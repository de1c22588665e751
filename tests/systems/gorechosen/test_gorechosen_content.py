"""The built-in content loads, and bad champions are refused with the field and the limit."""

from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from generator.content import load_file
from generator.errors import ContentError
from generator.resources import content_dir
from generator.systems import get_system
from generator.systems.gorechosen import data
from generator.systems.gorechosen.models import Champion, CriticalDeck, HealthTrack, Side

FILES = sorted((content_dir() / "gorechosen").glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_builtin_file_loads(path):
    loaded = load_file(path)
    assert loaded.system == "gorechosen"


def test_the_book_components():
    assert sum(c.copies for c in data.action_deck().cards) == 24
    assert data.action_deck().hand == 5
    assert len(data.critical_deck().expanded()) == 12
    assert data.wrath_track().initiative_cards == 4


def test_the_printed_profiles():
    champions = {c.name: c for c in data.book_champions().champions}
    assert len(champions) == 8
    tark, fexgor = champions["Tark Gruelgore"], champions["Fexgor the Flayer"]
    atorg, hagreth = champions["Atorg Bloodbringer"], champions["Hagreth Doomhand"]
    printed = lambda side: sorted((p.to_hit, p.wounds) for p in side.profiles.values())
    assert printed(tark.healthy) == [(3, 3), (4, 1)] and printed(tark.wounded) == [(4, 3), (5, 1)]
    assert printed(fexgor.healthy) == [(2, 2), (3, 3)] and printed(fexgor.wounded) == [(3, 2), (5, 3)]
    assert printed(atorg.healthy) == [(3, 3)] and printed(atorg.wounded) == [(4, 2)]
    assert printed(hagreth.healthy) == [(3, 2), (3, 3)]
    for name in ("Tark Gruelgore", "Fexgor the Flayer", "Atorg Bloodbringer", "Hagreth Doomhand"):
        assert champions[name].source == "book"
    for name in ("Redarg Bloodfane", "Heldrax Goretouched", "Vexnar the Reaper", "Kore Hammerskull"):
        assert champions[name].source == "ours"


def test_example_rosters_are_marked_as_examples():
    for name in ("example_brass_pit.yaml", "example_cinder_arena.yaml"):
        roster = load_file(content_dir() / "gorechosen" / name).model
        assert len(roster.champions) >= 2
        assert all(c.source == "example" for c in roster.champions)


def _tark_dict():
    return data.book_champions().champions[4].model_dump(mode="json")


def test_a_bad_to_hit_is_refused_with_its_bounds():
    bad = _tark_dict()
    bad["healthy"]["profiles"]["near"]["to_hit"] = 7
    with pytest.raises(ValidationError) as err:
        Champion.model_validate(bad)
    assert "less than or equal to 6" in str(err.value)


def test_kill_zone_problems():
    profiles = {"near": {"to_hit": 3, "wounds": 2}}
    with pytest.raises(ValidationError, match="own hex"):
        Side.model_validate({"profiles": profiles, "kill_zone": [{"q": 0, "r": 0, "band": "near"}]})
    with pytest.raises(ValidationError, match="has no attack profile: choose one of near"):
        Side.model_validate({"profiles": profiles, "kill_zone": [{"q": 0, "r": -1, "band": "far"}]})
    with pytest.raises(ValidationError, match="listed twice"):
        Side.model_validate({"profiles": profiles, "kill_zone": [{"q": 0, "r": -1, "band": "near"}] * 2})
    with pytest.raises(ValidationError, match="maximum reach is 3"):
        Side.model_validate({"profiles": profiles, "kill_zone": [{"q": 0, "r": -4, "band": "near"}]})


def test_wounded_box_cannot_be_the_bottom_space():
    with pytest.raises(ValidationError, match="5 is above the maximum 4 for a track of 5 spaces"):
        HealthTrack(length=5, wounded_boxes=[5])


def test_the_health_marker_may_start_no_lower_than_the_space_above_the_bottom():
    assert HealthTrack(length=5, wounded_boxes=[2], start=4).start == 4
    with pytest.raises(ValidationError, match="5 is above the maximum 4 for a track of 5 spaces"):
        HealthTrack(length=5, wounded_boxes=[2], start=5)
    with pytest.raises(ValidationError):
        HealthTrack(length=5, wounded_boxes=[2], start=0)


def test_typos_are_caught():
    bad = _tark_dict()
    bad["helth"] = bad.pop("health")
    with pytest.raises(ValidationError):
        Champion.model_validate(bad)


def test_a_malformed_roster_lists_every_problem_with_its_line(tmp_path: Path):
    roster = yaml.safe_load((content_dir() / "gorechosen" / "champions.yaml").read_text())
    roster["champions"] = roster["champions"][:2]
    roster["champions"][0]["healthy"]["profiles"]["near"]["to_hit"] = 9
    roster["champions"][1]["health"]["wounded_boxes"] = [5]
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(roster, sort_keys=False))
    with pytest.raises(ContentError) as err:
        load_file(path)
    problems = "\n".join(err.value.problems)
    assert "champions[0].healthy.profiles.near.to_hit" in problems
    assert "champions[1].health.wounded_boxes" in problems
    assert all(":" in p and "bad.yaml:" in p for p in err.value.problems)


def test_system_record():
    system = get_system("gorechosen")
    assert system.cost_unit == "rating"
    assert set(system.content_models) >= {"roster", "action_deck", "critical_deck", "wrath_track"}
    roster = data.book_champions()
    assert [c.name for c in system.combatants(roster)][0] == "Redarg Bloodfane"
    text = system.describe(roster.champions[0])
    assert "Redarg Bloodfane" in text and "Rating:" in text
    priced = system.price(roster.champions)
    assert all(p.unit == "rating" for p in priced)
    assert all(abs(sum(p.breakdown.values()) - p.cost) < 0.11 for p in priced)


def test_a_deck_whose_copies_do_not_add_up_is_refused():
    """The book's Critical Injury deck has 12 cards: a file listing 13 copies is caught."""
    deck = data.critical_deck().model_dump()
    deck["cards"][0]["copies"] += 1
    with pytest.raises(ValidationError, match="add up to 13 copies; the deck must hold exactly 12"):
        CriticalDeck.model_validate(deck)


def test_the_card_names_the_wounded_spaces_in_words():
    from generator.systems.gorechosen.describe import describe, health_line

    tark = next(c for c in data.book_champions().champions if c.name == "Tark Gruelgore")
    assert health_line(tark) == "Health track: 5 spaces; Wounded once space 2 is covered"
    two = tark.model_copy(update={"health": HealthTrack(length=6, wounded_boxes=[4, 2])})
    assert health_line(two) == "Health track: 6 spaces; Wounded once any of spaces 2, 4 is covered"
    lower = tark.model_copy(update={"health": HealthTrack(length=5, wounded_boxes=[2], start=3)})
    assert health_line(lower) == ("Health track: 5 spaces; Wounded once space 2 is covered; "
                                  "the Health marker starts on space 3 (2 wounds down)")
    card = describe(tark)
    assert "Healthy - near: 3+ to hit, 3 wounds; far: 4+ to hit, 1 wound;" in card
    assert "\nRating: " in card


def test_the_wounded_assumption_is_printed_in_players_words_and_reasoned_in_the_docs():
    """The book is silent on when a champion turns Wounded: the card says what to do in a
    player's words; the data and the docs say it is our reading and why."""
    from generator.resources import content_dir, templates_dir

    card = (templates_dir() / "cards" / "gorechosen.svg.j2").read_text(encoding="utf-8")
    assert "W: once covered, use your Wounded side" in card and "our reading" not in card
    docs = (content_dir().parent / "docs" / "rating-gorechosen.md").read_text(encoding="utf-8")
    assert "When a champion becomes Wounded is our assumption" in docs
    note = (content_dir() / "gorechosen" / "champions.yaml").read_text(encoding="utf-8")
    assert "The book never says when a champion becomes Wounded" in note


# -- the effect vocabulary: every printed ability is played, or marked flavour-only ---------------


def _roster_with(tmp_path: Path, **changes) -> Path:
    """The book's Tark as a one-champion roster file, with fields of his card replaced."""
    roster = yaml.safe_load((content_dir() / "gorechosen" / "champions.yaml").read_text())
    tark = next(c for c in roster["champions"] if c["name"] == "Tark Gruelgore")
    for key, value in changes.items():
        if value is None:
            tark.pop(key, None)
        else:
            tark[key] = value
    roster["champions"] = [tark]
    path = tmp_path / "tark.yaml"
    path.write_text(yaml.safe_dump(roster, sort_keys=False))
    return path


def test_an_ability_the_engine_cannot_play_is_a_load_error_naming_file_field_and_vocabulary(tmp_path):
    path = _roster_with(tmp_path, unique_action={"name": "Fly", "text": "Fly away.", "kind": "other"})
    with pytest.raises(ContentError) as err:
        load_file(path)
    first = err.value.problems[0]
    assert first.startswith(f"{path}:") and "champions[0].unique_action" in first
    assert "'other' is not in the Gorechosen effect vocabulary" in first and "attack, scourge, portal" in first
    assert "flavour: true" in first and "\n" not in first
    path = _roster_with(tmp_path, fate=None)
    with pytest.raises(ContentError, match=r"champions\[0\]\.fate: .*no kind: say what this Fate of the Slain does with one of none"):
        load_file(path)
    path = _roster_with(tmp_path, unique_rule={"name": "Hide", "text": "Tough.", "kind": "thick_hide", "params": {"armour": 1}})
    with pytest.raises(ContentError, match=r"params\.armour: thick_hide takes no 'armour'; its params: wounds"):
        load_file(path)
    path = _roster_with(tmp_path, unique_action={"name": "Big", "text": "Big.", "kind": "attack", "params": {"dice": 9}})
    with pytest.raises(ContentError, match=r"params\.dice: 9 is outside 1 to 8 for attack"):
        load_file(path)


def test_the_command_line_says_it_in_one_line_with_exit_2(tmp_path):
    import subprocess
    import sys

    path = _roster_with(tmp_path, unique_rule={"name": "Whatever", "text": "Something.", "kind": "text"})
    run = subprocess.run([sys.executable, "-m", "generator", "show", str(path)], capture_output=True, text=True)
    assert run.returncode == 2
    line = run.stderr.strip()
    assert len(line.splitlines()) == 1 and "champions[0].unique_rule" in line and "effect vocabulary" in line
    assert "Traceback" not in run.stderr


def test_a_flavour_only_ability_loads_is_counted_and_never_played(tmp_path):
    from generator.layout.cards.gorechosen import card_view
    from generator.systems.gorechosen.game import make_battle, scene
    from test_gorechosen_game import Dice, N, S

    path = _roster_with(tmp_path, unique_action={"name": "Glare", "text": "He glares.", "flavour": True},
                        fate={"flavour": True})
    roster = load_file(path).model
    tark = roster.champions[0]
    assert tark.unique_action.played is None and tark.fate.played is None
    assert tark.not_simulated == ["Tark Gruelgore: Glare", "Tark Gruelgore: Fate of the Slain"]
    assert roster.not_simulated == tark.not_simulated
    assert data.book_champions().not_simulated == []  # every shipped ability is played
    view = card_view(tark)
    assert view["unique_action"]["flavour"] and view["fate"]["flavour"] and not view["unique_rule"]["flavour"]
    battle = make_battle([tark], [data.book_champions().champions[1]], {})
    state = scene(battle, Dice(), {"a1": ("4,6", N), "b1": ("4,5", S)}, hands={"a1": ["Stalk", "Fall Back", "Blood Rage"]})
    state.play_turn("a1")
    assert not any(a[0] == "unique" for a in state.legal_actions())
    with pytest.raises(ContentError, match="a flavour-only unique action has no kind or params"):
        load_file(_roster_with(tmp_path, unique_action={"name": "Glare", "text": "x", "flavour": True, "kind": "wrath"}))


def test_every_kind_of_the_vocabulary_is_used_by_a_shipped_card_or_tested():
    """The vocabulary is no longer than what the cards need: each kind appears on a shipped
    champion or in the builder's tables."""
    from generator.content import load_file as load
    from generator.systems.gorechosen import effects

    champions = [c for name in ("champions.yaml", "example_brass_pit.yaml", "example_cinder_arena.yaml")
                 for c in load(content_dir() / "gorechosen" / name).model.champions]
    tables = data.builder_tables()
    actions = {c.unique_action.kind for c in champions} | {a.kind for a in tables.unique_actions}
    rules = {c.unique_rule.kind for c in champions} | {r.kind for r in tables.unique_rules}
    fates = {c.fate.kind for c in champions} | {f.fate.kind for f in tables.fates}
    assert set(effects.ACTIONS) - actions == {"move"}  # kept for a roster's own cards (tested in the engine tests)
    assert set(effects.RULES) == rules
    assert set(effects.FATES) == fates
