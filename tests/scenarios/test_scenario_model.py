"""Scenario files: the five hand-written examples load, dump and load again; an edited file that
asks for something impossible is refused in one line naming the file, the line and the field."""

from pathlib import Path

import pytest
import yaml

from generator.content import check_file, load_file
from generator.errors import ContentError
from generator.resources import content_dir
from generator.scenarios.model import dump_scenario, load_scenario, save_scenario

EXAMPLES = sorted((content_dir() / "scenarios" / "examples").glob("*.yaml"))
ALTAR = content_dir() / "scenarios" / "examples" / "bladeborn-blood-on-the-altar.yaml"


def test_there_is_an_example_for_every_system():
    systems = {yaml.safe_load(p.read_text())["system"] for p in EXAMPLES}
    assert systems == {"bladeborn", "warcry", "gorechosen", "bladestorm", "sagaborn"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_each_example_validates_and_survives_a_dump(path, tmp_path):
    loaded = load_scenario(path)
    assert check_file(path) == []
    assert load_file(path).kind == "scenario"
    # every force is within its budget, and the board carries the scenario's set-up
    for side in ("a", "b"):
        assert loaded.costs[side] <= getattr(loaded.scenario.budgets, side)
    assert [o.cell for o in loaded.scenario.objectives] == loaded.board.objectives
    copy = tmp_path / "again.yaml"
    save_scenario(loaded, copy)
    again = load_scenario(copy)
    assert again.scenario == loaded.scenario
    assert dump_scenario(again.scenario) == copy.read_text()


def edited(tmp_path: Path, old: str, new: str, source: Path = ALTAR) -> Path:
    text = source.read_text()
    assert old in text, old
    bad = tmp_path / "scenario.yaml"
    bad.write_text(text.replace(old, new, 1))
    return bad


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize("old, new, field, says", [
    ("victory:\n  card: Blood on the Altar", "victory:\n  card: Blood on the Alter", "victory.card",
     "'Blood on the Alter' is not a bladeborn victory card; choose one of"),
    ('- {cell: "6,4", name: The Altar}', '- {cell: "16,4", name: The Altar}', "objectives[0].cell",
     "'16,4' is off the 13x10 board (cols 0-12, rows 0-9)"),
    ('start: ["2,0", "4,0", "8,0", "10,0"]', 'start: ["2,0", "4,0", "5,2", "10,0"]', "deployment.a.start[2]",
     "'5,2' is a blocked cell of the map"),
    ("budgets: {a: 540, b: 540}", "budgets: {a: 400, b: 540}", "forces.a",
     "costs 535 points, over its budget of 400 (budgets.a)"),
    ("effect: {kind: sight_limit, range: 3}", "effect: {kind: summon_dragon, range: 3}", "twist.effect.kind",
     "'summon_dragon' is not a twist effect the bladeborn engine can execute; choose one of"),
    ("effect: {kind: sight_limit, range: 3}", "effect: {kind: kingslayer, extra_cards: 2}", "twist.effect.kind",
     "(it is a gorechosen twist effect)"),
    ("effect: {kind: sight_limit, range: 3}", "effect: {kind: sight_limit, range: far}", "twist.effect.range",
     "'far' is not a whole number"),
    ("rounds: 4", "rounds: 9", "victory.rounds", "9 is above the bladeborn limit of 8 rounds"),
    ("tie: most_fighters", "tie: defender", "victory.tie", "'defender' needs a side with role: defender"),
    ("- {kind: hold_centre, points: 2}", "- {kind: hold_relic, points: 2}", "victory.scoring[0].kind",
     "'hold_relic' is not a scoring rule the bladeborn engine can execute"),
])
def test_an_edited_scenario_is_refused_in_one_line(tmp_path, old, new, field, says):
    bad = edited(tmp_path, old, new)
    with pytest.raises(ContentError) as err:
        load_scenario(bad)
    message = str(err.value)
    assert "\n" not in message
    where = message.split(": ", 1)[0]
    assert where.startswith(str(bad)) and where.rsplit(":", 1)[1].isdigit()
    assert f": {field}: " in message and says in message


def test_the_error_points_at_the_line_that_was_edited(tmp_path):
    bad = edited(tmp_path, '- {cell: "6,4", name: The Altar}', '- {cell: "16,4", name: The Altar}')
    with pytest.raises(ContentError, match=rf"scenario.yaml:{line_of(bad, '16,4')}: objectives\[0\].cell"):
        load_scenario(bad)


def test_a_roster_that_no_longer_validates_names_its_field(tmp_path):
    bad = edited(tmp_path, "      toughness: 5\n", "      toughness: 55\n")
    with pytest.raises(ContentError, match=r"forces\.a\.fighters\[0\]\.toughness: 55 is above the maximum"):
        load_scenario(bad)


def test_a_balance_block_must_add_up(tmp_path):
    bad = edited(tmp_path, "  wins_a: 107", "  wins_a: 108")
    with pytest.raises(ContentError, match="balance: wins_a \\+ wins_b \\+ draws = 201, but games is 200"):
        load_scenario(bad)


def test_a_named_map_is_looked_up_and_an_unknown_one_refused(tmp_path):
    data = yaml.safe_load(ALTAR.read_text())
    data["map"] = "drawn-and-quartered"
    good = tmp_path / "named.yaml"
    good.write_text(yaml.safe_dump(data))
    assert load_scenario(good).board.width == 13
    data["map"] = "atlantis"
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data))
    with pytest.raises(ContentError, match="map: 'atlantis' is not a known map; .*drawn-and-quartered"):
        load_scenario(bad)


def test_an_invalid_scenario_is_never_saved(tmp_path):
    loaded = load_scenario(ALTAR)
    broken = loaded.scenario.model_copy(update={"budgets": loaded.scenario.budgets.model_copy(update={"a": 10})})
    target = tmp_path / "out.yaml"
    with pytest.raises(ContentError, match="budgets.a"):
        save_scenario(broken, target)
    assert list(tmp_path.iterdir()) == []


def test_the_balance_block_takes_the_balance_commands_json():
    from generator.scenarios.model import Balance

    out = {"system": "bladeborn", "seed": 9, "sides": [], "games": 400, "wins_a": 190, "wins_b": 180, "draws": 30,
           "win_rate_a": 0.5125, "ci95": [0.46, 0.56], "verdict": "balanced", "balanced": True,
           "stopped_early": True, "max_battles": 4000, "looks": [100, 400], "band": [0.45, 0.55], "mean_rounds": 3.61}
    block = Balance.from_json(out)
    assert block.games == 400 and block.mean_rounds == 3.61 and block.verdict == "balanced" and block.band == (0.45, 0.55)


def test_the_balance_block_keeps_the_seats_and_reads_how_the_set_up_leans():
    """Seats alternate, so the force strengths cancel in the set-up's score: here side A won
    120 of 200 from set-up A and 80 of 200 from set-up B, so set-up A itself scored
    (120 + 120) / 400 = 60%, while side A's own score is an even 50%."""
    from generator.scenarios.model import Balance

    out = {"games": 400, "wins_a": 200, "wins_b": 200, "draws": 0, "win_rate_a": 0.5, "ci95": [0.45, 0.55],
           "balanced": False, "seed": 1,
           "by_seat": {"a_in_seat_a": {"wins_a": 120, "wins_b": 80, "draws": 0},
                       "a_in_seat_b": {"wins_a": 80, "wins_b": 120, "draws": 0}}}
    rate, (low, high), games = Balance.from_json(out).setup_a_score()
    assert rate == 0.6 and games == 400 and 0.55 < low < 0.6 < high < 0.65
    assert Balance.from_json({k: v for k, v in out.items() if k != "by_seat"}).setup_a_score() is None
    wrong = {**out, "by_seat": {**out["by_seat"], "a_in_seat_b": {"wins_a": 81, "wins_b": 120, "draws": 0}}}
    with pytest.raises(ValueError, match=r"by_seat adds up to wins_a, wins_b, draws = \[201, 200, 0\]"):
        Balance.from_json(wrong)
